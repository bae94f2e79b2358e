// Tributos aproximados (Lei 12.741/2012): each item's vTotTrib from the store's IBPT table,
// read through an injected lookup (ibpt-table.ts taxRatesFor by default; the app factory's
// `taxRates` option replaces it); the rule of an item's value is in
// src/shared/fiscal/approximate-taxes.ts. Without a table the lookup answers nothing and the
// note carries no vTotTrib, without an error.
import type { DbOrTx } from '../db/client';

export type { TaxRates } from '../../shared/fiscal/approximate-taxes';
import type { TaxRates } from '../../shared/fiscal/approximate-taxes';

/** The rates of the NCMs asked that the store's table has, by NCM (8 digits): ibpt-table.ts taxRatesFor. */
export type TaxRatesLookup = (tx: DbOrTx, tenantId: string, ncms: string[]) => Promise<ReadonlyMap<string, TaxRates>>;
