// GET /api/sync/pull: products and customers a till has not seen, in version order
// across both tables, deleted rows as tombstones, pages with hasMore and remaining; the
// cursor follows transactions (sync.ts), so a change committed late is never skipped.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncPullResponseSchema } from '../../shared/contract';
import { products } from '../db/schema';
import { deleteCustomer } from './customers';
import { deleteProduct, updateProduct } from './products';
import { api, loginAll, OTHER_HOST, setupTestApp, type TestContext, NO_STORE, openTestStore } from '../test/helpers';
import { changeVersionOf, makeCustomer, makeProduct, saleBody } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { cursorText, parseCursor } from './sync';

interface Page {
  products: { id: string; version: number; current_stock: number; sale_price: number; minimum_stock: number }[];
  customers: { id: string; version: number; name: string }[];
  tombstones: { entity: 'product' | 'customer'; id: string; version: number }[];
  cursor: string;
  hasMore: boolean;
  remaining: number;
  reset: boolean;
}

const versionsOf = (page: Page) =>
  [...page.products, ...page.customers, ...page.tombstones].map((r) => r.version).sort((a, b) => a - b);
const idsOf = (page: Page) => [...page.products, ...page.customers, ...page.tombstones].map((r) => r.id);

describe.each(databases())('sync pull (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier, otherAdmin } = NO_STORE;

  const pull = async (since?: string | number, limit?: number, token = cashier): Promise<Page> => {
    const query = new URLSearchParams();
    if (since !== undefined) query.set('since', String(since));
    if (limit !== undefined) query.set('limit', String(limit));
    const res = await http.get(`/api/sync/pull?${query}`, { token });
    expect(res.status, String(since)).toBe(200);
    expect(SyncPullResponseSchema.safeParse(res.body).success).toBe(true);
    return res.body.data as Page;
  };
  /** Every page of a pass from `since`; the pages and the cursor the next pass starts from. */
  const pass = async (since?: string, limit?: number) => {
    const pages: Page[] = [];
    let cursor = since;
    for (;;) {
      const page = await pull(cursor, limit);
      pages.push(page);
      cursor = page.cursor;
      if (!page.hasMore) return { pages, cursor };
    }
  };
  /** The cursor of a till that has everything. */
  const caughtUp = async () => (await pass()).cursor;

  beforeAll(async () => {
    ({ ctx, http, tenantId, admin, cashier, otherAdmin } = await openTestStore(kind));
  });
  afterAll(() => ctx?.close());

  it('a first pull brings the whole catalogue in version order, in pages, until hasMore is false', async () => {
    const everything = await pull();
    expect(everything.hasMore).toBe(false);
    expect(everything.remaining).toBe(0);
    expect(everything.reset).toBe(false);
    expect(everything.products).toHaveLength(62);
    expect(everything.customers).toHaveLength(25);
    expect(everything.products[0]).toMatchObject({ sale_price: expect.any(Number), version: expect.any(Number) });
    // A finished pass: the next one starts from this pull's snapshot.
    expect(parseCursor(everything.cursor)).toMatchObject({ from: expect.any(Object), after: 0, until: null });

    const { pages, cursor } = await pass(undefined, 20);
    expect(pages).toHaveLength(5);
    let remainingBefore = Infinity;
    for (const page of pages) {
      expect(versionsOf(page).length).toBeLessThanOrEqual(20);
      expect(page.remaining).toBeLessThan(remainingBefore);
      remainingBefore = page.remaining;
      if (page.hasMore) {
        // In the middle of a pass: the last version sent, and the pass's first snapshot.
        expect(parseCursor(page.cursor)).toMatchObject({ from: null, after: versionsOf(page).at(-1) });
        expect(cursorText(parseCursor(page.cursor))).toBe(page.cursor);
      }
    }
    const seen = pages.flatMap(versionsOf);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(87);
    expect(await pull(cursor)).toMatchObject({ products: [], customers: [], tombstones: [], hasMore: false });
  });

  it('remaining is counted on the first page of a pass and carried in the cursor: exact on a quiet store, and a row written meanwhile still comes', async () => {
    const since = await caughtUp();
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await makeProduct(ctx.db, tenantId, { stock: i }));
    const first = await pull(since, 3);
    expect(first).toMatchObject({ hasMore: true, remaining: 4 });
    expect(parseCursor(first.cursor).remaining).toBe(4);
    // Written while the pass goes on: the carried count does not know it, the pass still sends it.
    const late = [];
    for (let i = 0; i < 3; i++) late.push(await makeProduct(ctx.db, tenantId, { stock: 9 }));
    const second = await pull(first.cursor, 3);
    expect(second).toMatchObject({ hasMore: true, remaining: 1 });
    // The count ran out before the pass did: at least 1 while anything is left.
    const third = await pull(second.cursor, 3);
    expect(third).toMatchObject({ hasMore: true, remaining: 1 });
    const last = await pull(third.cursor, 3);
    expect(last).toMatchObject({ hasMore: false, remaining: 0 });
    expect([first, second, third, last].flatMap(idsOf)).toEqual([...made, ...late].map((p) => p.id));
    // A cursor with a count that is not a number is refused like any broken cursor.
    const broken = await http.get(`/api/sync/pull?since=${encodeURIComponent(`${first.cursor}x`)}`, { token: cashier });
    expect(broken.status).toBe(400);
  });

  it('orders interleaved changes of both tables by version and cuts pages between them', async () => {
    const since = await caughtUp();
    const c1 = await makeCustomer(ctx.db, tenantId, 'Primeira');
    const p1 = await makeProduct(ctx.db, tenantId, { stock: 3 });
    const c2 = await makeCustomer(ctx.db, tenantId, 'Segunda');
    const first = await pull(since, 2);
    expect(first.customers.map((c) => c.id)).toEqual([c1.id]);
    expect(first.products.map((p) => p.id)).toEqual([p1.id]);
    expect(first).toMatchObject({ hasMore: true, remaining: 1 });
    const second = await pull(first.cursor, 2);
    expect(second.customers.map((c) => c.id)).toEqual([c2.id]);
    expect(second).toMatchObject({ hasMore: false, remaining: 0, products: [] });
    expect(versionsOf(first)[1]).toBeLessThan(versionsOf(second)[0]!);
    expect(idsOf(await pull(second.cursor))).toEqual([]);
  });

  it('deleted rows come as tombstones (and only the latest state of a row is sent)', async () => {
    const since = await caughtUp();
    const p = await makeProduct(ctx.db, tenantId, { stock: 1 });
    const c = await makeCustomer(ctx.db, tenantId, 'Some');
    const kept = await makeProduct(ctx.db, tenantId, { stock: 1 });
    await updateProduct(ctx.db, tenantId, kept.id, { sale_price: 1234 });
    await deleteProduct(ctx.db, tenantId, p.id);
    await deleteCustomer(ctx.db, tenantId, c.id);
    const v = await changeVersionOf(ctx.db, tenantId);
    const page = await pull(since);
    expect(page.tombstones).toEqual([
      { entity: 'product', id: p.id, version: v - 1 },
      { entity: 'customer', id: c.id, version: v },
    ]);
    expect(page.products).toEqual([expect.objectContaining({ id: kept.id, sale_price: 12.34, version: v - 2 })]);
    expect(page.customers).toEqual([]);
  });

  it('after a sale the sold product comes with its new stock and the version the sale answered', async () => {
    const p = await makeProduct(ctx.db, tenantId, { stock: 7 });
    const customer = await makeCustomer(ctx.db, tenantId, 'Comprador');
    const since = await caughtUp();
    const sale = await http.post('/api/sales', saleBody(customer.id, [{ product: p, quantity: 3 }]), {
      token: cashier,
    });
    expect(sale.status).toBe(201);
    const page = await pull(since);
    expect(page.products).toEqual([expect.objectContaining({ id: p.id, current_stock: 4 })]);
    expect(page.products[0]!.version).toBe(sale.body.data.stock_after[0].version);
    // The cancel gives the units back: another delta.
    await http.put(`/api/sales/${sale.body.data.id}/cancel`, undefined, { token: admin });
    const next = await pull(page.cursor);
    expect(next.products).toEqual([expect.objectContaining({ id: p.id, current_stock: 7 })]);
    expect(next.products[0]!.version).toBeGreaterThan(page.products[0]!.version);
  });

  it('answers the contract: each row is exactly what GET /:id answers, plus its version', async () => {
    const since = await caughtUp();
    const made = await Promise.all(
      [
        { sku: 'J-1', name: 'Camisa "Polo" Çedilha ✓ 😀 \\ /', sale_price: 1234567.89, cost_price: 0.01 },
        { sku: 'J-2', name: 'Meia', size: 'P', color: 'Off White', sale_price: 39.9, cost_price: 0, active: false },
        { sku: 'J-3', name: 'Boné', sale_price: 0.1, cost_price: 0.07, current_stock: 3, minimum_stock: 9 },
      ].map((body) => http.post('/api/products', body, { token: admin })),
    );
    const customer = await http.post(
      '/api/customers',
      { name: 'Zé "Aspas"', email: 'ze@exemplo.com', city: 'Itu', document: null },
      { token: admin },
    );
    expect([...made, customer].map((r) => r.status)).toEqual([201, 201, 201, 201]);
    // Timestamps with microseconds: the pull writes milliseconds as toISOString() does.
    // A line break and a tab in a name written before the API refused them: escaped alike.
    await ctx.db.execute(
      sql`UPDATE products SET created_at = '2026-01-02 03:04:05.678999+00', updated_at = '2026-12-31 23:59:59.9995-03',
                 name = ${'Camisa "Polo"\nÇedilha\t✓ 😀 \\ /'}
          WHERE tenant_id = ${tenantId} AND sku = 'J-1'`,
    );

    const res = await http.get(`/api/sync/pull?since=${encodeURIComponent(since)}`, { token: cashier });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(SyncPullResponseSchema.safeParse(res.body).success).toBe(true);
    const page = res.body.data as Page;
    expect(page.products).toHaveLength(3);
    for (const pulled of [...page.products, ...page.customers]) {
      const path = 'sku' in pulled ? 'products' : 'customers';
      const one = await http.get(`/api/${path}/${pulled.id}`, { token: admin });
      // Same keys, same order, same values.
      expect(JSON.stringify(pulled)).toBe(JSON.stringify({ ...one.body.data, version: pulled.version }));
    }
    expect(page.products.find((p) => p.sale_price === 1234567.89)).toMatchObject({
      created_at: '2026-01-02T03:04:05.678Z',
      updated_at: '2027-01-01T02:59:59.999Z',
    });

    const whole = await http.get('/api/sync/pull', { token: cashier });
    expect(SyncPullResponseSchema.safeParse(whole.body).success).toBe(true);
  });

  it('a till with everything gets empty pages, and a cursor that goes on', async () => {
    const since = await caughtUp();
    const page = await pull(since);
    expect(page).toMatchObject({ products: [], customers: [], tombstones: [], hasMore: false, remaining: 0 });
    const p = await makeProduct(ctx.db, tenantId, { stock: 2 });
    expect((await pull(page.cursor)).products.map((r) => r.id)).toEqual([p.id]);
  });

  it("an older app's cursor (its change version) goes on from that version", async () => {
    const since = await changeVersionOf(ctx.db, tenantId);
    const p = await makeProduct(ctx.db, tenantId, { stock: 2 });
    const c = await makeCustomer(ctx.db, tenantId, 'Legado');
    const page = await pull(since);
    expect(idsOf(page)).toEqual([p.id, c.id]);
    expect(page.reset).toBe(false);
    expect(idsOf(await pull(page.cursor))).toEqual([]);
  });

  it('a cursor this database cannot have issued (restored from an earlier copy) starts the till over', async () => {
    const real = parseCursor(await caughtUp());
    const ahead = real.from!.xmax + 1000n;
    const future = cursorText({ from: { xmin: ahead, xmax: ahead, xip: [] }, after: 0, until: null });
    const page = await pull(future);
    expect(page.reset).toBe(true);
    expect(page.products.length).toBeGreaterThanOrEqual(62);
    const legacy = await pull((await changeVersionOf(ctx.db, tenantId)) + 1_000_000);
    expect(legacy.reset).toBe(true);
    expect(legacy.customers.length).toBeGreaterThanOrEqual(25);
  });

  it('is the caller store only; both roles may pull; bad queries are 400; no token is 401', async () => {
    const mine = await pull(undefined, 5000, admin);
    const theirs = await http.get('/api/sync/pull', { token: otherAdmin, host: OTHER_HOST });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.products).toEqual([]);
    expect(theirs.body.data.customers).toEqual([]);
    expect(mine.products.length).toBeGreaterThan(0);
    const bad = [
      '?limit=0',
      '?limit=5001',
      '?since=-1',
      '?since=abc',
      '?limit=1.5',
      '?since=5-3-.0.',
      '?since=3-5-9.0.',
    ];
    for (const q of [...bad, `?since=.${'9'.repeat(17)}.`, `?since=1-2-${'1_'.repeat(3000)}1.0.`]) {
      const res = await http.get(`/api/sync/pull${q}`, { token: cashier });
      expect(res.status, q).toBe(400);
    }
    expect((await http.get('/api/sync/pull?since=&limit=')).status).toBe(401);
    const blank = await http.get('/api/sync/pull?since=&limit=', { token: cashier });
    expect(blank.status).toBe(200);
    expect(blank.body.data.hasMore).toBe(false);
  });
});

// What the store-wide lock used to prevent, now that writers take none: a transaction that
// drew its version earlier but commits later than a pulled one. Only PostgreSQL runs two
// transactions at once (PGlite runs one at a time).
describe.skipIf(!process.env.DATABASE_URL)('sync pull with writers committing out of order (postgres)', () => {
  let ctx: TestContext;
  let http: ReturnType<typeof api>;
  let cashier: string;
  let tenantId: string;
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

  beforeAll(async () => {
    ctx = await setupTestApp('postgres');
    http = api(ctx.app);
    tenantId = ctx.demo.tenant.id;
    cashier = (await loginAll(ctx)).demoCashier.accessToken;
    slow = new pg.Client({ connectionString: ctx.database.url! });
    await slow.connect();
  });
  afterAll(async () => {
    await slow?.end();
    await ctx?.close();
  });

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
