// Customers. The client may choose the id (customers created offline); a second create
// with an existing id is a conflict, unless it repeats the Idempotency-Key of the first
// (then the stored answer is replayed: customers-routes.ts). Delete is a tombstone for sync.
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  type Customer,
  type CustomerCreate,
  type CustomerListQuery,
  type CustomerUpdate,
  type Pagination,
} from '../../shared/contract';
import { stripDocument } from '../../shared/documents';
import { apiFields } from '../db/api-fields';
import { inTransaction, type DbOrTx } from '../db/client';
import { pageOf } from '../db/pages';
import { creatingUnderClientId } from '../db/errors';
import { liveIn, liveRow, tombstone } from '../db/tombstones';
import { customers, type CustomerRow } from '../db/schema';
import { conflict, notFound } from '../errors';
import { FINAL_CONSUMER_LOCKED, FINAL_CONSUMER_NAME } from '../../shared/final-consumer';
import { containsFolded, likePattern } from '../core/like';

export const CUSTOMER_NOT_FOUND = 'Cliente não encontrado.';

const fields = apiFields(customers, [
  'id',
  'name',
  'email',
  'phone',
  'document',
  'address',
  'city',
  'state',
  'zipCode',
  'creditLimit',
  'active',
  'storeCredit',
  'finalConsumer',
  'createdAt',
  'updatedAt',
]);

export function toCustomer(row: CustomerRow): Customer {
  return fields.toApi(row) as Customer;
}

const live = (tenantId: string) => liveIn(customers, tenantId);

/** A new customer's row from its API body (absent fields take their column's default). */
export const newCustomerRow = (tenantId: string, input: CustomerCreate) => ({
  ...fields.fromApi(input),
  tenantId,
  name: input.name,
});

export async function listCustomers(
  db: DbOrTx,
  tenantId: string,
  query: CustomerListQuery,
): Promise<{ customers: Customer[]; pagination: Pagination }> {
  const filters: (SQL | undefined)[] = [live(tenantId)];
  const search = query.search?.trim();
  if (search) {
    // Documents are stored bare: '123.456' matches '12345678909'.
    const bare = stripDocument(search);
    filters.push(
      or(containsFolded(customers.name, search), bare ? ilike(customers.document, likePattern(bare)) : undefined),
    );
  }
  if (query.active !== undefined) filters.push(eq(customers.active, query.active));
  const where = and(...filters);
  const { rows, pagination } = await pageOf(
    db.select().from(customers).where(where).orderBy(asc(customers.name), asc(customers.id)).$dynamic(),
    db.select({ total: count() }).from(customers).where(where),
    query,
  );
  return { customers: rows.map(toCustomer), pagination };
}

export async function getCustomer(db: DbOrTx, tenantId: string, id: string): Promise<Customer> {
  return toCustomer(await liveRow(db, customers, tenantId, id, CUSTOMER_NOT_FOUND));
}

export async function createCustomer(
  db: DbOrTx,
  tenantId: string,
  input: CustomerCreate,
  tx?: DbOrTx,
): Promise<Customer> {
  return creatingUnderClientId(db, tx, 'customers_pkey', 'um cliente', async (t) => {
    const [row] = await t.insert(customers).values(newCustomerRow(tenantId, input)).returning();
    return toCustomer(row!);
  });
}

export async function updateCustomer(
  db: DbOrTx,
  tenantId: string,
  id: string,
  input: CustomerUpdate,
  tx?: DbOrTx,
): Promise<Customer> {
  return inTransaction(db, tx, async (t) => {
    await refuseFinalConsumer(t, tenantId, id);
    // Absent fields are left out of the UPDATE; null clears a field.
    const [row] = await t
      .update(customers)
      .set({ ...fields.fromApi(input), updatedAt: new Date() })
      .where(and(live(tenantId), eq(customers.id, id)))
      .returning();
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    return toCustomer(row);
  });
}

/** Tombstone: the row stays (deleted_at, new version) so offline mirrors learn of it. */
export async function deleteCustomer(db: DbOrTx, tenantId: string, id: string, tx?: DbOrTx): Promise<void> {
  await inTransaction(db, tx, async (t) => {
    await refuseFinalConsumer(t, tenantId, id);
    await tombstone(t, customers, tenantId, id, CUSTOMER_NOT_FOUND);
  });
}

/** Whether the customer is the store's built-in 'Consumidor final'. */
export async function isFinalConsumer(t: DbOrTx, tenantId: string, id: string): Promise<boolean> {
  const [row] = await t
    .select({ finalConsumer: customers.finalConsumer })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)));
  return row?.finalConsumer ?? false;
}

/** The built-in 'Consumidor final' is neither edited nor deleted (409). */
async function refuseFinalConsumer(t: DbOrTx, tenantId: string, id: string): Promise<void> {
  if (await isFinalConsumer(t, tenantId, id)) throw conflict(FINAL_CONSUMER_LOCKED);
}

/**
 * The store's 'Consumidor final', made when missing (the setting turned on, a new store):
 * one per store (customers_final_consumer_key), found by its flag. A deleted one comes back.
 */
export async function ensureFinalConsumer(t: DbOrTx, tenantId: string): Promise<Customer> {
  const mine = and(eq(customers.tenantId, tenantId), eq(customers.finalConsumer, true));
  const [known] = await t.select().from(customers).where(mine);
  if (known && !known.deletedAt && known.active) return toCustomer(known);
  if (known) {
    const [row] = await t
      .update(customers)
      .set({ deletedAt: null, active: true, updatedAt: new Date() })
      .where(mine)
      .returning();
    return toCustomer(row!);
  }
  const [row] = await t
    .insert(customers)
    .values({ tenantId, name: FINAL_CONSUMER_NAME, finalConsumer: true })
    .onConflictDoNothing()
    .returning();
  if (row) return toCustomer(row);
  const [first] = await t.select().from(customers).where(mine);
  return toCustomer(first!);
}
