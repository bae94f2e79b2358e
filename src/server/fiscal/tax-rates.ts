// Tributos aproximados (Lei 12.741/2012): each item's vTotTrib from the store's IBPT table,
// read through an injected lookup (the IBPT import provides the real one; the app factory's
// `taxRates` option wires it). Without a table the lookup answers nothing and the note
// carries no vTotTrib, without an error.
import type { DbOrTx } from '../db/client';

/** Percentages of one NCM, as IBPT publishes them (e.g. 13.45 = 13,45%). */
export interface TaxRates {
  /** Federal, goods of national origin. */
  federal_national: number;
  /** Federal, imported goods. */
  federal_imported: number;
  state: number;
  municipal: number;
}

/** The rates of the NCMs asked that the store's table has, by NCM (8 digits). */
export type TaxRatesLookup = (tx: DbOrTx, tenantId: string, ncms: string[]) => Promise<Map<string, TaxRates>>;

/** No table: every note without vTotTrib. */
export const noTaxRates: TaxRatesLookup = async () => new Map();

/** Origens whose goods IBPT counts as imported (1, 2, 6, 7: estrangeira). */
const IMPORTED_ORIGINS = new Set([1, 2, 6, 7]);

/** An item's approximate taxes in centavos, from what it costs in the note (vProd - vDesc). */
export function approximateTaxes(net: number, origin: number, rates: TaxRates): number {
  const federal = IMPORTED_ORIGINS.has(origin) ? rates.federal_imported : rates.federal_national;
  const percent = federal + rates.state + rates.municipal;
  return Math.round((net * percent) / 100);
}
