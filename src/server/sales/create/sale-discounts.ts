// Discounts (DESIGN.md, Counter rules): per line and per sale, in centavos. A line's
// discount comes off its quantity × unit_price; the sale's is shared out over the lines in
// proportion to what each still costs (largest remainders, so the shares add up to the
// centavo), and each line's total_price is what was charged for it: the day totals, the
// DRE's revenue and the margins count revenue net of discounts with no change. The price
// rule compares the undiscounted unit_price, as before. A cashier (role user) may give at
// most the store's cashier_max_discount_percent of what is discounted (per line and in all);
// an admin has no limit. Online beyond it is a 409; an offline sale already happened at the
// till: it is recorded with a 'discount' conflict for admins to review. The arithmetic and
// the limit are shared/discounts.ts, the same the till applies.
import type { SaleCreate } from '../../../shared/contract';
import {
  LINE_DISCOUNT_TOO_HIGH,
  SALE_DISCOUNT_TOO_HIGH,
  shareDiscount,
  type DiscountedLine,
} from '../../../shared/discounts';
import { badRequest } from '../../errors';

export {
  discountOverLimit,
  LINE_DISCOUNT_TOO_HIGH,
  SALE_DISCOUNT_TOO_HIGH,
  withinLimit,
} from '../../../shared/discounts';
export type { DiscountedLine } from '../../../shared/discounts';

/** Each line's gross, own discount and charged total; throws the 400 that refuses the sale. */
export function discountedLines(input: SaleCreate): { lines: DiscountedLine[]; discount: number } {
  const lines = input.items.map((item, i) => {
    const gross = item.quantity * item.unit_price;
    const discount = item.discount ?? 0;
    if (discount > gross) {
      throw badRequest(LINE_DISCOUNT_TOO_HIGH, [{ path: `items.${i}.discount`, message: LINE_DISCOUNT_TOO_HIGH }]);
    }
    return { gross, discount };
  });
  const saleDiscount = input.discount ?? 0;
  const net = lines.reduce((s, l) => s + l.gross - l.discount, 0);
  if (saleDiscount > net) {
    throw badRequest(SALE_DISCOUNT_TOO_HIGH, [{ path: 'discount', message: SALE_DISCOUNT_TOO_HIGH }]);
  }
  return { lines: shareDiscount(lines, saleDiscount), discount: saleDiscount };
}
