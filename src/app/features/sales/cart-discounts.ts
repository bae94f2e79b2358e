// The discounts of the sale being rung up (shared/discounts.ts, the server's own rule):
// why they cannot be given, and the figures the summary shows. `limit` is the cashier's
// largest discount in percent, null when an admin is signed in (no limit).
import {
  discountOverLimit,
  LINE_DISCOUNT_TOO_HIGH,
  SALE_DISCOUNT_TOO_HIGH,
  withinLimit,
  type DiscountInput,
} from '../../../shared/discounts';
import { lineDiscount, lineGross, lineTotal, saleDiscountOf, type CartLine } from './cart';

export const CAIXA_CLOSED_TEXT = 'Abra o caixa antes de finalizar a venda.';

/** Why these discounts cannot be given (null: they can). */
export function discountProblem(
  lines: CartLine[],
  saleDiscount: DiscountInput | null,
  limit: number | null,
): string | null {
  if (lines.some((l) => lineDiscount(l) > lineGross(l))) return LINE_DISCOUNT_TOO_HIGH;
  const net = lines.reduce((s, l) => s + lineTotal(l), 0);
  const off = saleDiscountOf(lines, saleDiscount);
  if (off > net) return SALE_DISCOUNT_TOO_HIGH;
  if (limit === null) return null;
  const parts = lines.map((l) => ({ gross: lineGross(l), discount: lineDiscount(l) }));
  return withinLimit(parts, off, limit) ? null : discountOverLimit(limit);
}

export interface DiscountFigures {
  /** centavos before any discount */
  gross: number;
  /** centavos off the lines and the sale together */
  given: number;
  /** centavos off the sale itself */
  sale: number;
}

export function discountFigures(lines: CartLine[], saleDiscount: DiscountInput | null): DiscountFigures {
  const gross = lines.reduce((s, l) => s + lineGross(l), 0);
  const sale = saleDiscountOf(lines, saleDiscount);
  return { gross, sale, given: lines.reduce((s, l) => s + lineDiscount(l), 0) + sale };
}
