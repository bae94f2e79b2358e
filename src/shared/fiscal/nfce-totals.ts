// The amounts of a note, in integer centavos: each item's vProd (quantity × unit price to
// the centavo) and vDesc (its own discount plus its share of the sale's, shared as the sale
// shares it, to the centavo), the totals, and what the payments add up to and give back.
import { shareDiscount } from '../discounts';
import type { NfceItem, NfceNote, NfcePayment } from './nfce-note';
import { quantityE4 } from './text';

export interface NfceLineAmounts {
  /** vProd: quantity × unit price, rounded to the centavo. */
  gross: number;
  /** vDesc: the item's own discount plus its share of the sale's. */
  discount: number;
  /** What the item costs in the note: gross - discount. */
  net: number;
}

export interface NfceTotals {
  lines: NfceLineAmounts[];
  /** vProd, vDesc, vNF. */
  products: number;
  discount: number;
  total: number;
  /** Σ vPag and vTroco. */
  paid: number;
  change: number;
  approximate_taxes: number | null;
}

const gross = (item: NfceItem) => {
  const e4 = BigInt(quantityE4(item.quantity)!);
  return Number((e4 * BigInt(item.unit_price) + 5000n) / 10_000n);
};

/** vPag of a part: what it paid (a cash part's amount includes the change it gave back). */
export const paid = (payment: NfcePayment) => payment.amount;

/** The note's amounts: each item's vProd and vDesc (the sale's discount shared to the centavo), totals, change. */
export function nfceTotals(note: NfceNote): NfceTotals {
  const own = note.items.map((item) => ({ gross: gross(item), discount: item.discount ?? 0 }));
  const shared = shareDiscount(own, note.discount ?? 0);
  const lines = shared.map((l) => ({ gross: l.gross, discount: l.gross - l.total, net: l.total }));
  const products = lines.reduce((s, l) => s + l.gross, 0);
  const discount = lines.reduce((s, l) => s + l.discount, 0);
  const total = products - discount;
  const sumPaid = note.payments.reduce((s, p) => s + paid(p), 0);
  const taxes = note.items.map((i) => i.approximate_taxes ?? null);
  return {
    lines,
    products,
    discount,
    total,
    paid: sumPaid,
    change: sumPaid - total,
    approximate_taxes: taxes.every((t) => t === null) ? null : taxes.reduce<number>((s, t) => s + (t ?? 0), 0),
  };
}
