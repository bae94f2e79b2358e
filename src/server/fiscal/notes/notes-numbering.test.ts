// 'Numeração' and the accountant's package through the API: the skipped numbers found as
// runs per series; their inutilização signed (valid against inutNFe_v4.00.xsd, verified by
// xmlsec1) and kept homologada with its protocol or rejeitada with SEFAZ's reason; numbers
// with a note, already voided or not reached refused; and the month's ZIP, read back with
// Debian's unzip: every authorized note's nfeProc, the cancel's procEventoNFe and the
// inutilização's procInutNFe valid against the official schemas, and the CSV summary.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalInutilizations, fiscalNotes } from '../../db/schema';
import { NO_STORE, storeRows, useTestStore } from '../../test/helpers';
import { databases } from '../../test/testDb';
import { removeA1Files } from '../test/a1-files';
import { insertNote, setUpEmitter } from '../test/note-fixtures';
import { scriptedSefazEvents } from '../test/scripted-sefaz-events';
import { writeMonthExport } from './notes-export';
import {
  removeWrittenDocuments,
  requireTools,
  schemaFailures,
  SCHEMAS,
  verifySignature,
  writeDocuments,
} from '../test/xml-tools';

const JUST = 'Números saltados por falha do caixa';
const scratch = mkdtempSync(join(tmpdir(), 'balcao-notes-zip-'));

describe.each(databases())("'Notas Fiscais': numbering, inutilização and the month's ZIP (%s)", (kind) => {
  let { ctx, http, tenantId, admin, cashier } = NO_STORE;
  let caPath = '';
  const sefaz = scriptedSefazEvents();
  useTestStore(kind, (store) => ({ ctx, http, tenantId, admin, cashier } = store), {}, { sefaz });
  beforeAll(async () => {
    requireTools();
    caPath = await setUpEmitter(http, admin);
  });
  afterAll(() => {
    removeA1Files();
    removeWrittenDocuments();
  });
  const keyed = (token = admin) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });
  const voidNumbers = (series: number, first: number, last: number, token = admin) =>
    http.post('/api/fiscal/inutilizations', { series, first, last, justification: JUST }, keyed(token));
  const gaps = async () => {
    const res = await http.get('/api/fiscal/gaps', { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.gaps;
  };

  it('finds the skipped runs of each series and voids them with SEFAZ; a number with a note cannot be voided', async () => {
    const at = new Date('2026-10-15T15:00:00Z');
    for (const number of [1, 2, 5, 9]) await insertNote(ctx.db, tenantId, { number, at });
    await insertNote(ctx.db, tenantId, { number: 3, series: 2, at });
    expect((await http.get('/api/fiscal/gaps', { token: cashier })).status).toBe(403);
    expect((await voidNumbers(1, 3, 4, cashier)).status).toBe(403);
    expect(await gaps()).toEqual([
      { series: 1, first: 3, last: 4 },
      { series: 1, first: 6, last: 8 },
      { series: 2, first: 1, last: 2 },
    ]);

    const withNote = await voidNumbers(1, 4, 5);
    expect(withNote.status).toBe(400);
    expect(withNote.body.error).toBe(
      'O número 5 da série 1 tem nota (autorizada) e não pode ser inutilizado. Só números saltados, sem nota, podem.',
    );
    const ahead = await voidNumbers(1, 10, 12);
    expect(ahead.status).toBe(400);
    expect(ahead.body.error).toContain('ainda não chegou a esse número (o próximo é 10)');
    const backwards = await voidNumbers(1, 4, 3);
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toContain('O último número deve ser maior ou igual ao primeiro');

    const done = await voidNumbers(1, 3, 4);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.data).toMatchObject({ series: 1, first: 3, last: 4, status: 'homologada', cstat: 102, justification: JUST }); // prettier-ignore
    expect(done.body.data.protocol).toMatch(/^\d{15}$/);
    const sent = sefaz.received.at(-1)!;
    expect(sent.kind).toBe('inutilization');
    const [path] = writeDocuments([sent.xml], 'inut');
    expect(schemaFailures([path!], SCHEMAS.inutNFe)).toEqual([]);
    expect(verifySignature(path!, caPath).ok).toBe(true);
    expect(sent.xml).toContain('<mod>65</mod><serie>1</serie><nNFIni>3</nNFIni><nNFFin>4</nNFFin>');
    expect(await gaps()).toEqual([
      { series: 1, first: 6, last: 8 },
      { series: 2, first: 1, last: 2 },
    ]);
    const twice = await voidNumbers(1, 4, 4);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('Os números de 3 a 4 da série 1 já foram inutilizados.');

    sefaz.script.inutilizations.push({ cstat: 241, reason: 'Rejeição: Um número da faixa já foi utilizado' }, 'silent');
    const refused = await voidNumbers(1, 6, 8);
    expect(refused.status).toBe(201);
    expect(refused.body.data).toMatchObject({ status: 'rejeitada', cstat: 241, protocol: null });
    expect(refused.body.data.reason).toBe('Rejeição: Um número da faixa já foi utilizado');
    // SEFAZ silent: the attempt is kept in doubt (it may have voided them), not offered as a gap.
    const silent = await voidNumbers(1, 6, 8);
    expect(silent.status, JSON.stringify(silent.body)).toBe(201);
    expect(silent.body.data).toMatchObject({ status: 'pendente', first: 6, last: 8, protocol: null, cstat: null });
    expect(silent.body.data.reason).toContain('A SEFAZ não respondeu: a inutilização ficou em dúvida');
    const firstBytes = sefaz.received.at(-1)!.xml;
    const numbering = (await http.get('/api/fiscal/gaps', { token: admin })).body.data;
    expect(numbering.gaps).not.toContainEqual({ series: 1, first: 6, last: 8 });
    expect(numbering.in_doubt).toEqual([expect.objectContaining({ id: silent.body.data.id, series: 1, first: 6, last: 8, status: 'pendente' })]); // prettier-ignore
    // Another range over it waits for it: nothing is sent.
    const sentBefore = sefaz.received.length;
    const crossing = await voidNumbers(1, 7, 7);
    expect(crossing.status).toBe(409);
    expect(crossing.body.error).toBe(
      'Os números de 6 a 8 da série 1 têm uma inutilização em dúvida (a SEFAZ não respondeu). Tente de novo essa faixa em Numeração antes de inutilizar outra sobre ela.',
    );
    expect(sefaz.received.length).toBe(sentBefore);
    // Tried again: the same bytes; SEFAZ says the range was voided (the lost answer): the same row, homologada.
    sefaz.script.inutilizations.push({ cstat: 563, reason: 'Rejeição: Já existe pedido de Inutilização com a mesma faixa de inutilização [nProt:135260000099999]' }); // prettier-ignore
    const again = await voidNumbers(1, 6, 8);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.data).toMatchObject({ id: silent.body.data.id, status: 'homologada', cstat: 563, protocol: '135260000099999' }); // prettier-ignore
    expect(sefaz.received.at(-1)!.xml).toBe(firstBytes);
    expect((await http.get('/api/fiscal/gaps', { token: admin })).body.data.in_doubt).toEqual([]);
    expect(await gaps()).not.toContainEqual({ series: 1, first: 6, last: 8 });
    const kept = await storeRows(ctx.db, tenantId, fiscalInutilizations);
    expect(kept.map((r) => r.status).sort()).toEqual(['homologada', 'homologada', 'rejeitada']);
  });

  it("a retry SEFAZ answers 102 (it never got the first) or 256; a first attempt's 256 stays refused", async () => {
    const at = new Date('2026-10-16T15:00:00Z');
    for (const number of [1, 9]) await insertNote(ctx.db, tenantId, { number, at, series: 3 });
    sefaz.script.inutilizations.push('silent');
    const lost = await voidNumbers(3, 2, 3);
    expect(lost.body.data.status).toBe('pendente');
    const again = await voidNumbers(3, 2, 3);
    expect(again.body.data).toMatchObject({ id: lost.body.data.id, status: 'homologada', cstat: 102 });
    expect(again.body.data.protocol).toMatch(/^\d{15}$/);

    sefaz.script.inutilizations.push('silent', { cstat: 256, reason: 'Rejeição: Uma NF-e da faixa já está inutilizada na Base de dados da SEFAZ' }); // prettier-ignore
    const lost2 = await voidNumbers(3, 4, 5);
    const again2 = await voidNumbers(3, 4, 5);
    // Voided by the attempt whose answer was lost; SEFAZ gives no protocol here.
    expect(again2.body.data).toMatchObject({ id: lost2.body.data.id, status: 'homologada', cstat: 256, protocol: null }); // prettier-ignore

    sefaz.script.inutilizations.push({ cstat: 256, reason: 'Rejeição: Uma NF-e da faixa já está inutilizada na Base de dados da SEFAZ' }); // prettier-ignore
    const fresh = await voidNumbers(3, 6, 8);
    expect(fresh.body.data).toMatchObject({ status: 'rejeitada', cstat: 256 });
    const rows = (await storeRows(ctx.db, tenantId, fiscalInutilizations)).filter((r) => r.series === 3);
    expect(rows).toHaveLength(3);
  });

  it("the month's ZIP holds every authorized XML, event and inutilização, and a CSV summary", async () => {
    const inMonth = new Date('2026-10-20T12:00:00Z');
    const cancelled = await insertNote(ctx.db, tenantId, { number: 10, at: new Date(Date.now() - 60_000) });
    const cancel = await http.post(`/api/fiscal/notes/${cancelled.id}/cancel`, { justification: 'Venda registrada em duplicidade' }, keyed()); // prettier-ignore
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await insertNote(ctx.db, tenantId, { number: 11, at: inMonth, status: 'rejeitada', cstat: 778, reason: 'NCM' });
    // The first day of November in São Paulo, 02:00 UTC, is still October there.
    const lastOfOctober = await insertNote(ctx.db, tenantId, { number: 12, at: new Date('2026-11-01T02:00:00Z') });
    await insertNote(ctx.db, tenantId, { number: 13, at: new Date('2026-11-01T03:00:00Z') });

    expect((await http.get('/api/fiscal/notes/export?month=2026-10', { token: cashier })).status).toBe(403);
    expect((await http.get('/api/fiscal/notes/export?month=2026-13', { token: admin })).status).toBe(400);
    const month = cancelled.issuedAt.toISOString().slice(0, 7);
    const october = await download('2026-10');
    const names = october.names;
    const octoberKeys = (await storeRows(ctx.db, tenantId, fiscalNotes))
      .filter((n) => n.issuedAt >= new Date('2026-10-01T03:00:00Z') && n.issuedAt < new Date('2026-11-01T03:00:00Z'))
      .filter((n) => n.status === 'autorizada' || n.status === 'cancelada')
      .map((n) => `nfce/${n.key}-nfeProc.xml`);
    expect(octoberKeys).toContain(`nfce/${lastOfOctober.key}-nfeProc.xml`);
    expect(names.filter((n) => n.startsWith('nfce/')).sort()).toEqual(octoberKeys.sort());
    // The inutilização was made today: it is in this month's package, not October's.
    expect(names.filter((n) => n.startsWith('inutilizacoes/'))).toEqual([]);
    expect(names).toContain('resumo.csv');

    const nfe = writeDocuments(
      names.filter((n) => n.startsWith('nfce/')).map((n) => october.read(n)),
      'zip-nfe',
    );
    expect(schemaFailures(nfe, SCHEMAS.procNFe)).toEqual([]);

    const csv = october.read('resumo.csv');
    expect(csv.startsWith('\uFEFFNúmero;Série;Chave;Data;Valor;Status;Protocolo\r\n')).toBe(true);
    const lines = csv.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(octoberKeys.length + 1); // + the rejected one
    expect(lines).toContain(`12;1;${lastOfOctober.key};31/10/2026 23:00:00;${reais(lastOfOctober.total)};Autorizada;${lastOfOctober.protocol}`); // prettier-ignore
    expect(lines.some((l) => l.startsWith('11;1;') && l.endsWith(';Rejeitada;'))).toBe(true);
    expect(lines.some((l) => l.startsWith('13;'))).toBe(false);

    // Read two notes at a time (keyset pages, ties on the instant broken by id): the same archive.
    const fourteen = await insertNote(ctx.db, tenantId, { number: 14, at: inMonth });
    const paged = join(scratch, `${kind}-paged.zip`);
    const out = createWriteStream(paged);
    await writeMonthExport(ctx.db, tenantId, '2026-10', out, 2);
    await new Promise<void>((resolve) => out.on('close', () => resolve()));
    const pagedNames = execFileSync('unzip', ['-Z1', paged], { encoding: 'utf8' }).trim().split('\n');
    expect(pagedNames.sort()).toEqual([...names, `nfce/${fourteen.key}-nfeProc.xml`].sort());

    // The cancelled note's month (today's) carries its nfeProc and its cancel's procEventoNFe.
    const current = await download(month);
    const eventName = `eventos/${cancelled.key}-110111-1-procEventoNFe.xml`;
    expect(current.names).toContain(eventName);
    expect(current.names).toContain(`nfce/${cancelled.key}-nfeProc.xml`);
    const event = writeDocuments([current.read(eventName)], 'zip-event');
    expect(schemaFailures(event, SCHEMAS.procEventoCanc)).toEqual([]);
    expect(verifySignature(event[0]!, caPath).ok).toBe(true);
    expect(current.read('resumo.csv')).toContain(`;Cancelada;${cancelled.protocol}`);
    // Only the homologated inutilizações (the refused one and the one in doubt are not fiscal
    // documents), those homologated on a retry too.
    const homologated = (await storeRows(ctx.db, tenantId, fiscalInutilizations)).filter((r) => r.status === 'homologada'); // prettier-ignore
    const inutNames = current.names.filter((n) => n.startsWith('inutilizacoes/'));
    expect(inutNames).toContain('inutilizacoes/serie-1-3-4-procInutNFe.xml');
    expect(inutNames.sort()).toEqual(homologated.map((r) => `inutilizacoes/serie-${r.series}-${r.first}-${r.last}-procInutNFe.xml`).sort()); // prettier-ignore
    const inut = writeDocuments(
      inutNames.map((n) => current.read(n)),
      'zip-inut',
    );
    expect(schemaFailures(inut, SCHEMAS.procInutNFe)).toEqual([]);
    for (const path of inut) expect(verifySignature(path, caPath).ok).toBe(true);
  });

  async function download(month: string) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/fiscal/notes/export?month=${month}`,
      headers: { host: 'demo.localhost:3000', authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="nfce-${month}.zip"`);
    const file = join(scratch, `${kind}-${month}.zip`);
    writeFileSync(file, res.rawPayload);
    expect(execFileSync('unzip', ['-tq', file], { encoding: 'utf8' })).toContain('No errors detected');
    const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' });
    return {
      names: listing.trim().split('\n'),
      read: (name: string) => execFileSync('unzip', ['-p', file, name], { encoding: 'utf8' }),
    };
  }
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const reais = (c: number) => `${Math.trunc(c / 100)},${String(c % 100).padStart(2, '0')}`;
