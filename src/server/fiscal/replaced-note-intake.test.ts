// The note in doubt, end to end against the stand-in SEFAZ (real TLS, schemas, signatures):
// a sale sent online gets note N from the server, SEFAZ takes it without answering (or never
// gets it), and the till issues the sale's note again in contingency, N+1, and uploads it.
// The intake accepts N+1 and marks N replaced by it in one transaction; the sale reads (and a
// replayed sale) answer N+1; the queue sends N+1, never N again, and resolves N: cancelled by
// substitution (110112) once N+1 is authorized, or discarded and listed in Numeração's holes.
// The upload twice is once; a second till note for the sale is still a 409.
import { createPrivateKey, randomUUID, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleProcEvento } from '../../shared/fiscal/sefaz-answers';
import { signNfce } from '../../shared/fiscal/nfce-sign';
import { buildNfce } from '../../shared/fiscal/nfce-xml';
import { SAMPLE_CNPJ, sampleNote } from '../../shared/fiscal/test/sample-note';
import { createXmlSigner, FISCAL_KEY_ALGORITHM, type XmlSigner } from '../../shared/fiscal/xml-dsig';
import { seededRandom } from '../../shared/seeded-random';
import { fiscalNoteEvents, fiscalNotes } from '../db/schema';
import { databases } from '../test/testDb';
import { createSefazClient, type SefazClient } from './sefaz-client';
import type { SefazTarget } from './sefaz-port';
import { makeA1, removeA1Files } from './test/a1-files';
import { CSC, eventually, openEmissionStore, type EmissionStore } from './test/emission-fixtures';
import { startStandInSefaz, type StandInSefaz } from './test/stand-in-sefaz';
import { tillKeyBody } from './test/till-key-fixtures';
import { removeWrittenDocuments, requireTools, SCHEMAS, schemaFailures, verifySignature, writeDocuments } from './test/xml-tools'; // prettier-ignore

const MINUTE = 60_000;
const URL = '/api/fiscal/contingency-notes';

describe.each(databases())('the note in doubt replaced by the till (%s)', (kind) => {
  let s: EmissionStore;
  let standIn: StandInSefaz;
  let client: SefazClient;
  let till: XmlSigner;
  let product: Awaited<ReturnType<EmissionStore['product']>>;

  beforeAll(async () => {
    requireTools();
    const ca = makeA1({ cnpj: SAMPLE_CNPJ });
    standIn = await startStandInSefaz({ clientCaPem: readFileSync(ca.caPath, 'utf8'), csc: { '1': CSC } });
    client = createSefazClient({ baseUrl: standIn.url, extraCaPem: standIn.caPem });
    s = await openEmissionStore(kind, { port: client, timeoutSeconds: 1 });
    const pkcs8 = createPrivateKey(s.a1.keyPem).export({ type: 'pkcs8', format: 'der' });
    const key = await crypto.subtle.importKey('pkcs8', pkcs8, FISCAL_KEY_ALGORITHM, false, ['sign']);
    till = createXmlSigner({ key, certificate_der: new X509Certificate(s.a1.certPem).raw });
    const registered = await s.http.post('/api/fiscal/till-keys', tillKeyBody(s.a1, s.till.id), keyed(s.admin));
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    product = await s.product();
  });
  afterAll(async () => {
    await s?.ctx.close();
    client?.close();
    await standIn?.close();
    removeA1Files();
    removeWrittenDocuments();
  });

  const keyed = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });
  const upload = (body: object) => s.http.post(URL, body, keyed(s.cashier));
  const row = async (id: string) =>
    (await s.ctx.db.select().from(fiscalNotes).where(and(eq(fiscalNotes.tenantId, s.tenantId), eq(fiscalNotes.id, id))))[0]!; // prettier-ignore
  const drain = async () => {
    while ((await s.ctx.app.emission.queue!.runOnce()) > 0);
  };
  const requests = (service: string, key: string) =>
    standIn.received.filter((r) => r.service === service && r.key === key);

  /** An online sale whose note N reaches SEFAZ's door and no answer comes back; N left in doubt. */
  async function saleInDoubt(processFirst: boolean) {
    standIn.faults.next({ kind: 'no-answer', processFirst }, { service: 'authorize' });
    const saleKey = randomUUID();
    const sold = await s.sell([{ product, quantity: 1 }], {}, saleKey);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const note = sold.body.data.fiscal_note;
    expect(note).toMatchObject({ status: 'pendente', emission_type: 1 });
    // The send goes on past the sale's time limit: N left in doubt, its lease given back.
    await eventually(async () => {
      const r = await row(note.id);
      return r.inDoubt && r.claimedBy === null;
    });
    return { saleId: sold.body.data.id as string, saleKey, note };
  }

  /** The sale's note N+1 as the till issues and signs it in contingency. */
  async function tillNote(saleId: string, number: number, seed = number) {
    const issued = new Date(Math.floor((Date.now() - MINUTE) / 1000) * 1000);
    const note = sampleNote({
      series: s.till.series,
      number,
      issued_at: issued.toISOString(),
      qr: { version: 3 },
      contingency: { started_at: new Date(issued.getTime() - MINUTE).toISOString(), reason: 'Sem resposta da SEFAZ no prazo' }, // prettier-ignore
    });
    const built = buildNfce(note, seededRandom(seed));
    const { xml } = await signNfce(built, till);
    return {
      sale_id: saleId,
      device_id: s.till.id,
      series: note.series,
      number,
      access_key: built.key,
      issued_at: issued.toISOString(),
      xml,
      certificate_der: till.certificateBase64,
    };
  }

  it('N authorized by SEFAZ after all: N+1 accepted, N replaced; the queue sends N+1 and cancels N by substitution', async () => {
    const { saleId, saleKey, note: n } = await saleInDoubt(true);
    const body = await tillNote(saleId, n.number + 1);
    const accepted = await upload(body);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.data).toMatchObject({ status: 'pendente', emission_type: 9, number: n.number + 1 });
    const replacement = accepted.body.data.id;
    expect(await row(n.id)).toMatchObject({ replacedBy: replacement, status: 'pendente', inDoubt: true });
    // Once: the same bytes again answer the same note; a second till note for the sale is refused.
    const again = await upload(body);
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(accepted.body.data);
    const second = await upload(await tillNote(saleId, n.number + 2));
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(`Esta venda já tem a NFC-e nº ${n.number + 1} (pendente): uma venda não fica com duas notas.`); // prettier-ignore
    expect((await s.notes()).filter((r) => r.saleId === saleId).map((r) => r.number)).toEqual([n.number, n.number + 1]);

    // The sale's reads, and the sale replayed, answer its live note.
    const read = await s.http.get(`/api/sales/${saleId}`, { token: s.admin });
    expect(read.body.data.fiscal_note).toMatchObject({ id: replacement, number: n.number + 1 });
    const listed = await s.http.get('/api/sales?page=1&limit=100', { token: s.admin });
    const inList = listed.body.data.sales.filter((x: { id: string }) => x.id === saleId);
    expect(inList.map((x: { fiscal_note: { id: string } }) => x.fiscal_note.id)).toEqual([replacement]);
    // Replayed as the till's outbox sends it: offline, naming the note the till issued.
    const marker = { series: body.series, number: body.number, key: body.access_key };
    const replayed = await s.sell([{ product, quantity: 1 }], { offline: true, fiscal_contingency: marker }, saleKey);
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(201);
    expect(replayed.body.data).toMatchObject({ id: saleId, fiscal_note: { id: replacement, number: n.number + 1 } });

    await drain();
    expect(await row(replacement)).toMatchObject({ status: 'autorizada' });
    expect(await row(n.id)).toMatchObject({ status: 'cancelada', inDoubt: false, replacementNotice: null });
    // N reached SEFAZ once (the attempt left unanswered), and never again.
    expect(requests('authorize', n.key)).toHaveLength(1);
    expect(standIn.authorizations(body.access_key)).toBe(1);
    const [event] = await s.ctx.db.select().from(fiscalNoteEvents).where(eq(fiscalNoteEvents.noteId, n.id));
    expect(event).toMatchObject({ type: '110112', cstat: 135 });
    expect(event!.xml).toContain(`<chNFeRef>${body.access_key}</chNFeRef>`);
    expect(requests('event', n.key).map((r) => r.cstat)).toEqual([135]);
    expect(requests('event', n.key)[0]!.document).toContain('<tpEvento>110112</tpEvento>');
    const [path] = writeDocuments([assembleProcEvento(event!.xml, event!.protocolXml!)], 'substituicao');
    expect(schemaFailures([path!], SCHEMAS.procEventoCancSubst)).toEqual([]);
    const verified = verifySignature(path!, s.a1.caPath);
    expect(verified.ok, verified.output).toBe(true);
    expect((await client.consult(targetOf(), n.key)).cstat).toBe(101);
    expect((await client.consult(targetOf(), body.access_key)).cstat).toBe(100);

    // Notas Fiscais tells what happened to N; the replacing note is listed as any other.
    const notes = await s.http.get(`/api/fiscal/notes?q=${n.number}`, { token: s.admin });
    const shown = notes.body.data.notes.find((x: { id: string }) => x.id === n.id);
    expect(shown).toMatchObject({ status: 'cancelada', replaced_by: { id: replacement, number: n.number + 1 }, replacement_notice: null }); // prettier-ignore
    const detail = await s.http.get(`/api/fiscal/notes/${replacement}`, { token: s.admin });
    expect(detail.body.data).toMatchObject({ status: 'autorizada', replaced_by: null, emission_type: 9 });
    const alerts = await s.http.get('/api/dashboard/alerts', { token: s.admin });
    expect(alerts.body.data).toMatchObject({ rejectedNotes: 0, replacedNotes: 0 });
  });

  it('N never received by SEFAZ: descartada, never sent again, its number among the holes for the inutilização', async () => {
    const { saleId, note: n } = await saleInDoubt(false);
    // 'Reenviar' on the replaced note is refused: it is never sent again.
    const body = await tillNote(saleId, n.number + 1);
    expect((await upload(body)).status).toBe(201);
    const resend = await s.http.post(`/api/fiscal/notes/${n.id}/resend`, undefined, keyed(s.admin));
    expect(resend.status).toBe(409);
    expect(resend.body.error).toContain('substituída pela nota emitida em contingência');
    await drain();
    expect(await row(n.id)).toMatchObject({ status: 'descartada', inDoubt: false });
    expect((await row(n.id)).replacementNotice).toBe(
      `A nota nº ${n.number} (série ${s.till.series}) foi substituída pela nota emitida em contingência e não será enviada. Inutilize o número em Notas Fiscais > Numeração.`,
    );
    expect(requests('authorize', n.key)).toHaveLength(1);
    expect(requests('event', n.key)).toEqual([]);
    expect(standIn.authorizations(body.access_key)).toBe(1);
    const gaps = await s.http.get('/api/fiscal/gaps', { token: s.admin });
    expect(gaps.body.data.gaps).toContainEqual({ series: s.till.series, first: n.number, last: n.number });
    // The queue has nothing left for it.
    await drain();
    expect(requests('authorize', n.key)).toHaveLength(1);
    const read = await s.http.get(`/api/sales/${saleId}`, { token: s.admin });
    expect(read.body.data.fiscal_note).toMatchObject({ number: n.number + 1, status: 'autorizada' });
  });

  it('N rejected by SEFAZ: the till note still replaces it; no longer counted as rejected, then descartada', async () => {
    standIn.faults.next({ kind: 'reject', cstat: 778 }, { service: 'authorize' });
    const sold = await s.sell([{ product, quantity: 1 }]);
    const n = sold.body.data.fiscal_note;
    expect(n).toMatchObject({ status: 'rejeitada', cstat: 778 });
    const alerts = async () => (await s.http.get('/api/dashboard/alerts', { token: s.admin })).body.data;
    const before = (await alerts()).rejectedNotes;
    expect((await upload(await tillNote(sold.body.data.id, n.number + 1))).status).toBe(201);
    expect((await alerts()).rejectedNotes).toBe(before - 1);
    await drain();
    expect(await row(n.id)).toMatchObject({ status: 'descartada' });
    expect(requests('authorize', n.key)).toHaveLength(1);
    expect(await alerts()).toMatchObject({ rejectedNotes: before - 1, replacedNotes: 0 });
  });

  it('SEFAZ refuses the cancel by substitution: both notes stand, the admin is told and the dashboard counts it once', async () => {
    const { saleId, note: n } = await saleInDoubt(true);
    expect((await upload(await tillNote(saleId, n.number + 1))).status).toBe(201);
    standIn.faults.next({ kind: 'reject', cstat: 221 }, { service: 'event' });
    await drain();
    const kept = await row(n.id);
    expect(kept).toMatchObject({ status: 'autorizada', cstat: 221 });
    expect(kept.replacementNotice).toMatch(/^A venda ficou com duas notas autorizadas: /);
    // Settled: the queue does not try again.
    const events = requests('event', n.key).length;
    await drain();
    expect(requests('event', n.key)).toHaveLength(events);
    const alerts = await s.http.get('/api/dashboard/alerts', { token: s.admin });
    expect(alerts.body.data).toMatchObject({ rejectedNotes: 0, replacedNotes: 1 });
    const listed = await s.http.get(`/api/fiscal/notes?q=${n.number}`, { token: s.admin });
    const shown = listed.body.data.notes.find((x: { id: string }) => x.id === n.id);
    expect(shown).toMatchObject({ status: 'autorizada', replaced_by: { number: n.number + 1 }, replacement_notice: kept.replacementNotice }); // prettier-ignore
  });

  it('a sale whose note is already the till’s contingency note: another till note is still a 409', async () => {
    const sold = await s.sell([{ product: await s.product({ ncm: null }), quantity: 1 }]);
    const saleId = sold.body.data.id;
    const first = await tillNote(saleId, 90);
    expect((await upload(first)).status).toBe(201);
    const other = await upload(await tillNote(saleId, 91));
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('Esta venda já tem a NFC-e nº 90 (pendente): uma venda não fica com duas notas.');
    expect((await s.notes()).filter((r) => r.saleId === saleId).map((r) => [r.number, r.replacedBy])).toEqual([[90, null]]); // prettier-ignore
  });

  const targetOf = (): SefazTarget => ({
    uf: 'SP',
    environment: 2,
    keyPem: s.a1.keyPem,
    certPem: s.a1.certPem,
    timeoutMs: 5_000,
  });
});
