// The till's contingency note on the device (fake-indexeddb, Node's WebCrypto): the products
// from the mirror, the key from IndexedDB (the test A1's, imported not extractable), the
// store from the kept fiscal view; the note built in contingency (tpEmis 9), signed, its QR
// Code v3 carrying the key's signature of its fields (verified with the certificate). What
// keeps the till from making one says why; a view from an older server (without what the
// till needs) still parses and makes no note. The byte-for-byte equality with the server's
// note is src/server/fiscal/till-note.test.ts.
import { verify } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FiscalTillViewSchema } from '../../shared/contract/fiscal-till';
import { SaleCreateSchema } from '../../shared/contract/sales';
import { offlineQrSignedFields } from '../../shared/fiscal/qr-code';
import { makeA1, removeA1Files } from '../../shared/fiscal/test/a1-files';
import { EMISSION_OFF, NO_CSC, NO_ISSUER, NO_SERIES, PRODUCT_NOT_ON_TILL, contingencyNoteOf, contingencyNumber } from '../../shared/fiscal/till-note'; // prettier-ignore
import { seededRandom } from '../../shared/seeded-random';
import { getDb, type BalcaoDb } from '../offline/db';
import { putNewerProducts } from '../offline/product-store';
import { dropTillKeys } from '../offline/till-key-store';
import { keepTestKey, mirrorRow, OLDER_SERVER, TILL_CNPJ, TILL_VIEW } from '../test/contingency-till';
import { makeContingencyNote, NO_TILL_KEY } from './contingency-note';

const shirt = mirrorRow({ name: 'Camiseta', ncm: '61091000' });
const bare = mirrorRow({ name: 'Caneca', ncm: null });
/** The body as finish-sale.ts keeps it (reais on the wire, decoded to centavos). */
const body = (productId = shirt.id) =>
  z.decode(SaleCreateSchema, {
    customer_id: '00000000-0000-4000-8000-0000000000c1',
    items: [{ product_id: productId, quantity: 2, unit_price: 25 }],
    payment_method: 'crediario',
    crediario: { entrada: 10, entrada_method: 'pix', parcelas: 2, vencimentos: ['2026-12-29', '2027-01-29'] },
    number: 'A-0007',
    fiscal_document: '529.982.247-25',
    offline: true,
  });
const sale = (b = body()) => ({
  saleId: '00000000-0000-4000-8000-0000000000a1',
  body: b,
  number: contingencyNumber(4, TILL_VIEW),
  issuedAt: new Date('2026-11-29T15:00:00Z'),
  startedAt: new Date('2026-11-29T14:50:00Z'),
});

let db: BalcaoDb;
let a1: ReturnType<typeof makeA1>;
beforeAll(() => {
  a1 = makeA1({ cnpj: TILL_CNPJ });
});
beforeEach(async () => {
  db = getDb();
  await putNewerProducts(db, [shirt, bare]);
});
afterAll(() => removeA1Files());

const keepKey = () => keepTestKey(db, a1);

describe("the till's own note in contingency", () => {
  it('without the key it says where to import it; with it, the note is built, signed and its QR v3 verifies', async () => {
    await dropTillKeys(db, () => true);
    await expect(makeContingencyNote(db, sale(), TILL_VIEW)).rejects.toThrow(NO_TILL_KEY);
    const cert = await keepKey();
    const made = await makeContingencyNote(db, sale(), TILL_VIEW, seededRandom(7));
    // The larger of the till's own next (4) and the server's (12).
    expect(made.note.number).toBe(12);
    expect(made.note.contingency).toEqual({
      started_at: '2026-11-29T14:50:00.000Z',
      reason: 'Sem conexão com a SEFAZ',
    });
    // The crediário's entrada by pix and the financed rest as tPag 05, as the server maps it.
    expect(made.note.payments).toEqual([
      { method: 'pix', amount: 1000 },
      { method: 'crediario', amount: 4000 },
    ]);
    expect(made.note.items[0]!.approximate_taxes).toBeGreaterThan(0);
    expect(made.built.emission_type).toBe(9);
    const xml = made.signed.xml;
    expect(xml).toMatch(/<tpEmis>9<\/tpEmis>.*<dhCont>2026-11-29T11:50:00-03:00<\/dhCont><xJust>Sem conexão com a SEFAZ<\/xJust>/); // prettier-ignore
    expect(xml).toMatch(/<\/infNFe><infNFeSupl><qrCode>.*<\/infNFeSupl><Signature /);
    expect(xml).toContain(`<X509Certificate>${Buffer.from(cert.raw).toString('base64')}</X509Certificate>`);
    const qr = made.signed.qr_code;
    const signature = qr.slice(qr.lastIndexOf('|') + 1);
    const fields = offlineQrSignedFields(made.built.offline_qr!);
    expect(fields).toBe(`${made.built.key}|3|2|29|50.00|2|52998224725`);
    expect(verify('sha1', Buffer.from(fields), cert.publicKey, Buffer.from(signature, 'base64'))).toBe(true);
  });

  it('a product missing from the mirror, or without NCM, and a till without a series, a store not emitting: no note, the reason said', async () => {
    const missing = '00000000-0000-4000-8000-0000000000ff';
    await expect(makeContingencyNote(db, sale(body(missing)), TILL_VIEW)).rejects.toThrow(PRODUCT_NOT_ON_TILL);
    await expect(makeContingencyNote(db, sale(body(bare.id)), TILL_VIEW)).rejects.toThrow(/Produto sem NCM: Caneca/);
    const mirror = new Map([[shirt.id, shirt]]);
    expect(() => contingencyNoteOf(sale(), { ...TILL_VIEW, series: null }, mirror)).toThrow(NO_SERIES);
    expect(() => contingencyNoteOf(sale(), { ...TILL_VIEW, emission_enabled: false }, mirror)).toThrow(EMISSION_OFF);
  });

  it('a store on QR v2: with the CSC the note carries the v2 offline hash, never the CSC; without it, no note and why', async () => {
    await keepKey();
    const csc = 'CSC0TESTE0123456789ABCDEFGHIJKL';
    const v2 = { ...TILL_VIEW, note_issuer: { ...TILL_VIEW.note_issuer!, qr_version: 2 as const, csc_id: '1', csc } };
    const made = await makeContingencyNote(db, sale(), v2, seededRandom(7));
    expect(made.note.qr).toEqual({ version: 2, csc_id: '1', csc });
    // chave|2|tpAmb|dd|vNF|digVal in hex|idCSC|hash
    expect(made.signed.qr_code).toMatch(new RegExp(`\\?p=${made.built.key}\\|2\\|2\\|29\\|50\\.00\\|[0-9a-f]{56}\\|1\\|[0-9A-F]{40}$`));
    expect(made.signed.qr_code).not.toContain(csc);
    const withoutCsc = { ...v2, note_issuer: { ...v2.note_issuer, csc: null } };
    await expect(makeContingencyNote(db, sale(), withoutCsc)).rejects.toThrow(NO_CSC);
  });

  it("an older server's view (none of the till's note fields) still parses: kept, but no note offline", () => {
    const view = FiscalTillViewSchema.parse(OLDER_SERVER);
    expect(view).toMatchObject({ note_issuer: null, tax_rates: [], next_number: null, series: 3 });
    expect(contingencyNumber(null, view)).toBe(1);
    expect(() => contingencyNoteOf(sale(), view, new Map([[shirt.id, shirt]]))).toThrow(NO_ISSUER);
  });
});
