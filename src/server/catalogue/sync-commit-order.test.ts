// GET /api/sync/pull: the cursor follows transactions (sync.ts), so a change committed
// late is never skipped, and neither pulls nor writers wait on a store-wide lock.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema';
import { updateProduct } from './products';
import { NO_STORE, useTestStore } from '../test/helpers';
import { makeProduct } from '../test/sales-fixtures';
import { idsOf, type Page } from './sync-fixtures';

// What the store-wide lock used to prevent, now that writers take none: a transaction that
// drew its version earlier but commits later than a pulled one. Only PostgreSQL runs two
// transactions at once (PGlite runs one at a time).
describe.skipIf(!process.env.DATABASE_URL)('sync pull with writers committing out of order (postgres)', () => {
  let { ctx, http, cashier, tenantId } = NO_STORE;
  let slow: pg.Client;

  const pull = async (since?: string, limit = 1000): Promise<Page> => {
    const query = new URLSearchParams({ limit: String(limit), ...(since ? { since } : {}) });
    const res = await http.get(`/api/sync/pull?${query}`, { token: cashier });
    expect(res.status).toBe(200);
    return res.body.data as Page;
  };
  const caughtUp = async () => {
    let page = await pull();
    while (page.hasMore) page = await pull(page.cursor);
    return page.cursor;
  };
  const versionOf = async (id: string) =>
    (await ctx.db.select({ v: products.version }).from(products).where(eq(products.id, id)))[0]!.v;

  useTestStore('postgres', async (store) => {
    ({ ctx, http, cashier, tenantId } = store);
    slow = new pg.Client({ connectionString: ctx.database.url! });
    await slow.connect();
  });
  // (hooks after the tests run last registered first: this client ends before the store closes)
  afterAll(() => slow?.end());

  it('a change committed after a pull saw a newer one still comes in the next pull', async () => {
    const a = await makeProduct(ctx.db, tenantId, { stock: 5 });
    const b = await makeProduct(ctx.db, tenantId, { stock: 5 });
    const since = await caughtUp();
    // A draws its version and stays open; B draws a later one and commits.
    await slow.query('BEGIN');
    await slow.query('UPDATE products SET minimum_stock = 3 WHERE tenant_id = $1 AND id = $2', [tenantId, a.id]);
    await updateProduct(ctx.db, tenantId, b.id, { minimum_stock: 4 });
    const seen = await pull(since);
    expect(idsOf(seen)).toEqual([b.id]);
    await slow.query('COMMIT');
    const aVersion = await versionOf(a.id);
    expect(aVersion).toBeLessThan(await versionOf(b.id));
    const next = await pull(seen.cursor);
    expect(next.products).toEqual([expect.objectContaining({ id: a.id, minimum_stock: 3, version: aVersion })]);
    expect(idsOf(await pull(next.cursor))).toEqual([]);
  });

  it('a change committed in the middle of a paged pass, below the pages already sent, comes in the next pass', async () => {
    const since = await caughtUp();
    const late = await makeProduct(ctx.db, tenantId, { stock: 5 });
    const burst = [];
    for (let i = 0; i < 6; i++) burst.push(await makeProduct(ctx.db, tenantId, { stock: 1 }));
    // The late writer draws a version below the burst's next writes... and commits last.
    await slow.query('BEGIN');
    await slow.query('UPDATE products SET current_stock = 42 WHERE tenant_id = $1 AND id = $2', [tenantId, late.id]);
    for (const p of burst) await updateProduct(ctx.db, tenantId, p.id, { minimum_stock: 7 });
    const first = await pull(since, 3);
    expect(first.hasMore).toBe(true);
    await slow.query('COMMIT');
    const sent: string[] = idsOf(first);
    let page = first;
    while (page.hasMore) {
      page = await pull(page.cursor, 3);
      sent.push(...idsOf(page));
    }
    const afterPass = await pull(page.cursor, 3);
    expect(afterPass.products).toEqual([expect.objectContaining({ id: late.id, current_stock: 42 })]);
    // Nothing was skipped, and the burst was not sent twice.
    expect(new Set(sent)).toEqual(new Set([late.id, ...burst.map((p) => p.id)]));
    expect(sent.filter((id) => id !== late.id)).toHaveLength(burst.length);
  });

  it('a pull never waits for a writer, and a writer never waits for another store-wide', async () => {
    const p = await makeProduct(ctx.db, tenantId, { stock: 5 });
    const q = await makeProduct(ctx.db, tenantId, { stock: 5 });
    await slow.query('BEGIN');
    await slow.query('UPDATE products SET minimum_stock = 1 WHERE tenant_id = $1 AND id = $2', [tenantId, p.id]);
    try {
      // Another product of the same store, while the first transaction holds its row.
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL lock_timeout = '2s'`);
        await updateProduct(ctx.db, tenantId, q.id, { minimum_stock: 2 }, tx);
      });
      await pull(await caughtUp());
    } finally {
      await slow.query('ROLLBACK');
    }
  });
});
