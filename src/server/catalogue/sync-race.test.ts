// The race the sync cursor must survive: writers of one store run at once,
// with no store-wide lock, and commit in whatever order their work takes (sales and
// product edits that hold their transaction open a while after drawing their versions,
// or before), while a till pulls small pages over and over. When the writers stop, one last pull must leave the till's
// mirror equal to the database: a change committed below a cursor the till already
// passed would be lost for good. On PostgreSQL the writers truly overlap; PGlite runs
// one transaction at a time, where the test still checks the mirror.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SaleCreate } from '../../shared/contract';
import { openDatabase } from '../db/client';
import { products } from '../db/schema';
import { createSales, saleCall } from '../sales/create/sale-create';
import { useTestApp } from '../test/helpers';
import { makeCustomer, makeProduct, type ProductFixture } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { seededRandom } from '../../shared/seeded-random';
import { updateProduct } from './products';
import { pullChangesJson } from './sync';

/** Each writer changes its own product (and, one in four, a shared one): every change is
 * the last of its product, so a missed one shows in the mirror. */
const WRITERS = 48;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Pulled {
  products: { id: string; version: number; current_stock: number; minimum_stock: number }[];
  cursor: string;
  hasMore: boolean;
}

describe.each(databases())('sync cursor under concurrent writers (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('writers committing out of order: a till pulling all along misses no change', async () => {
    const tenantId = ctx.demo.tenant.id;
    const random = seededRandom(42); // the same interleavings on every run
    const catalogue: ProductFixture[] = [];
    for (let i = 0; i < WRITERS; i++) catalogue.push(await makeProduct(ctx.db, tenantId, { stock: 1000 }));
    const customer = await makeCustomer(ctx.db, tenantId);

    // The till: a first full pull, then small pages while the writers run, through its
    // own connection (on PostgreSQL), so it never waits for the writers' pool.
    const tillDb = ctx.database.url ? await openDatabase({ databaseUrl: ctx.database.url, poolMax: 2 }) : null;
    const reader = tillDb?.db ?? ctx.db;
    let pulls = 0;
    const mirror = new Map<string, Pulled['products'][number]>();
    let cursor: string | undefined;
    const pullOnce = async () => {
      const page = JSON.parse(await pullChangesJson(reader, tenantId, { since: cursor, limit: 3 })).data as Pulled;
      for (const p of page.products) {
        const held = mirror.get(p.id)?.version ?? 0;
        expect(p.version, 'a pull never hands back an older state of a row').toBeGreaterThanOrEqual(held);
        mirror.set(p.id, {
          id: p.id,
          version: p.version,
          current_stock: p.current_stock,
          minimum_stock: p.minimum_stock,
        });
      }
      cursor = page.cursor;
      pulls++;
      return page;
    };
    while ((await pullOnce()).hasMore);

    let writing = true;
    const till = (async () => {
      while (writing) {
        await pullOnce();
        await sleep(random() * 4);
      }
    })();

    // Each writer: wait a while, open its transaction, maybe wait inside it before its
    // work, do the work (drawing its versions), and wait again before commit.
    let open = 0;
    let mostOpen = 0;
    const writers = Array.from({ length: WRITERS }, (_, i) => {
      const before = random() * 30;
      const inside = random() * 15;
      const held = random() * 25;
      const picks = [catalogue[i]!, ...(i % 4 === 0 ? [catalogue[0]!] : [])].filter(
        (p, k, all) => all.indexOf(p) === k,
      );
      const isSale = i % 3 !== 0;
      return (async () => {
        await sleep(before);
        await ctx.db.transaction(async (tx) => {
          mostOpen = Math.max(mostOpen, ++open);
          await sleep(inside);
          if (isSale) {
            const sale: SaleCreate = {
              customer_id: customer.id,
              items: picks.map((p) => ({ product_id: p.id, quantity: 1, unit_price: p.price })),
              payment_method: 'cash',
              payment_status: 'pending',
              sale_status: 'completed',
              offline: true,
            };
            const [result] = await createSales(ctx.db, tenantId, null, [saleCall(sale)], { tx });
            expect(result!.kind).toBe('done');
          } else {
            await updateProduct(ctx.db, tenantId, picks[0]!.id, { minimum_stock: i }, tx);
          }
          await sleep(held);
          open--;
        });
      })();
    });
    await Promise.all(writers);
    writing = false;
    await till;
    while ((await pullOnce()).hasMore);
    await tillDb?.close();

    const rows = await ctx.db
      .select({
        id: products.id,
        version: products.version,
        current_stock: products.currentStock,
        minimum_stock: products.minimumStock,
      })
      .from(products)
      .where(eq(products.tenantId, tenantId));
    const ours = rows.filter((r) => catalogue.some((p) => p.id === r.id));
    expect(ours).toHaveLength(catalogue.length);
    for (const row of ours) expect(mirror.get(row.id), row.id).toEqual(row);
    if (kind === 'postgres') expect(mostOpen).toBeGreaterThan(2);
    expect(pulls).toBeGreaterThan(WRITERS / 4);
    // Something did happen to the stock while the till pulled.
    expect(ours.reduce((s, r) => s + r.current_stock, 0)).toBeLessThan(1000 * catalogue.length);
  });
});
