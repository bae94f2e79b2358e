// The NFC-e a till makes itself for a sale it just recorded while SEFAZ (or the server)
// could not be reached: offline contingency, tpEmis 9 (docs/nfce-contingency.md, 'O caixa
// monta a nota'). Pure, and shared so the server's tests hold it to the server's own path:
// the note is the one the server would make of the same sale, the sale as the server reads
// the same body (its lines, discounts, parts, financed part and 'CPF na nota'), the
// products with their fiscal fields as the till's mirror has them, and the store as the
// till's fiscal view told it (note_issuer, the IBPT rates); mapped by the same noteOfSale
// and written by the same builder, so the bytes are the server's. Signed with the till's
// key, the QR Code v3 made from that signature: the CSC of a v2 never leaves the server.
// The device's side (the mirror, the key in IndexedDB) is app/counter/contingency-note.ts.
import type { FiscalTillView } from '../contract/fiscal-till';
import type { SaleCreate } from '../contract/sales';
import type { TaxRates } from './approximate-taxes';
import type { NfceNote } from './nfce-note';
import { signNfce, type SignedNfce } from './nfce-sign';
import { buildNfce, type BuiltNfce } from './nfce-xml';
import { NO_NCM, noteOfSale, productsWithoutNcm, type NoteIssuerWithCsc, type SaleForNote } from './sale-note';
import { createXmlSigner, type FiscalSigningKey } from './xml-dsig';

/** A product as the till's mirror keeps it (the API's answer): what a note's item takes of it. */
export interface TillProduct {
  id: string;
  sku: string;
  name: string;
  barcode?: string | null;
  size?: string | null;
  color?: string | null;
  ncm?: string | null;
  cest?: string | null;
  cfop?: string | null;
  csosn?: string | null;
  origin?: number | null;
  unit?: string;
}

/** xJust of a note made because the till could not reach SEFAZ (15 to 256 characters). */
export const CONTINGENCY_REASON = 'Sem conexão com a SEFAZ';

/** Why the till cannot make the note itself (the message says what to do, in pt-BR). */
export class ContingencyNoteError extends Error {
  override name = 'ContingencyNoteError';
}

export const EMISSION_OFF = 'A loja não emite NFC-e (Configurações > Fiscal): não há nota a fazer.';
export const NO_ISSUER =
  'Este caixa ainda não recebeu os dados do emitente para emitir em contingência: abra o Balcão com internet.';
export const NO_CSC =
  'Este caixa ainda não recebeu o CSC para o QR Code v2 da contingência: abra o Balcão com internet (com a chave importada).';
export const NO_SERIES = 'Este caixa não tem série de NFC-e: defina em Configurações > Fiscal.';
export const NO_SALE_NUMBER = 'A venda não tem número neste caixa: a nota em contingência não pode ser feita.';
export const PRODUCT_NOT_ON_TILL =
  'Um produto desta venda não está na cópia do catálogo deste caixa: a nota em contingência não pode ser feita.';

/** The store as the till's fiscal view tells it, as noteOfSale takes it (the CSC for a QR v2); null: the view lacks it. */
export function tillNoteIssuer(view: FiscalTillView): NoteIssuerWithCsc | null {
  const issuer = view.note_issuer;
  if (!issuer) return null;
  return {
    settings: {
      environment: view.environment,
      emitter: issuer.emitter,
      crt: issuer.crt,
      tech_responsible: issuer.tech_responsible,
      csc_id: issuer.csc_id,
      product_defaults: issuer.product_defaults,
    },
    qrVersion: issuer.qr_version,
    csc: issuer.csc,
  };
}

/** The view's IBPT rates by NCM. */
export const tillTaxRates = (view: FiscalTillView): ReadonlyMap<string, TaxRates> =>
  new Map(view.tax_rates.map(({ ncm, ...rates }) => [ncm, rates]));

/** The number a contingency note takes: the larger of the till's own next and the server's (null: unknown). */
export const contingencyNumber = (own: number | null, view: FiscalTillView): number =>
  Math.max(own ?? 1, view.next_number ?? 1);

/** The sale as the server reads the same body (server/sales/create: the lines, the parts, the financed part). */
export function saleForNoteOfBody(
  saleId: string,
  body: SaleCreate,
  products: ReadonlyMap<string, TillProduct>,
): SaleForNote {
  if (!body.number) throw new ContingencyNoteError(NO_SALE_NUMBER);
  const lines = body.items.map((item) => {
    const p = products.get(item.product_id);
    if (!p) throw new ContingencyNoteError(PRODUCT_NOT_ON_TILL);
    return {
      quantity: item.quantity,
      unit_price: item.unit_price,
      discount: item.discount ?? 0,
      product: {
        sku: p.sku,
        barcode: p.barcode ?? null,
        name: p.name,
        size: p.size ?? null,
        color: p.color ?? null,
        ncm: p.ncm ?? null,
        cest: p.cest ?? null,
        cfop: p.cfop ?? null,
        csosn: p.csosn ?? null,
        origin: p.origin ?? null,
        unit: p.unit ?? 'UN',
      },
    };
  });
  const discount = body.discount ?? 0;
  const total = lines.reduce((s, l) => s + l.quantity * l.unit_price - l.discount, 0) - discount;
  return {
    id: saleId,
    number: body.number,
    discount,
    lines,
    parts: partsOf(body, total),
    financed: body.payment_method === 'crediario' ? total - (body.crediario?.entrada ?? 0) : 0,
    document: body.fiscal_document ?? null,
    deviceId: body.device_id ?? null,
  };
}

/** The parts as the server plans them (sales/records/sale-payments.ts plannedParts). */
function partsOf(body: SaleCreate, total: number): SaleForNote['parts'] {
  if (body.payment_method === 'crediario') {
    const entrada = body.crediario?.entrada ?? 0;
    return entrada > 0 ? [{ method: body.crediario?.entrada_method ?? 'cash', amount: entrada, received: null }] : [];
  }
  if (!body.payments) return total > 0 ? [{ method: body.payment_method, amount: total, received: null }] : [];
  return body.payments.map((p) => ({ method: p.method, amount: p.amount, received: p.received ?? null }));
}

export interface ContingencySale {
  saleId: string;
  /** The sale as finished (finish-sale.ts: with its number, device and 'CPF na nota'). */
  body: SaleCreate;
  /** The note's number in the till's series (contingencyNumber). */
  number: number;
  issuedAt: Date;
  /** When the till entered contingency (at or before issuedAt). */
  startedAt: Date;
  reason?: string;
}

/** The sale's note in offline contingency, as the server would map the same sale (throws ContingencyNoteError). */
export function contingencyNoteOf(
  sale: ContingencySale,
  view: FiscalTillView,
  products: ReadonlyMap<string, TillProduct>,
): NfceNote {
  if (!view.emission_enabled) throw new ContingencyNoteError(EMISSION_OFF);
  const issuer = tillNoteIssuer(view);
  if (!issuer) throw new ContingencyNoteError(NO_ISSUER);
  if (issuer.qrVersion === 2 && (!issuer.csc || !issuer.settings.csc_id)) throw new ContingencyNoteError(NO_CSC);
  if (view.series === null) throw new ContingencyNoteError(NO_SERIES);
  const forNote = saleForNoteOfBody(sale.saleId, sale.body, products);
  const missing = productsWithoutNcm(forNote);
  if (missing.length) throw new ContingencyNoteError(NO_NCM(missing));
  const place = { series: view.series, number: sale.number, issuedAt: sale.issuedAt };
  const note = noteOfSale(forNote, issuer, place, tillTaxRates(view));
  return {
    ...note,
    contingency: { started_at: sale.startedAt.toISOString(), reason: sale.reason ?? CONTINGENCY_REASON },
  };
}

/** Builds the note and signs it with the till's key; the QR Code v3 comes from that signature. */
export async function signContingencyNote(
  note: NfceNote,
  key: FiscalSigningKey,
  random: () => number = Math.random,
): Promise<{ built: BuiltNfce; signed: SignedNfce }> {
  const built = buildNfce(note, random);
  const signer = createXmlSigner(key);
  return { built, signed: await signNfce(built, signer) };
}
