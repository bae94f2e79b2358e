// What the crediário credit rule needs for a run of sales (shared/credit.ts): the store's
// default limit and each customer's open crediário (pending instalments of their sales),
// read only when a cashier sells on crediário (an admin has no limit).
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { SaleCreate } from '../../shared/contract';
import type { StoreSettings } from '../../shared/contract/settings';
import type { DbOrTx } from '../db/client';
import { accountsReceivable } from '../db/schema';
import type { CreditState } from './sale-plan';

/** Each customer's open crediário in centavos (absent: none). */
export async function openCrediario(
  t: DbOrTx,
  tenantId: string,
  customerIds: readonly string[],
): Promise<Map<string, number>> {
  const ids = [...new Set(customerIds)];
  if (ids.length === 0) return new Map();
  const r = accountsReceivable;
  const rows = await t
    .select({ customerId: r.customerId, open: sql<number>`sum(${r.amount})::float8`.mapWith(Number) })
    .from(r)
    .where(and(eq(r.tenantId, tenantId), inArray(r.customerId, ids), eq(r.status, 'pending'), isNotNull(r.saleId)))
    .groupBy(r.customerId);
  return new Map(rows.map((row) => [row.customerId!, row.open]));
}

/** The credit state of a run, or null when the rule does not apply to it. */
export async function creditStateFor(
  t: DbOrTx,
  tenantId: string,
  inputs: readonly SaleCreate[],
  enforced: boolean,
  settings: () => Promise<StoreSettings>,
): Promise<CreditState | null> {
  const crediario = inputs.filter((i) => i.payment_method === 'crediario');
  if (!enforced || crediario.length === 0) return null;
  const [store, open] = await Promise.all([
    settings(),
    openCrediario(
      t,
      tenantId,
      crediario.map((i) => i.customer_id),
    ),
  ]);
  return { defaultLimit: store.credit_limit_default, open };
}
