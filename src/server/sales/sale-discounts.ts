// Discounts (DESIGN.md, Counter rules): per line and per sale, in centavos. A line's
// discount comes off its quantity × unit_price; the sale's is shared out over the lines in
// proportion to what each still costs (largest remainders, so the shares add up to the
// centavo), and each line's total_price is what was charged for it: the day totals, the
// DRE's revenue and the margins count revenue net of discounts with no change. The price
// rule compares the undiscounted unit_price, as before. A cashier (role user) may give at
// most the store's cashier_max_discount_percent of what is discounted (per line and in all);
// an admin has no limit. Online beyond it is a 409; an offline sale already happened at the
// till: it is recorded with a 'discount' conflict for admins to review.
import type { SaleCreate } from '../../shared/contract';
import { badRequest } from '../errors';

export const LINE_DISCOUNT_TOO_HIGH = 'O desconto não pode ser maior que o valor do item.';
export const SALE_DISCOUNT_TOO_HIGH = 'O desconto não pode ser maior que o total da venda.';

export const discountOverLimit = (limit: number) =>
  `Desconto acima do limite do caixa: no máximo ${limit}%. Só um administrador pode dar um desconto maior.`;

export interface DiscountedLine {
  gross: number;
  discount: number;
  total: number;
}

/** Each line's gross, own discount and charged total; throws the 400 that refuses the sale. */
export function discountedLines(input: SaleCreate): { lines: DiscountedLine[]; discount: number } {
  const lines = input.items.map((item, i) => {
    const gross = item.quantity * item.unit_price;
    const discount = item.discount ?? 0;
    if (discount > gross) {
      throw badRequest(LINE_DISCOUNT_TOO_HIGH, [{ path: `items.${i}.discount`, message: LINE_DISCOUNT_TOO_HIGH }]);
    }
    return { gross, discount, total: gross - discount };
  });
  const saleDiscount = input.discount ?? 0;
  const net = lines.reduce((s, l) => s + l.total, 0);
  if (saleDiscount > net) {
    throw badRequest(SALE_DISCOUNT_TOO_HIGH, [{ path: 'discount', message: SALE_DISCOUNT_TOO_HIGH }]);
  }
  if (saleDiscount > 0) {
    // Largest remainders: floor shares, then one centavo more to the largest remainders.
    const exact = lines.map((l) => (saleDiscount * l.total) / net);
    const shares = exact.map(Math.floor);
    let left = saleDiscount - shares.reduce((a, b) => a + b, 0);
    const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
    for (const { i } of order) {
      if (left === 0) break;
      shares[i]! += 1;
      left -= 1;
    }
    lines.forEach((l, i) => (l.total -= shares[i]!));
  }
  return { lines, discount: saleDiscount };
}

/** Whether a cashier limited to `limit` percent may give these discounts (integers: exact). */
export function withinLimit(lines: readonly DiscountedLine[], saleDiscount: number, limit: number): boolean {
  if (lines.some((l) => l.discount * 100 > limit * l.gross)) return false;
  const gross = lines.reduce((s, l) => s + l.gross, 0);
  const given = lines.reduce((s, l) => s + l.discount, 0) + saleDiscount;
  return given * 100 <= limit * gross;
}
