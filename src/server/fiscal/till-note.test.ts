// The note a till makes in offline contingency is, byte for byte, the note the server makes
// of the same sale. The server's path: the sale posted and read back from its rows
// (saleForNoteOf), mapped by noteOfSale with the store's emitter context from the database
// and the IBPT lookup, built, signed with the store's A1 (the PEM signer). The till's path:
// the fiscal view the route answers (GET /api/fiscal/till/{id}, parsed as the till parses
// it), the products as the API answers them (the mirror's rows), the same body the till
// posted, mapped by shared/fiscal/till-note.ts and signed with the A1's key in WebCrypto,
// not extractable. Both equal before signing and after (RSA-PKCS1 v1.5 is deterministic),
// valid against nfe_v4.00.xsd and verified by xmlsec1. The view gives the CSC (a QR v2
// offline's hash needs it) only to a till holding a contingency key in force; with it, the
// note with its QR v2 offline is the server's too.
import { createPrivateKey, randomUUID, X509Certificate } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FiscalTillViewSchema, SaleCreateSchema } from '../../shared/contract';
import { itemTaxes } from '../../shared/fiscal/approximate-taxes';
import { buildNfce } from '../../shared/fiscal/nfce-xml';
import { signNfce } from '../../shared/fiscal/nfce-sign';
import { noteOfSale } from '../../shared/fiscal/sale-note';
import { contingencyNoteOf, signContingencyNote, type TillProduct } from '../../shared/fiscal/till-note';
import { FISCAL_KEY_ALGORITHM } from '../../shared/fiscal/xml-dsig';
import { seededRandom } from '../../shared/seeded-random';
import { ibptRates, products } from '../db/schema';
import { databases } from '../test/testDb';
import { saleForNoteOf } from './notes/note-rebuilder';
import { removeA1Files } from './test/a1-files';
import { CSC, NCM, openEmissionStore, type EmissionStore } from './test/emission-fixtures';
import { tillKeyBody } from './test/till-key-fixtures';
import {
  removeWrittenDocuments,
  requireTools,
  schemaFailures,
  verifySignature,
  writeDocuments,
} from './test/xml-tools';

const RATES = { federal_national: 13.45, federal_imported: 24.8, state: 18, municipal: 0 };
const ibptRow = (tenantId: string, ncm: string) => ({
  tenantId, ncm, description: 'Teste', federalNational: String(RATES.federal_national),
  federalImported: String(RATES.federal_imported), state: String(RATES.state), municipal: String(RATES.municipal),
  validFrom: '2020-01-01', validUntil: '2099-12-31', key: 'TESTE', version: '26.1.A', source: 'IBPT', uf: 'SP',
}); // prettier-ignore

type Wire = z.input<typeof SaleCreateSchema> & { id: string };

describe.each(databases())("the till's contingency note is the server's, byte for byte (%s)", (kind) => {
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
  const keyed = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });
  const tillView = async () => {
    const res = await s.http.get(`/api/fiscal/till/${s.till.id}`, { token: s.cashier });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { raw: res.body.data as Record<string, unknown>, view: FiscalTillViewSchema.parse(res.body.data) };
  };

  /** The note of the sale `wire` (already posted) by the server's path and by the till's; both asserted equal. */
  const bothPaths = async (wire: Wire, productIds: string[], document: string | null, qrVersion: 2 | 3 = 3) => {
    const { view } = await tillView();
    const place = { series: s.till.series, number: 5, issuedAt: new Date('2026-11-29T15:00:00.000Z') };
    const startedAt = new Date('2026-11-29T14:52:00.000Z');
    const contingency = { started_at: startedAt.toISOString(), reason: 'Sem conexão com a SEFAZ' };

    // The server's path: the sale read from its rows, the emitter context from the database.
    const emission = s.ctx.app.emission.sales;
    const context = await emission.emitters.get(s.ctx.db, s.tenantId);
    expect(context.qrVersion).toBe(qrVersion);
    const read = (await saleForNoteOf(s.ctx.db, s.tenantId, wire.id, document))!;
    const rates = await emission.taxRates(s.ctx.db, s.tenantId, [...new Set(read.lines.map((l) => l.product.ncm!))]);
    const serverNote = { ...noteOfSale(read, context, place, rates), contingency };
    const serverBuilt = buildNfce(serverNote, seededRandom(34));
    const serverSigned = await signNfce(serverBuilt, context.signer!);

    // The till's path: the view, the API's products (the mirror's rows), the body it posted.
    const mirror = new Map<string, TillProduct>();
    for (const id of productIds)
      mirror.set(id, (await s.http.get(`/api/products/${id}`, { token: s.cashier })).body.data);
    const body = z.decode(SaleCreateSchema, wire);
    const tillNote = contingencyNoteOf({ saleId: wire.id, body, ...place, startedAt }, view, mirror);
    // The same note; on v3 but for the CSC and its id, which the server's context carries and a QR v3 never reads.
    if (qrVersion === 2) expect(tillNote).toEqual(serverNote);
    else expect({ ...tillNote, qr: null }).toEqual({ ...serverNote, qr: null });
    const pkcs8 = createPrivateKey(s.a1.keyPem).export({ type: 'pkcs8', format: 'der' });
    const key = await crypto.subtle.importKey('pkcs8', pkcs8, FISCAL_KEY_ALGORITHM, false, ['sign']);
    expect(key.extractable).toBe(false);
    const certificate_der = new X509Certificate(s.a1.certPem).raw;
    const till = await signContingencyNote(tillNote, { key, certificate_der }, seededRandom(34));
    expect(till.built.xml).toBe(serverBuilt.xml);
    expect(till.signed.xml).toBe(serverSigned.xml);
    const [path] = writeDocuments([`<?xml version="1.0" encoding="UTF-8"?>${till.signed.xml}`], 'caixa');
    expect(schemaFailures([path!])).toEqual([]);
    const verified = verifySignature(path!, s.a1.caPath);
    expect(verified.ok, verified.output).toBe(true);
    return { serverNote, tillNote, serverSigned, till };
  };

  it('the view tells the till the store as the note writes it, its QR version, and no CSC to a till without a key', async () => {
    const { raw, view } = await tillView();
    expect(JSON.stringify(raw)).not.toContain(CSC);
    expect(view.note_issuer).toMatchObject({
      crt: 1,
      qr_version: 3, // homologação in SP: the official list's 300
      csc_id: null,
      csc: null,
      emitter: { cnpj: '11222333000181', address: { city_code: '3550308', uf: 'SP', cep: '01001000' } },
      tech_responsible: { cnpj: '11444777000161', contact: 'Equipe Balcão' },
      product_defaults: { cfop: '5102', csosn: '102', origin: 0 },
    });
    expect(Object.keys(view.note_issuer!.tech_responsible).sort()).toEqual(['cnpj', 'contact', 'email', 'phone']);
    expect(view.next_number).toBe(1);
  });

  it('the same sale: the same NfceNote, the same XML built and the same XML signed', async () => {
    // A store that chose the QR Code v3: the server's note is the till's.
    const v3 = await s.http.put('/api/fiscal/settings', { qr_version: 3 }, keyed(s.admin));
    expect(v3.status, JSON.stringify(v3.body)).toBe(200);
    const shirt = await s.product({ price: 3990, name: 'Camiseta' });
    const soda = await s.product({ ncm: '22021000', price: 999, name: 'Refrigerante' });
    await s.ctx.db.update(products).set({ size: 'P', color: 'Azul', barcode: '7891000100103' }).where(and(eq(products.tenantId, s.tenantId), eq(products.id, shirt.id))); // prettier-ignore
    await s.ctx.db.update(products).set({ cest: '0300700', cfop: '5405', csosn: '500', origin: 2 }).where(and(eq(products.tenantId, s.tenantId), eq(products.id, soda.id))); // prettier-ignore
    // The table has the shirt's NCM and one no product has: the view carries the shirt's only.
    await s.ctx.db.insert(ibptRates).values([ibptRow(s.tenantId, NCM), ibptRow(s.tenantId, '85171231')]);

    const wire: Wire = {
      id: randomUUID(),
      customer_id: s.customerId,
      items: [
        { product_id: shirt.id, quantity: 2, unit_price: 39.9, discount: 1.9 },
        { product_id: soda.id, quantity: 1, unit_price: 9.99 },
      ],
      discount: 3.01,
      payment_method: 'pix',
      payments: [
        { method: 'pix', amount: 50 },
        { method: 'cash', amount: 34.88, received: 50 },
      ],
      number: 'A-0042',
      device_id: s.till.id,
      fiscal_document: '529.982.247-25',
    };
    const sold = await s.http.post('/api/sales', wire, keyed(s.cashier));
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(sold.body.data.number).toBe('A-0042');

    const { view } = await tillView();
    expect(view.tax_rates).toEqual([{ ncm: NCM, ...RATES }]);
    expect(view.next_number).toBe(2); // the online sale took number 1 of series 7
    expect(view.series).toBe(s.till.series);

    const { serverNote, tillNote, serverSigned, till } = await bothPaths(wire, [shirt.id, soda.id], '52998224725');
    expect(serverNote.qr).toEqual({ version: 3, csc_id: '1', csc: CSC });
    expect(tillNote.qr).toEqual({ version: 3, csc_id: null, csc: null });
    expect(till.signed.qr_code).toBe(serverSigned.qr_code);

    // What the note says: contingency, the product's data or the defaults, the IBPT taxes of the shirt.
    const xml = till.signed.xml;
    expect(xml).toContain('<tpEmis>9</tpEmis>');
    expect(xml).toContain('<xJust>Sem conexão com a SEFAZ</xJust>');
    expect(tillNote.items[0]!.description).toBe('Camiseta P Azul'); // homologação writes its own text on item 1
    expect(xml).toContain('<xProd>Refrigerante</xProd>');
    expect(xml).toContain('<CFOP>5405</CFOP>');
    expect(xml).toContain('<CPF>52998224725</CPF>');
    expect(xml).toContain('<vTroco>15.12</vTroco>');
    expect(xml).toContain('<infCpl>Venda A-0042</infCpl>');
    expect(tillNote.items[0]!.approximate_taxes).toBe(itemTaxes(7790 - 267, 0, RATES).total);
    expect(tillNote.items[1]!.approximate_taxes).toBeUndefined();
    expect(till.signed.qr_code).toMatch(
      new RegExp(`\\?p=${till.built.key}\\|3\\|2\\|29\\|84\\.88\\|2\\|52998224725\\|`),
    );
  });

  it('a crediário made offline with its entrada by pix, and a sale in cash alone without CPF: the same too', async () => {
    const shirt = await s.product({ price: 3990, name: 'Camiseta' });
    const credit: Wire = {
      id: randomUUID(), customer_id: s.customerId, offline: true, sold_at: new Date().toISOString(),
      items: [{ product_id: shirt.id, quantity: 3, unit_price: 39.9 }], payment_method: 'crediario',
      crediario: { entrada: 19.7, entrada_method: 'pix', parcelas: 2, vencimentos: ['2026-12-29', '2027-01-29'] },
      number: 'A-0043', device_id: s.till.id, fiscal_document: '11.444.777/0001-61',
    }; // prettier-ignore
    const crediario = await s.http.post('/api/sales', credit, keyed(s.cashier));
    expect(crediario.status, JSON.stringify(crediario.body)).toBe(201);
    const first = await bothPaths(credit, [shirt.id], '11444777000161');
    expect(first.tillNote.payments).toEqual([
      { method: 'pix', amount: 1970 },
      { method: 'crediario', amount: 10_000 },
    ]);
    expect(first.till.signed.xml).toContain('<CNPJ>11444777000161</CNPJ>');

    const cash = { id: randomUUID(), customer_id: s.customerId, items: [{ product_id: shirt.id, quantity: 1, unit_price: 39.9 }], payment_method: 'cash' as const, number: 'A-0044', device_id: s.till.id }; // prettier-ignore
    const sold = await s.http.post('/api/sales', cash, keyed(s.cashier));
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const second = await bothPaths(cash, [shirt.id], null);
    expect(second.tillNote.customer).toBeNull();
    expect(second.tillNote.payments).toEqual([{ method: 'cash', amount: 3990 }]);
  });

  it('a store on QR v2: a till holding a key in force gets the CSC, and its note is the server\'s, the QR v2 offline too', async () => {
    const v2 = await s.http.put('/api/fiscal/settings', { qr_version: 2 }, keyed(s.admin));
    expect(v2.status, JSON.stringify(v2.body)).toBe(200);
    const registered = await s.http.post('/api/fiscal/till-keys', tillKeyBody(s.a1, s.till.id), keyed(s.admin));
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const { view } = await tillView();
    expect(view.note_issuer).toMatchObject({ qr_version: 2, csc_id: '1', csc: CSC });

    const shirt = await s.product({ price: 3990, name: 'Camiseta' });
    const cash = { id: randomUUID(), customer_id: s.customerId, items: [{ product_id: shirt.id, quantity: 1, unit_price: 39.9 }], payment_method: 'cash' as const, number: 'A-0045', device_id: s.till.id }; // prettier-ignore
    const sold = await s.http.post('/api/sales', cash, keyed(s.cashier));
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const { tillNote, till, serverSigned } = await bothPaths(cash, [shirt.id], null, 2);
    expect(tillNote.qr).toEqual({ version: 2, csc_id: '1', csc: CSC });
    expect(till.signed.qr_code).toBe(serverSigned.qr_code);
    // chave|2|tpAmb|dd|vNF|digVal in hex|idCSC|hash: the CSC's hash, never the CSC itself.
    expect(till.signed.qr_code).toMatch(new RegExp(`\\?p=${till.built.key}\\|2\\|2\\|29\\|39\\.90\\|[0-9a-f]{56}\\|1\\|[0-9A-F]{40}$`));
    expect(till.signed.qr_code).not.toContain(CSC);
  });
});
