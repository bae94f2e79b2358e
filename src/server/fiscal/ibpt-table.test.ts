// The IBPT table through the API, on PGlite and PostgreSQL: admins only; a Latin-1 file of a
// state's size imported whole; each import replaces the table whole, and a bad file or a
// failed write leaves the one before untouched; the UF and validity warnings; the rates in
// force that the emission reads (the NCM's own row, not its exceptions); and a note built
// with them is valid against nfe_v4.00.xsd once signed.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withApproximateTaxes } from '../../shared/fiscal/approximate-taxes';
import { NOT_IBPT_LAYOUT } from '../../shared/fiscal/ibpt-csv';
import { buildNfce } from '../../shared/fiscal/nfce-xml';
import { ibptTable, latin1, utf8 } from '../../shared/fiscal/test/ibpt-sample';
import { SAMPLE_CNPJ, sampleNote } from '../../shared/fiscal/test/sample-note';
import { seededRandom } from '../../shared/seeded-random';
import { ibptRates } from '../db/schema';
import { NO_STORE, useTestStore } from '../test/helpers';
import { databases } from '../test/testDb';
import { ibptOutOfForce, ibptWrongUf, replaceIbptTable, taxRatesFor } from './ibpt-table';
import { removeTestCertificates, testCertificates } from './test/certificates';
import { removeWrittenDocuments, requireTools, schemaFailures, writeDocuments } from './test/xml-tools';
import { createPemSigner } from './xml-signature';

const IN_FORCE = '01/01/2026;31/12/2027;8A3F1C;26.1.A;IBPT/empresometro.com.br';
const NEXT = '01/01/2026;31/12/2027;7B2E0D;26.2.B;IBPT/empresometro.com.br';
const EXPIRED = '01/01/2020;30/06/2020;1C9D4E;20.1.A;IBPT/empresometro.com.br';

const EMITTER = {
  cnpj: SAMPLE_CNPJ,
  legal_name: 'Loja de Teste Ltda',
  ie: '123456789110',
  address: { street: 'Rua das Flores', number: '100', district: 'Centro', city_code: '3550308', city_name: 'São Paulo', uf: 'SP', cep: '01001000' },
}; // prettier-ignore

describe.each(databases())('the IBPT table (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier } = NO_STORE;
  useTestStore(kind, (store) => ({ ctx, http, tenantId, admin, cashier } = store));
  beforeAll(() => requireTools());
  afterAll(() => {
    removeTestCertificates();
    removeWrittenDocuments();
  });

  const keyed = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });
  const send = (bytes: Uint8Array, file_name: string | null = 'TabelaIBPTaxSP26.1.A.csv', token = admin) =>
    http.post('/api/fiscal/ibpt', { file_base64: Buffer.from(bytes).toString('base64'), file_name }, keyed(token));
  const stored = () => ctx.db.select().from(ibptRates).where(eq(ibptRates.tenantId, tenantId));

  it('is for admins only, and a store starts without a table', async () => {
    expect((await http.get('/api/fiscal/ibpt', { token: cashier })).status).toBe(403);
    expect((await send(latin1(ibptTable()), null, cashier)).status).toBe(403);
    const none = await http.get('/api/fiscal/ibpt', { token: admin });
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();
    expect(await taxRatesFor(ctx.db, tenantId, ['09012100'])).toEqual(new Map());
  });

  it("imports a state's Latin-1 file whole and says what it has", async () => {
    const saved = await send(latin1(ibptTable(13_000, IN_FORCE)));
    expect(saved.status, JSON.stringify(saved.body).slice(0, 500)).toBe(200);
    expect(saved.body.data).toMatchObject({
      table: {
        version: '26.1.A',
        valid_from: '2026-01-01',
        valid_until: '2027-12-31',
        count: 13_006,
        uf: 'SP',
        key: '8A3F1C',
        source: 'IBPT/empresometro.com.br',
        in_force: true,
      },
      skipped: 2,
      warnings: [],
    });
    const info = await http.get('/api/fiscal/ibpt', { token: admin });
    expect(info.body.data).toEqual(saved.body.data.table);
    expect(Date.now() - Date.parse(info.body.data.imported_at)).toBeLessThan(120_000);
    const coffee = (await stored()).find((r) => r.ncm === '09012100')!;
    expect(coffee).toMatchObject({ description: 'Café torrado, não descafeinado', ex: '', kind: 0, key: '8A3F1C' });
  });

  it('gives the emission the rates in force of the NCMs asked: the NCM own row, not its exceptions', async () => {
    const rates = await taxRatesFor(ctx.db, tenantId, ['09012100', '39269090', '61091000', '99999999', 'abc']);
    expect([...rates.keys()].sort()).toEqual(['09012100', '39269090', '61091000']);
    expect(rates.get('09012100')).toEqual({ federal_national: 4.2, federal_imported: 6.69, state: 12, municipal: 0 });
    // 39269090 has an 'ex 01' row (13.45 / 24.77): the NCM's own row is the one given.
    expect(rates.get('39269090')).toEqual({ federal_national: 9.65, federal_imported: 15.2, state: 18, municipal: 0 });
    expect(await taxRatesFor(ctx.db, tenantId, ['09012100'], '2028-01-01')).toEqual(new Map());
    expect((await taxRatesFor(ctx.db, tenantId, ['09012100'], '2027-12-31')).size).toBe(1);
  });

  it('a note built with those rates carries vTotTrib and is valid against nfe_v4.00.xsd, signed', async () => {
    const note = sampleNote({ items: sampleNote().items.map((i, k) => ({ ...i, origin: k === 2 ? 2 : 0 })) });
    const rates = await taxRatesFor(
      ctx.db,
      tenantId,
      note.items.map((i) => i.ncm),
    );
    const { note: taxed, taxes } = withApproximateTaxes(note, rates);
    expect(taxes!.total.total).toBeGreaterThan(0);
    expect(taxes!.total.federal + taxes!.total.state + taxes!.total.municipal).toBe(taxes!.total.total);
    const certs = testCertificates(SAMPLE_CNPJ);
    const xml = await createPemSigner(certs).sign(buildNfce(taxed, seededRandom(3)).xml, 'infNFe');
    expect(xml.match(/<vTotTrib>/g)).toHaveLength(taxed.items.length + 1);
    expect(schemaFailures(writeDocuments([xml], 'ibpt'))).toEqual([]);
  });

  it('replaces the table whole with the next import (UTF-8 this time)', async () => {
    const next = ibptTable(0, NEXT).replace(/\r\n09012100;[^\r]*/, '');
    const saved = await send(utf8(next), 'TabelaIBPTaxSP26.2.B.csv');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.table).toMatchObject({ version: '26.2.B', count: 5 });
    const rows = await stored();
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.version === '26.2.B' && r.key === '7B2E0D')).toBe(true);
    expect(rows.some((r) => r.ncm === '09012100')).toBe(false);
    expect((await taxRatesFor(ctx.db, tenantId, ['09012100'])).size).toBe(0);
  });

  it('refuses a bad file with its lines, and one of another layout, keeping the table it had', async () => {
    const bad = ibptTable(3, NEXT)
      .replace('10000007;', '1000000;')
      .replace(';0;Outros queijos;7.85;', ';0;Outros queijos;sete;');
    const refused = await send(latin1(bad));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^A tabela do IBPT não foi importada: 2 linhas com erro\. Linha 4: /);
    expect(refused.body.details.bad_lines).toBe(2);
    expect(refused.body.details.errors).toEqual([
      { line: 4, message: "Linha 4: alíquota nacional federal 'sete' não é um percentual (ex.: 13.45)." },
      { line: 11, message: "Linha 11: código '1000000' não é um NCM de 8 dígitos." },
    ]);
    const other = await send(utf8('Código;Descrição;Preço\r\n123;Café;10,00\r\n'), 'produtos.csv');
    expect(other.status).toBe(400);
    expect(other.body.error).toBe(NOT_IBPT_LAYOUT);
    expect(await stored()).toHaveLength(5);
  });

  it('writes nothing when the write fails half-way: the table before stays whole', async () => {
    const good = (ncm: string) => ({ ncm, ex: '', description: 'x', federal_national: 1, federal_imported: 1, state: 1, municipal: 0, valid_from: '2026-01-01', valid_until: '2026-12-31', key: 'K', version: '99.9.Z', source: 'IBPT' }); // prettier-ignore
    const rows = [...Array.from({ length: 1_500 }, (_, i) => good(String(20_000_000 + i))), good('123')];
    const parse = { rows, errors: [], bad_lines: 0, skipped: 0, uf: null };
    await expect(ctx.db.transaction((tx) => replaceIbptTable(tx, tenantId, { parse, warnings: [] }))).rejects.toThrow();
    const after = await stored();
    expect(after).toHaveLength(5);
    expect(after.every((r) => r.version === '26.2.B')).toBe(true);
  });

  it("warns of another state's table and of one out of force, and keeps it", async () => {
    expect((await http.put('/api/fiscal/settings', { emitter: EMITTER }, keyed(admin))).status).toBe(200);
    const rj = await send(latin1(ibptTable(0, IN_FORCE)), 'TabelaIBPTaxRJ26.1.A.csv');
    expect(rj.status).toBe(200);
    expect(rj.body.data.warnings).toEqual([ibptWrongUf('RJ', 'SP')]);
    expect(rj.body.data.table.uf).toBe('RJ');
    const old = await send(latin1(ibptTable(0, EXPIRED)), 'TabelaIBPTaxSP20.1.A.csv');
    expect(old.status).toBe(200);
    expect(old.body.data.warnings).toEqual([ibptOutOfForce('2020-01-01', '2020-06-30')]);
    expect(old.body.data.table).toMatchObject({ version: '20.1.A', in_force: false, count: 6 });
    expect((await taxRatesFor(ctx.db, tenantId, ['09012100'])).size).toBe(0);
    expect((await taxRatesFor(ctx.db, tenantId, ['09012100'], '2020-03-15')).get('09012100')?.state).toBe(12);
  });
});
