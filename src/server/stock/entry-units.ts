// The arithmetic of goods in, exact: an NF-e line's quantity (decimal text, up to 4 places)
// times the units in one package gives the units into stock, which must be whole; the cost
// of one unit is the line's acquisition cost (centavos) over its units, rounded to the
// centavo; a product's cost price after an entry is that cost ('last') or the weighted
// average of the stock on hand and what came in ('average'). What the rounding leaves
// over is the product's cost remainder, so stock x cost + remainder is exact.
import type { StockCostMethod } from '../../shared/contract';

const SCALE = 10_000;

/** A decimal text with up to 4 places as an integer of ten-thousandths ('1.25' => 12500). */
export function tenThousandths(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * SCALE + Number(fraction.padEnd(4, '0').slice(0, 4));
}

/** Units in one package as the note itself says (qTrib units per qCom package), or null. */
export function factorFromTaxUnit(line: {
  unit: string;
  quantity: string;
  tax_unit: string;
  tax_quantity: string;
}): number | null {
  if (line.unit.trim().toUpperCase() === line.tax_unit.trim().toUpperCase()) return null;
  const q = tenThousandths(line.quantity);
  const t = tenThousandths(line.tax_quantity);
  if (q <= 0 || t <= q || t % q !== 0) return null;
  return t / q;
}

/** Whole units into stock for `quantity` packages of `perPackage` units; null when not whole. */
export function unitsOf(quantity: string, perPackage: number): number | null {
  const scaled = tenThousandths(quantity) * perPackage;
  if (scaled <= 0 || scaled % SCALE !== 0) return null;
  return scaled / SCALE;
}

/** Integer division rounded half up (non-negative numbers). */
function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Cost of one unit: the total over the units, to the centavo. */
export function costPerUnit(totalCents: number, units: number): number {
  return divideRounded(totalCents, units);
}

/** A product's cost price and the centavos its stock's value holds beyond stock x cost. */
export interface ProductCost {
  cost: number;
  remainder: number;
}

/**
 * A product's cost after `unitsIn` units costing `totalIn` centavos in all came in on top
 * of `stock` units at `cost` (plus `remainder`). The value of the stock after is exact:
 * (stock + unitsIn) x cost + remainder is the value before plus totalIn ('average'), or
 * the stock revalued at the new cost plus totalIn's rounding ('last'). Stock at or below
 * zero has no cost to average with.
 */
export function costAfterEntry(
  method: StockCostMethod,
  before: { stock: number } & ProductCost,
  unitsIn: number,
  totalIn: number,
): ProductCost {
  if (method === 'last' || before.stock <= 0) {
    const cost = costPerUnit(totalIn, unitsIn);
    return { cost, remainder: totalIn - unitsIn * cost };
  }
  const value = before.stock * before.cost + before.remainder + totalIn;
  const units = before.stock + unitsIn;
  const cost = divideRounded(Math.max(0, value), units);
  return { cost, remainder: value - units * cost };
}

/** A sale price of `markupPercent` over `cost` (centavos, to the centavo). */
export function priceWithMarkup(cost: number, markupPercent: number): number {
  // The markup has at most two decimals: work in hundredths of a percent.
  return divideRounded(cost * (10_000 + Math.round(markupPercent * 100)), 10_000);
}
