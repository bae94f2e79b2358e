// 'Reenviar' of a rejected note with the app's own rebuilder (buildApp's default: the
// emission's mapping over the sale's rows): a sale's note rejected by SEFAZ (778, NCM
// inexistente), the admin fixes the product's NCM, the resend rebuilds the note with the
// same series and number, the new NCM, the same payments and 'CPF na nota', a new
// signature (valid against nfe_v4.00.xsd, verified by xmlsec1), and the queue then has it
// authorized. A cancelled sale's rejected note is discarded, never rebuilt.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemTaxes } from '../../../shared/fiscal/approximate-taxes';
import { ibptRates } from '../../db/schema';
import { databases } from '../../test/testDb';
import { removeA1Files } from '../test/a1-files';
import { expectOfficial, NCM, openEmissionStore, type EmissionStore } from '../test/emission-fixtures';
import { removeWrittenDocuments, requireTools } from '../test/xml-tools';
import { NOTHING_TO_RESEND } from './notes-resend';

const BAD_NCM = '99999999';
const NCM_778 = { kind: 'reject', cstat: 778, reason: 'Rejeição: Informado NCM inexistente' } as const;
const RATES = { federal_national: 13.45, federal_imported: 24.8, state: 18, municipal: 0 };
const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);

describe.each(databases())("'Reenviar' rebuilds a rejected note from its sale (%s)", (kind) => {
  let s: EmissionStore;
  beforeAll(async () => {
    requireTools();
    s = await openEmissionStore(kind);
  });
  afterAll(async () => {
    await s?.ctx.close();
    removeA1Files();
    removeWrittenDocuments();
  });
  const keyed = () => ({ token: s.admin, headers: { 'Idempotency-Key': randomUUID() } });
  const noteOf = async (id: string) => (await s.notes()).find((n) => n.id === id)!;

  it('778: the admin fixes the NCM, the resend rebuilds it with the same number, signed again, then authorized', async () => {
    const bad = await s.product({ ncm: BAD_NCM, price: 2500, name: 'Camiseta básica' });
    const good = await s.product({ price: 1000, name: 'Meia' });
    s.sefaz.script({ authorize: [NCM_778] });
    const sold = await s.sell(
      [
        { product: bad, quantity: 2 },
        { product: good, quantity: 1 },
      ],
      { fiscal_document: '529.982.247-25', payment_method: 'cash', payments: [{ method: 'cash', amount: 60, received: 100 }] }, // prettier-ignore
    );
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const receipt = sold.body.data.fiscal_note;
    expect(receipt).toMatchObject({ status: 'rejeitada', cstat: 778 });
    const rejected = await noteOf(receipt.id);
    expect(tag(rejected.xml, 'NCM')).toEqual([BAD_NCM, NCM]);

    // Before the fix the rebuilt note would carry the same NCM: SEFAZ would refuse it again,
    // but the rebuild itself is not refused (the NCM has 8 digits).
    const fixed = await s.http.put(`/api/products/${bad.id}`, { ncm: '6109.90.00' }, keyed());
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    // The store's IBPT table has the new NCM: the rebuilt note carries its tributos aproximados.
    await s.ctx.db.insert(ibptRates).values({
      tenantId: s.tenantId,
      ncm: '61099000',
      description: 'Camisetas de outras matérias têxteis',
      federalNational: String(RATES.federal_national),
      federalImported: String(RATES.federal_imported),
      state: String(RATES.state),
      municipal: String(RATES.municipal),
      validFrom: '2020-01-01',
      validUntil: '2099-12-31',
      key: 'TESTE',
      version: '26.1.A',
      source: 'IBPT',
      uf: 'SP',
    });

    const redo = await s.http.post(`/api/fiscal/notes/${receipt.id}/resend`, undefined, keyed());
    expect(redo.status, JSON.stringify(redo.body)).toBe(200);
    expect(redo.body.data).toMatchObject({ status: 'pendente', series: s.till.series, number: rejected.number, cstat: null }); // prettier-ignore
    const rebuilt = await noteOf(receipt.id);
    expect(rebuilt.series).toBe(rejected.series);
    expect(rebuilt.number).toBe(rejected.number);
    expect(rebuilt.numericCode).toBe(rejected.numericCode);
    expect(tag(rebuilt.xml, 'NCM')).toEqual(['61099000', NCM]);
    expect(tag(rebuilt.xml, 'nNF')).toEqual([String(rejected.number)]);
    expect(tag(rebuilt.xml, 'serie')).toEqual([String(rejected.series)]);
    // The same sale: its lines, its cash handed over (vTroco), its 'CPF na nota', its number.
    expect(tag(rebuilt.xml, 'xProd')).toEqual(tag(rejected.xml, 'xProd'));
    expect(tag(rebuilt.xml, 'vProd')).toEqual(tag(rejected.xml, 'vProd'));
    expect(tag(rebuilt.xml, 'vPag')).toEqual(['100.00']);
    expect(tag(rebuilt.xml, 'vTroco')).toEqual(['40.00']);
    expect(tag(rebuilt.xml, 'CPF')).toEqual(['52998224725']);
    expect(rebuilt.customerDocument).toBe('52998224725');
    expect(rebuilt.xml).toContain(sold.body.data.number);
    expect(rebuilt.total).toBe(rejected.total);
    expect(rebuilt.change).toBe(4000);
    expect(rejected.approximateTaxes).toBeNull();
    expect(rebuilt.approximateTaxes).toBe(itemTaxes(5000, 0, RATES).total);
    expect(rebuilt.approximateTaxes).toBeGreaterThan(0);
    expect(tag(rebuilt.xml, 'SignatureValue')).not.toEqual(tag(rejected.xml, 'SignatureValue'));
    expect(rebuilt.issuedAt.getTime()).toBeGreaterThan(rejected.issuedAt.getTime());
    expectOfficial([rebuilt], s.a1.caPath);

    await s.ctx.app.emission.queue!.runOnce();
    const after = await noteOf(receipt.id);
    expect(after.status).toBe('autorizada');
    expect(after.protocol).toMatch(/^\d{15}$/);
    expect(s.sefaz.authorized.has(after.key)).toBe(true);
    expect(s.sefaz.calls.filter((c) => c.op === 'authorize' && c.key === after.key).at(-1)!.xml).toBe(rebuilt.xml);
  });

  it("a cancelled sale's rejected note is discarded, not rebuilt: 409, its number left to void", async () => {
    const p = await s.product({ ncm: BAD_NCM });
    s.sefaz.script({ authorize: [NCM_778] });
    const sold = await s.sell([{ product: p, quantity: 1 }]);
    const receipt = sold.body.data.fiscal_note;
    expect(receipt.status).toBe('rejeitada');
    const cancel = await s.http.put(`/api/sales/${sold.body.data.id}/cancel`, { reason: 'Cliente desistiu' }, keyed());
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.data.fiscal_note_notice).toContain(`Inutilize o número ${receipt.number}`);
    const before = await noteOf(receipt.id);
    expect(before.status).toBe('descartada');
    const redo = await s.http.post(`/api/fiscal/notes/${receipt.id}/resend`, undefined, keyed());
    expect(redo.status).toBe(409);
    expect(redo.body.error).toBe(NOTHING_TO_RESEND.descartada);
    expect((await noteOf(receipt.id)).xml).toBe(before.xml);
    expect((await noteOf(receipt.id)).status).toBe('descartada');
  });
});
