// GET /api/sync/pull, what it answers and to whom: each row as GET /:id answers it, an
// older app's cursor, a cursor this database cannot have issued (a restored copy), the
// caller's store only, bad queries and no token refused.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SyncPullResponseSchema } from '../../shared/contract';
import { OTHER_HOST } from '../test/helpers';
import { changeVersionOf, makeCustomer, makeProduct } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { cursorText, parseCursor } from './sync';
import { idsOf, syncSuite, type Page } from './sync-fixtures';

describe.each(databases())('sync pull: contract and cursors (%s)', (kind) => {
  const { s, pull, caughtUp } = syncSuite(kind);

  it('answers the contract: each row is exactly what GET /:id answers, plus its version', async () => {
    const since = await caughtUp();
    const made = await Promise.all(
      [
        { sku: 'J-1', name: 'Camisa "Polo" Çedilha ✓ 😀 \\ /', sale_price: 1234567.89, cost_price: 0.01 },
        { sku: 'J-2', name: 'Meia', size: 'P', color: 'Off White', sale_price: 39.9, cost_price: 0, active: false },
        { sku: 'J-3', name: 'Boné', sale_price: 0.1, cost_price: 0.07, current_stock: 3, minimum_stock: 9 },
      ].map((body) => s.http.post('/api/products', body, { token: s.admin })),
    );
    const customer = await s.http.post(
      '/api/customers',
      { name: 'Zé "Aspas"', email: 'ze@exemplo.com', city: 'Itu', document: null },
      { token: s.admin },
    );
    expect([...made, customer].map((r) => r.status)).toEqual([201, 201, 201, 201]);
    // Timestamps with microseconds: the pull writes milliseconds as toISOString() does.
    // A line break and a tab in a name written before the API refused them: escaped alike.
    await s.ctx.db.execute(
      sql`UPDATE products SET created_at = '2026-01-02 03:04:05.678999+00', updated_at = '2026-12-31 23:59:59.9995-03',
                 name = ${'Camisa "Polo"\nÇedilha\t✓ 😀 \\ /'}
          WHERE tenant_id = ${s.tenantId} AND sku = 'J-1'`,
    );

    const res = await s.http.get(`/api/sync/pull?since=${encodeURIComponent(since)}`, { token: s.cashier });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(SyncPullResponseSchema.safeParse(res.body).success).toBe(true);
    const page = res.body.data as Page;
    expect(page.products).toHaveLength(3);
    for (const pulled of [...page.products, ...page.customers]) {
      const path = 'sku' in pulled ? 'products' : 'customers';
      const one = await s.http.get(`/api/${path}/${pulled.id}`, { token: s.admin });
      // Same keys, same order, same values.
      expect(JSON.stringify(pulled)).toBe(JSON.stringify({ ...one.body.data, version: pulled.version }));
    }
    expect(page.products.find((p) => p.sale_price === 1234567.89)).toMatchObject({
      created_at: '2026-01-02T03:04:05.678Z',
      updated_at: '2027-01-01T02:59:59.999Z',
    });

    const whole = await s.http.get('/api/sync/pull', { token: s.cashier });
    expect(SyncPullResponseSchema.safeParse(whole.body).success).toBe(true);
  });

  it("an older app's cursor (its change version) goes on from that version", async () => {
    const since = await changeVersionOf(s.ctx.db, s.tenantId);
    const p = await makeProduct(s.ctx.db, s.tenantId, { stock: 2 });
    const c = await makeCustomer(s.ctx.db, s.tenantId, 'Legado');
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
    const legacy = await pull((await changeVersionOf(s.ctx.db, s.tenantId)) + 1_000_000);
    expect(legacy.reset).toBe(true);
    expect(legacy.customers.length).toBeGreaterThanOrEqual(25);
  });

  it('is the caller store only; both roles may pull; bad queries are 400; no token is 401', async () => {
    const mine = await pull(undefined, 5000, s.admin);
    const theirs = await s.http.get('/api/sync/pull', { token: s.otherAdmin, host: OTHER_HOST });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.products).toEqual([]);
    // The other store's own Consumidor final only.
    expect(theirs.body.data.customers.map((c: { name: string }) => c.name)).toEqual(['Consumidor final']);
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
      const res = await s.http.get(`/api/sync/pull${q}`, { token: s.cashier });
      expect(res.status, q).toBe(400);
    }
    expect((await s.http.get('/api/sync/pull?since=&limit=')).status).toBe(401);
    const blank = await s.http.get('/api/sync/pull?since=&limit=', { token: s.cashier });
    expect(blank.status).toBe(200);
    expect(blank.body.data.hasMore).toBe(false);
  });
});
