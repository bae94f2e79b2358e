// GET /api/sync/pull: products and customers changed after the cursor, in version order
// across both tables, deleted rows as tombstones, pages with hasMore and remaining.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncPullResponseSchema } from '../../shared/contract';
import { deleteCustomer } from './customers';
import { deleteProduct, updateProduct } from './products';
import { api, loginAll, OTHER_HOST, setupTestApp, type TestContext } from '../test/helpers';
import { changeVersionOf, makeCustomer, makeProduct, saleBody } from '../test/sales-fixtures';
import { databases } from '../test/testDb';

interface Page {
  products: { id: string; version: number; current_stock: number; sale_price: number }[];
  customers: { id: string; version: number; name: string }[];
  tombstones: { entity: 'product' | 'customer'; id: string; version: number }[];
  cursor: number;
  hasMore: boolean;
  remaining: number;
}

const versionsOf = (page: Page) =>
  [...page.products, ...page.customers, ...page.tombstones].map((r) => r.version).sort((a, b) => a - b);

describe.each(databases())('sync pull (%s)', (kind) => {
  let ctx: TestContext;
  let http: ReturnType<typeof api>;
  let admin: string;
  let cashier: string;
  let otherAdmin: string;
  let tenantId: string;

  const pull = async (query: string, token = cashier): Promise<Page> => {
    const res = await http.get(`/api/sync/pull${query}`, { token });
    expect(res.status, query).toBe(200);
    return res.body.data as Page;
  };

  beforeAll(async () => {
    ctx = await setupTestApp(kind);
    http = api(ctx.app);
    tenantId = ctx.demo.tenant.id;
    const s = await loginAll(ctx);
    admin = s.demoAdmin.accessToken;
    cashier = s.demoCashier.accessToken;
    otherAdmin = s.otherAdmin.accessToken;
  });
  afterAll(() => ctx?.close());

  it('since=0 pulls the whole catalogue in version order, in pages, until hasMore is false', async () => {
    const head = await changeVersionOf(ctx.db, tenantId);
    const everything = await pull('');
    expect(everything.hasMore).toBe(false);
    expect(everything.remaining).toBe(0);
    expect(everything.products).toHaveLength(62);
    expect(everything.customers).toHaveLength(25);
    expect(everything.cursor).toBe(head);
    expect(everything.products[0]).toMatchObject({ sale_price: expect.any(Number), version: expect.any(Number) });

    let since = 0;
    const seen: number[] = [];
    let pages = 0;
    let remainingBefore = Infinity;
    for (;;) {
      const page = await pull(`?since=${since}&limit=20`);
      pages++;
      const versions = versionsOf(page);
      expect(versions.length).toBeLessThanOrEqual(20);
      if (versions.length) expect(page.cursor).toBe(versions.at(-1));
      expect(page.remaining).toBeLessThan(remainingBefore);
      remainingBefore = page.remaining;
      seen.push(...versions);
      since = page.cursor;
      if (!page.hasMore) break;
      expect(page.remaining).toBeGreaterThan(0);
    }
    expect(pages).toBe(5);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(87);
    expect(since).toBe(head);
  });

  it('orders interleaved changes of both tables by version and cuts pages between them', async () => {
    const since = await changeVersionOf(ctx.db, tenantId);
    const c1 = await makeCustomer(ctx.db, tenantId, 'Primeira');
    const p1 = await makeProduct(ctx.db, tenantId, { stock: 3 });
    const c2 = await makeCustomer(ctx.db, tenantId, 'Segunda');
    const first = await pull(`?since=${since}&limit=2`);
    expect(first.customers.map((c) => c.id)).toEqual([c1.id]);
    expect(first.products.map((p) => p.id)).toEqual([p1.id]);
    expect(first).toMatchObject({ cursor: since + 2, hasMore: true, remaining: 1 });
    const second = await pull(`?since=${first.cursor}&limit=2`);
    expect(second.customers.map((c) => c.id)).toEqual([c2.id]);
    expect(second).toMatchObject({ cursor: since + 3, hasMore: false, remaining: 0, products: [] });
  });

  it('deleted rows come as tombstones (and only the latest state of a row is sent)', async () => {
    const since = await changeVersionOf(ctx.db, tenantId);
    const p = await makeProduct(ctx.db, tenantId, { stock: 1 });
    const c = await makeCustomer(ctx.db, tenantId, 'Some');
    const kept = await makeProduct(ctx.db, tenantId, { stock: 1 });
    await updateProduct(ctx.db, tenantId, kept.id, { sale_price: 1234 });
    await deleteProduct(ctx.db, tenantId, p.id);
    await deleteCustomer(ctx.db, tenantId, c.id);
    const page = await pull(`?since=${since}`);
    expect(page.tombstones).toEqual([
      { entity: 'product', id: p.id, version: since + 5 },
      { entity: 'customer', id: c.id, version: since + 6 },
    ]);
    expect(page.products).toEqual([expect.objectContaining({ id: kept.id, sale_price: 12.34, version: since + 4 })]);
    expect(page.customers).toEqual([]);
    expect(page.cursor).toBe(since + 6);
  });

  it('after a sale the sold product comes with its new stock and the version the sale answered', async () => {
    const p = await makeProduct(ctx.db, tenantId, { stock: 7 });
    const customer = await makeCustomer(ctx.db, tenantId, 'Comprador');
    const since = await changeVersionOf(ctx.db, tenantId);
    const sale = await http.post('/api/sales', saleBody(customer.id, [{ product: p, quantity: 3 }]), {
      token: cashier,
    });
    expect(sale.status).toBe(201);
    const page = await pull(`?since=${since}`);
    expect(page.products).toEqual([expect.objectContaining({ id: p.id, current_stock: 4 })]);
    expect(page.products[0]!.version).toBe(sale.body.data.stock_after[0].version);
    expect(page.cursor).toBe(sale.body.data.stock_after[0].version);
    // The cancel gives the units back: another delta.
    await http.put(`/api/sales/${sale.body.data.id}/cancel`, undefined, { token: admin });
    const next = await pull(`?since=${page.cursor}`);
    expect(next.products).toEqual([expect.objectContaining({ id: p.id, current_stock: 7 })]);
  });

  it('answers the contract: each row is exactly what GET /:id answers, plus its version', async () => {
    const since = await changeVersionOf(ctx.db, tenantId);
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

    const res = await http.get(`/api/sync/pull?since=${since}`, { token: cashier });
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

  it('an empty page keeps the cursor', async () => {
    const head = await changeVersionOf(ctx.db, tenantId);
    for (const since of [head, head + 100]) {
      const page = await pull(`?since=${since}`);
      expect(page).toEqual({
        products: [],
        customers: [],
        tombstones: [],
        cursor: since,
        hasMore: false,
        remaining: 0,
      });
    }
  });

  it('is the caller store only; both roles may pull; bad queries are 400; no token is 401', async () => {
    const mine = await pull('?limit=5000', admin);
    const theirs = await http.get('/api/sync/pull', { token: otherAdmin, host: OTHER_HOST });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.products).toEqual([]);
    expect(theirs.body.data.customers).toEqual([]);
    expect(mine.products.length).toBeGreaterThan(0);
    for (const q of ['?limit=0', '?limit=5001', '?since=-1', '?since=abc', '?limit=1.5']) {
      const res = await http.get(`/api/sync/pull${q}`, { token: cashier });
      expect(res.status, q).toBe(400);
    }
    expect((await http.get('/api/sync/pull?since=&limit=')).status).toBe(401);
    const blank = await http.get('/api/sync/pull?since=&limit=', { token: cashier });
    expect(blank.status).toBe(200);
    expect(blank.body.data.hasMore).toBe(false);
  });
});
