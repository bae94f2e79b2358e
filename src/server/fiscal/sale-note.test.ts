// A sale as its note says it (shared/fiscal/sale-note.ts): each product's fiscal data, or the store's
// defaults where it left them empty; the discounts as the sale has them (the builder
// shares the sale's as the sale did); a cash part as handed over (vTroco), a crediário's
// financed part as tPag 05; 'CPF na nota' as dest; the tributos aproximados from the IBPT
// rates (imported goods at the imported federal rate), and none without them. Every note
// signed and held to nfe_v4.00.xsd and xmlsec1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FiscalSettingsSchema } from '../../shared/contract';
import { buildNfce } from '../../shared/fiscal/nfce-xml';
import { nfceTotals } from '../../shared/fiscal/nfce-totals';
import { shareDiscount } from '../../shared/discounts';
import { SAMPLE_CNPJ } from '../../shared/fiscal/test/sample-note';
import { seededRandom } from '../../shared/seeded-random';
import type { EmitterContext } from './emitter-context';
import { noteOfSale, productsWithoutNcm, type SaleForNote } from '../../shared/fiscal/sale-note';
import { itemTaxes } from '../../shared/fiscal/approximate-taxes';
import { CSC, EMITTER, TECH } from './test/emission-fixtures';
import { testCertificates } from './test/certificates';
import {
  removeWrittenDocuments,
  requireTools,
  schemaFailures,
  verifySignature,
  writeDocuments,
} from './test/xml-tools';
import { createPemSigner } from './xml-signature';

const product = (over: Partial<SaleForNote['lines'][number]['product']> = {}) => ({
  sku: 'CAM-P', barcode: '7891000100103', name: 'Camiseta', size: 'P', color: 'Azul', ncm: '61091000',
  cest: null, cfop: null, csosn: null, origin: null, unit: 'UN', ...over,
}); // prettier-ignore

const sale = (over: Partial<SaleForNote> = {}): SaleForNote => ({
  id: '00000000-0000-4000-8000-000000000001',
  number: 'A-0042',
  discount: 301,
  lines: [
    { quantity: 2, unit_price: 3990, discount: 190, product: product() },
    { quantity: 1, unit_price: 999, discount: 0, product: product({ sku: 'REF', name: 'Refrigerante', size: '', color: '', ncm: '22021000', cest: '0300700', cfop: '5405', csosn: '500', origin: 2 }) }, // prettier-ignore
  ],
  parts: [
    { method: 'pix', amount: 5000, received: null },
    { method: 'cash', amount: 3488, received: 5000 },
  ],
  financed: 0,
  document: '52998224725',
  deviceId: null,
  ...over,
});

describe('a sale as its NFC-e', () => {
  const certs = testCertificates(SAMPLE_CNPJ);
  const settings = FiscalSettingsSchema.parse({
    emitter: EMITTER,
    tech_responsible: TECH,
    csc_id: '1',
    product_defaults: { cfop: '5102', csosn: '103', origin: 0 },
  });
  const context: EmitterContext = {
    tenantId: 'loja', version: 1, settings, qrVersion: 2, signer: createPemSigner(certs), keyPem: certs.keyPem,
    certPem: certs.certPem, certificateNotAfter: null, csc: CSC, problem: null,
  }; // prettier-ignore
  const place = { series: 7, number: 15, issuedAt: new Date('2026-11-29T14:00:00Z') };
  beforeAll(() => requireTools());
  afterAll(() => removeWrittenDocuments());

  it("takes the product's fiscal data or the store's defaults, the discounts, payments, change and dest", () => {
    const note = noteOfSale(sale(), context, place, new Map());
    expect(note.items.map((i) => [i.ncm, i.cfop, i.csosn, i.origin, i.cest ?? null])).toEqual([
      ['61091000', '5102', '103', 0, null],
      ['22021000', '5405', '500', 2, '0300700'],
    ]);
    expect(note.items[0]!.description).toBe('Camiseta P Azul');
    expect(note.payments).toEqual([
      { method: 'pix', amount: 5000 },
      { method: 'cash', amount: 5000 },
    ]);
    expect(note.customer).toEqual({ document: '52998224725' });
    const totals = nfceTotals(note);
    // The same shares the sale gave each line.
    const shares = shareDiscount(
      [
        { gross: 7980, discount: 190 },
        { gross: 999, discount: 0 },
      ],
      301,
    );
    expect(totals.lines.map((l) => l.net)).toEqual(shares.map((l) => l.total));
    expect(totals.total).toBe(8488);
    expect(totals.change).toBe(1512);
    expect(totals.approximate_taxes).toBeNull();
    expect(productsWithoutNcm(sale())).toEqual([]);
    expect(productsWithoutNcm(sale({ lines: [{ quantity: 1, unit_price: 1, discount: 0, product: product({ ncm: null }) }] }))).toEqual(['Camiseta']); // prettier-ignore
  });

  it('a crediário: the entrada as paid and the financed part as tPag 05; no CPF, no dest', () => {
    const note = noteOfSale(
      sale({ parts: [{ method: 'cash', amount: 2488, received: null }], financed: 6000, document: null }),
      context, place, new Map(),
    ); // prettier-ignore
    expect(note.payments).toEqual([
      { method: 'cash', amount: 2488 },
      { method: 'crediario', amount: 6000 },
    ]);
    expect(note.customer).toBeNull();
    const built = buildNfce(note, seededRandom(1));
    expect(built.xml).toContain('<detPag><tPag>05</tPag><vPag>60.00</vPag></detPag>');
    expect(built.xml).not.toContain('<dest>');
  });

  it('the tributos aproximados from the IBPT rates: imported goods at the imported federal rate', async () => {
    const rates = new Map([
      ['61091000', { federal_national: 13.45, federal_imported: 20, state: 18, municipal: 0 }],
      ['22021000', { federal_national: 10, federal_imported: 15.5, state: 12, municipal: 1 }],
    ]);
    const note = noteOfSale(sale(), context, place, rates);
    const nets = nfceTotals(note).lines.map((l) => l.net);
    expect(note.items.map((i) => i.approximate_taxes)).toEqual([
      Math.round((nets[0]! * 31.45) / 100),
      Math.round((nets[1]! * 28.5) / 100),
    ]);
    expect(itemTaxes(1000, 1, rates.get('61091000')).total).toBe(380);
    expect(itemTaxes(1000, 0, rates.get('61091000')).total).toBe(315);
    const signed = await Promise.all(
      [note, noteOfSale(sale(), context, place, new Map())].map((n, i) =>
        context.signer!.sign(buildNfce(n, seededRandom(i)).xml, 'infNFe'),
      ),
    );
    expect(signed[0]).toContain(`<vTotTrib>`);
    expect(signed[1]).not.toContain(`<vTotTrib>`);
    const paths = writeDocuments(signed, 'venda');
    expect(schemaFailures(paths)).toEqual([]);
    for (const path of paths) expect(verifySignature(path, certs.caPath).ok).toBe(true);
  });
});
