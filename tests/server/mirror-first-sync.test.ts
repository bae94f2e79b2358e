// The device's first mirror against the real server: the app's own pull (pullMirror over
// createFetchPage and the app's API client, fake-indexeddb) brings a catalogue of
// thousands of products in pages, products written, changed and deleted while the pass
// goes on, and the next pass; afterwards the mirror holds exactly the server's catalogue
// and customers (every field the till uses, prices in centavos), no more and no less.
import 'fake-indexeddb/auto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MirrorProduct } from '../../src/app/offline/db';
import { pullMirror, type FetchPage } from '../../src/app/offline/mirror';
import { createFetchPage } from '../../src/app/offline/sync-io';
import { deleteProduct, updateProduct } from '../../src/server/catalogue/products';
import { useDeviceAndServer } from './device-server';
import { makeCustomer } from '../../src/server/test/sales-fixtures';
import { databases } from '../../src/server/test/testDb';
import { appClientOf } from './app-client';

const PRODUCTS = 3000;

describe.each(databases())('the first mirror of a large catalogue (%s)', (kind) => {
  const { ctx, db } = useDeviceAndServer(kind, 'mirror');

  /** The server's catalogue as the till keeps it (centavos), by id. */
  async function serverCatalogue(tenantId: string) {
    const { rows } = (await ctx.db.execute(sql`
      SELECT id, sku, name, size, color, barcode, current_stock, minimum_stock, cost_price::int AS cost_price,
             sale_price::int AS sale_price, active
        FROM products WHERE tenant_id = ${tenantId} AND deleted_at IS NULL`)) as { rows: Record<string, unknown>[] };
    return new Map(rows.map((r) => [r.id as string, r]));
  }

  /**
   * Every product the device holds (the table and the chunks), with the server's `fields`
   * (the mirror leaves an empty size, colour or barcode out: null here).
   */
  async function mirrorCatalogue(fields: readonly string[]) {
    const rows: MirrorProduct[] = [
      ...(await db.products.toArray()),
      ...(await db.productChunks.toArray()).flatMap((c) => c.rows),
    ];
    const picked = (r: MirrorProduct) =>
      Object.fromEntries(fields.map((f) => [f, (r as unknown as Record<string, unknown>)[f] ?? null]));
    return { count: rows.length, byId: new Map(rows.map((r) => [r.id, picked(r)])) };
  }

  it('holds exactly the server catalogue and customers after the first sync, writes during the pass included', async () => {
    const tenantId = ctx.demo.tenant.id;
    await ctx.db.execute(sql`
      INSERT INTO products (tenant_id, sku, name, size, color, current_stock, minimum_stock, cost_price, sale_price, active)
      SELECT ${tenantId}, 'MX-' || lpad(g::text, 6, '0'), 'Produto ' || g, (ARRAY['P','M','G'])[1 + g % 3],
             CASE WHEN g % 4 = 0 THEN 'Preto' ELSE 'Azul' END, g % 50, 5, 990 + g % 7000, 2 * (990 + g % 7000) + 1, g % 17 <> 0
        FROM generate_series(1, ${PRODUCTS}) g`);
    const client = await appClientOf(ctx.app, 'caixa@demo.com');
    const fetch = createFetchPage(client);
    const { rows: some } = (await ctx.db.execute(
      sql`SELECT id FROM products WHERE tenant_id = ${tenantId} AND sku LIKE 'MX-%' ORDER BY sku LIMIT 3`,
    )) as { rows: { id: string }[] };
    let pages = 0;
    // While the pass goes on: a product of an early page changed, one deleted, a customer added.
    const during: FetchPage = async (since, limit) => {
      const page = await fetch(since, limit);
      if (++pages === 2) {
        await updateProduct(ctx.db, tenantId, some[0]!.id, {
          sale_price: 12345,
          current_stock: 77,
          stock_reason: 'Contagem',
        });
        await deleteProduct(ctx.db, tenantId, some[1]!.id);
        await makeCustomer(ctx.db, tenantId, 'Chegou Durante');
      }
      return page;
    };
    const progress: number[] = [];
    await pullMirror(db, during, { pageSize: 700, onProgress: (p) => progress.push(p.total - p.loaded) });
    expect(pages).toBeGreaterThan(4);
    expect(progress.at(-1)).toBe(0);
    // The next pass brings what the first could not see.
    await pullMirror(db, fetch, { pageSize: 700 });

    const expected = await serverCatalogue(tenantId);
    const mirror = await mirrorCatalogue(Object.keys(expected.values().next().value ?? {}));
    expect(mirror.count).toBe(expected.size);
    expect(mirror.byId).toEqual(expected);
    expect(mirror.byId.get(some[0]!.id)).toMatchObject({ sale_price: 12345, current_stock: 77 });
    expect(mirror.byId.has(some[1]!.id)).toBe(false);

    const { rows: people } = (await ctx.db.execute(
      sql`SELECT id, name FROM customers WHERE tenant_id = ${tenantId} AND deleted_at IS NULL ORDER BY id`,
    )) as { rows: { id: string; name: string }[] };
    const mirrored = (await db.customers.toArray()).map((c) => ({ id: c.id, name: c.name }));
    expect(mirrored.sort((a, b) => a.id.localeCompare(b.id))).toEqual(people);
    expect(people.map((c) => c.name)).toContain('Chegou Durante');
  });
});
