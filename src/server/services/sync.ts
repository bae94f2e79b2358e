// Delta pull of the offline mirror: products and customers whose version is above the
// client's cursor, in version order across both tables, deleted rows as tombstones.
// Versions are unique per tenant and commit in increasing order (change-version.ts), so
// "version > cursor" never skips a row, provided both tables are read in ONE snapshot
// (a repeatable-read transaction): otherwise a product committed between the two reads
// could sit below a customer's version that moved the cursor past it.
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { SyncPull, SyncPullQuery } from '../../shared/contract';
import type { Db } from '../db/client';
import { customers, products } from '../db/schema';
import { toCustomer } from './customers';
import { toProduct } from './products';

export const SYNC_PULL_DEFAULT_LIMIT = 1000;

type Change =
  | { entity: 'product'; version: number; row: typeof products.$inferSelect }
  | { entity: 'customer'; version: number; row: typeof customers.$inferSelect };

export async function pullChanges(db: Db, tenantId: string, query: SyncPullQuery): Promise<SyncPull> {
  const since = query.since ?? 0;
  const limit = query.limit ?? SYNC_PULL_DEFAULT_LIMIT;
  return db.transaction(
    async (t) => {
      // Each table's first `limit` changes (index (tenant_id, version)); the merge keeps `limit`.
      const productRows = await t
        .select()
        .from(products)
        .where(and(eq(products.tenantId, tenantId), gt(products.version, since)))
        .orderBy(asc(products.version))
        .limit(limit);
      const customerRows = await t
        .select()
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), gt(customers.version, since)))
        .orderBy(asc(customers.version))
        .limit(limit);
      const changes: Change[] = [
        ...productRows.map((row) => ({ entity: 'product' as const, version: row.version, row })),
        ...customerRows.map((row) => ({ entity: 'customer' as const, version: row.version, row })),
      ]
        .sort((a, b) => a.version - b.version)
        .slice(0, limit);

      const page: SyncPull = {
        products: [],
        customers: [],
        tombstones: [],
        cursor: since,
        hasMore: false,
        remaining: 0,
      };
      for (const change of changes) {
        if (change.row.deletedAt) {
          page.tombstones.push({ entity: change.entity, id: change.row.id, version: change.version });
        } else if (change.entity === 'product') {
          page.products.push({ ...toProduct(change.row), version: change.version });
        } else {
          page.customers.push({ ...toCustomer(change.row), version: change.version });
        }
        page.cursor = change.version;
      }
      const [p] = await t
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.tenantId, tenantId), gt(products.version, page.cursor)));
      const [c] = await t
        .select({ n: count() })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), gt(customers.version, page.cursor)));
      page.remaining = (p?.n ?? 0) + (c?.n ?? 0);
      page.hasMore = page.remaining > 0;
      return page;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
