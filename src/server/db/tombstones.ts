// Tables whose delete is a tombstone: the row stays with deleted_at set (and a new sync
// version) so offline mirrors learn of it, and the API no longer sees it (404).
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { notFound } from '../errors';
import type { DbOrTx } from './client';
import type { customers, products, users } from './schema';

type Tombstoned = typeof customers | typeof products | typeof users;

/** The store's rows of `table` that are not tombstoned. */
export const liveIn = (table: Tombstoned, tenantId: string): SQL =>
  and(eq(table.tenantId, tenantId), isNull(table.deletedAt))!;

/** The live row `id` of the store; 404 (`missing`) when there is none. */
export async function liveRow<T extends Tombstoned>(
  db: DbOrTx,
  table: T,
  tenantId: string,
  id: string,
  missing: string,
): Promise<T['$inferSelect']> {
  const [row] = await db
    .select()
    .from(table as typeof customers)
    .where(and(liveIn(table, tenantId), eq(table.id, id)));
  if (!row) throw notFound(missing);
  return row as T['$inferSelect'];
}

/** Tombstones the live row `id` of the store; 404 (`missing`) when there is none. */
export async function tombstone(t: DbOrTx, table: Tombstoned, tenantId: string, id: string, missing: string) {
  const now = new Date();
  const rows = await t
    .update(table as typeof customers)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(liveIn(table, tenantId), eq(table.id, id)))
    .returning({ id: table.id });
  if (rows.length === 0) throw notFound(missing);
}
