// A sale as its NFC-e says it (the builder's NfceNote): the store's emitter and settings,
// each line with its product's fiscal data (CFOP, CSOSN and origem falling back to the
// store's defaults), the discounts as the sale has them (each line's own, and the sale's
// shared out by the same arithmetic), the payments with their tPag (a cash part as handed
// over, so the builder writes the change as vTroco; a crediário's financed part as tPag
// 05), 'CPF na nota' as dest, and the approximate taxes from the IBPT rates when the store
// has them. Pure: the number is given by the caller. Shared: the server maps a sale with
// its emitter context (server/fiscal/emitter-context.ts satisfies NoteIssuer, with the CSC),
// and the till maps the sale it made in contingency with what its fiscal view told it
// (counter/contingency-note.ts, without the CSC: that never leaves the server), so both
// build the same note from the same sale.
import type { NfceItem, NfceNote, NfcePayment } from './nfce-note';
import type { NfcePaymentMethod } from './payment-codes';
import { nfceTotals } from './nfce-totals';
import { TP_AMB, type FiscalSettings } from '../contract/fiscal-settings';
import type { QrVersion } from './sefaz';
import { itemTaxes, type TaxRates } from './approximate-taxes';

/** The software's version in the note (verProc). */
export const APP_VERSION = 'Balcao 0.1.0';

/** What a note needs of a sale, as the sale's pipeline checked it. */
export interface SaleForNote {
  id: string;
  /** The sale's number, written in infCpl for the DANFE. */
  number: string;
  /** The discount on the whole sale, centavos. */
  discount: number;
  lines: {
    quantity: number;
    /** centavos, before discounts */
    unit_price: number;
    /** The line's own discount, centavos. */
    discount: number;
    product: {
      sku: string;
      barcode: string | null;
      name: string;
      size: string | null;
      color: string | null;
      ncm: string | null;
      cest: string | null;
      cfop: string | null;
      csosn: string | null;
      origin: number | null;
      unit: string;
    };
  }[];
  /** The parts paid at the till: method, what the part paid and, for cash, what was handed over. */
  parts: { method: NfcePaymentMethod; amount: number; received: number | null }[];
  /** centavos on crediário (total - entrada); 0 otherwise. */
  financed: number;
  /** 'CPF na nota': the consumer's CPF or CNPJ (bare), or none. */
  document: string | null;
  /** The till that sold it (null: none named). */
  deviceId: string | null;
}

export const NO_NCM = (names: string[]) =>
  `Produto sem NCM: ${names.join(', ')}. Preencha o NCM em Produtos para emitir as próximas notas.`;

/** The products of the sale that cannot go in a note (no NCM), by name. */
export function productsWithoutNcm(sale: SaleForNote): string[] {
  return [...new Set(sale.lines.filter((l) => !l.product.ncm).map((l) => l.product.name))];
}

/**
 * What of the store a note needs: plain data, no signer, no key, no CSC. The server's
 * EmitterContext is one (its settings and the QR version in use); the till makes one from
 * its fiscal view (its emitter and Responsável Técnico filled: a store without them does
 * not emit).
 */
export interface NoteIssuer {
  settings: Pick<
    FiscalSettings,
    'environment' | 'emitter' | 'crt' | 'tech_responsible' | 'csc_id' | 'product_defaults'
  >;
  qrVersion: QrVersion | null;
}

/** The server's issuer with the CSC (QR v2); the till never has it. */
export type NoteIssuerWithCsc = NoteIssuer & { csc?: string | null };

const description = (p: SaleForNote['lines'][number]['product']) =>
  [p.name, p.size, p.color].filter((part) => part && part.trim()).join(' ');

/** The note of `sale` with `series` and `number`, issued at `issuedAt`. */
export function noteOfSale(
  sale: SaleForNote,
  context: NoteIssuerWithCsc,
  place: { series: number; number: number; issuedAt: Date },
  rates: ReadonlyMap<string, TaxRates>,
): NfceNote {
  const { settings } = context;
  const defaults = settings.product_defaults;
  const items: NfceItem[] = sale.lines.map((line) => ({
    code: line.product.sku,
    barcode: line.product.barcode,
    description: description(line.product),
    ncm: line.product.ncm ?? '',
    cest: line.product.cest,
    cfop: line.product.cfop ?? defaults.cfop,
    unit: line.product.unit || 'UN',
    quantity: line.quantity,
    unit_price: line.unit_price,
    discount: line.discount,
    origin: line.product.origin ?? defaults.origin,
    csosn: (line.product.csosn ?? defaults.csosn) as NfceItem['csosn'],
  }));
  const payments: NfcePayment[] = sale.parts.map((part) => ({
    method: part.method,
    amount: part.method === 'cash' && part.received !== null ? part.received : part.amount,
  }));
  if (sale.financed > 0) payments.push({ method: 'crediario', amount: sale.financed });
  const note: NfceNote = {
    environment: TP_AMB[settings.environment],
    series: place.series,
    number: place.number,
    issued_at: place.issuedAt.toISOString(),
    emitter: { ...settings.emitter!, crt: settings.crt },
    customer: sale.document ? { document: sale.document } : null,
    items,
    discount: sale.discount,
    payments,
    tech_responsible: settings.tech_responsible!,
    qr: { version: context.qrVersion!, csc_id: settings.csc_id, csc: context.csc ?? null },
    app_version: APP_VERSION,
    additional_info: `Venda ${sale.number}`,
  };
  if (rates.size === 0) return note;
  const lines = nfceTotals(note).lines;
  return {
    ...note,
    items: items.map((item, i) => {
      const r = rates.get(item.ncm);
      return r ? { ...item, approximate_taxes: itemTaxes(lines[i]!.net, item.origin, r).total } : item;
    }),
  };
}
