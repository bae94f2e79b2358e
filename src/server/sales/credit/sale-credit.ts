// What the crediário credit rule needs for a run of sales (shared/credit.ts): the store's
// default limit and each customer's open crediário (pending instalments of their sales),
// read only when a cashier sells on crediário (an admin has no limit), and a customer's
// open crediário as the till shows it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CustomerCrediario, SaleCreate } from '../../../shared/contract';
import type { StoreSettings } from '../../../shared/contract/settings';
import { creditLimitOf } from '../../../shared/credit';
import { todayIso } from '../../../shared/dates';
import type { DbOrTx } from '../../db/client';
import { accountsReceivable, customers, isCrediario } from '../../db/schema';
import { notFound } from '../../errors';
import { CUSTOMER_NOT_FOUND } from '../../catalogue/customers';
import { statisticsColumns } from '../../finance/account-queries';

/** The customers' crediário instalments still open (of their sales, or imported). */
const openOf = (tenantId: string, customerIds: readonly string[]) => {
  const r = accountsReceivable;
  return and(
    eq(r.tenantId, tenantId),
    inArray(r.customerId, customerIds),
    eq(r.status, 'pending'),
    isCrediario(r),
  );
};

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
    .where(openOf(tenantId, ids))
    .groupBy(r.customerId);
  return new Map(rows.map((row) => [row.customerId!, row.open]));
}

const crediarioCustomers = (inputs: readonly SaleCreate[], enforced: boolean) =>
  enforced ? inputs.filter((i) => i.payment_method === 'crediario').map((i) => i.customer_id) : [];

/**
 * Whether the run's read must lock its customers for update: a cashier sells on crediário
 * to a customer with a limit. Two such sales of one customer at once then take turns, and
 * the second reads the first's instalments (READ COMMITTED: each statement its own view),
 * so together they never pass the limit.
 */
export async function creditNeedsLock(
  t: DbOrTx,
  tenantId: string,
  inputs: readonly SaleCreate[],
  enforced: boolean,
  settings: () => Promise<StoreSettings>,
): Promise<boolean> {
  const ids = [...new Set(crediarioCustomers(inputs, enforced))];
  if (ids.length === 0) return false;
  const store = await settings();
  const c = customers;
  const limited = await t
    .select({ id: c.id })
    .from(c)
    .where(
      and(
        eq(c.tenantId, tenantId),
        inArray(c.id, ids),
        sql`coalesce(${c.creditLimit}, ${store.credit_limit_default}) > 0`,
      ),
    )
    .limit(1);
  return limited.length > 0;
}

/** The credit state of a run, or null when the rule does not apply to it. */
/** The store's default limit and each customer's open crediário, running through the run. */
export interface CreditState {
  defaultLimit: number;
  open: Map<string, number>;
  /** Sales an admin approved over the limit (credit-approval.ts), with the amount approved: not held to it up to that. */
  approved: ReadonlyMap<string, number>;
}

export async function creditStateFor(
  t: DbOrTx,
  tenantId: string,
  inputs: readonly SaleCreate[],
  enforced: boolean,
  settings: () => Promise<StoreSettings>,
  approved: ReadonlyMap<string, number> = new Map(),
): Promise<CreditState | null> {
  const ids = crediarioCustomers(inputs, enforced);
  if (ids.length === 0) return null;
  const [store, open] = await Promise.all([settings(), openCrediario(t, tenantId, ids)]);
  return { defaultLimit: store.credit_limit_default, open, approved };
}

/** GET /api/customers/:id/crediario: open instalments, what is open and overdue, the limit that holds. */
export async function customerCrediario(
  t: DbOrTx,
  tenantId: string,
  customerId: string,
  settings: () => Promise<StoreSettings>,
): Promise<CustomerCrediario> {
  const r = accountsReceivable;
  const [[customer], [figures], store] = await Promise.all([
    t
      .select({ creditLimit: customers.creditLimit })
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId), sql`${customers.deletedAt} IS NULL`)),
    t
      .select(statisticsColumns(r, todayIso()))
      .from(r)
      .where(openOf(tenantId, [customerId])),
    settings(),
  ]);
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  return {
    open_count: figures!.count_pending + figures!.count_overdue,
    open_amount: figures!.total_pending + figures!.total_overdue,
    overdue_amount: figures!.total_overdue,
    credit_limit: creditLimitOf(customer.creditLimit, store.credit_limit_default),
  };
}
