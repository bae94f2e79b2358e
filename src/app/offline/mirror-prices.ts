// The mirror keeps a product's prices in centavos, as sales, carts and the finance
// overlay do: the server's reais become centavos once, where a pulled page is written
// (mirror.ts), and a device that stored reais before is converted by its upgrade (db.ts).
import { toCentavos } from '../../shared/money';

/** A product's price fields: reais as the API sends them, or centavos as the mirror keeps them. */
interface Priced {
  sale_price: number;
  cost_price?: number | undefined;
}

/** The row with its prices from reais to centavos (an absent cost price stays absent). */
export function pricesInCentavos<T extends Priced>(row: T): T {
  const converted = { ...row, sale_price: toCentavos(row.sale_price) };
  if (row.cost_price !== undefined) converted.cost_price = toCentavos(row.cost_price);
  return converted;
}
