// Idempotency-Key on the mutating calls (sales, customers) and concurrency: replays, the
// same key with another body, parallel duplicates, and the last units sold by many
// tills at once (on PostgreSQL truly in parallel; PGlite serializes transactions).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, idempotencyKeys, sales } from '../db/schema';
import { canonicalJson, requestHashOf } from './idempotency';
import { OTHER_HOST, NO_STORE, useTestStore } from '../test/helpers';
import {
  cashNetOf,
  changeVersionOf,
  makeCustomer,
  makeProduct,
  saleBody,
  salesCount,
  stockOf,
} from '../test/sales-fixtures';
import { databases } from '../test/testDb';

describe('request hash', () => {
  it('is canonical: key order does not matter, values and path do', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }], e: undefined })).toBe('{"a":[{"c":"x","d":null}],"b":1}');
    const h = (path: string, body: unknown) => requestHashOf({ method: 'POST', path, body });
    expect(h('/api/sales', { a: 1, b: 2 })).toBe(h('/api/sales', { b: 2, a: 1 }));
    expect(h('/api/sales', { a: 1 })).not.toBe(h('/api/sales', { a: 2 }));
    expect(h('/api/sales', { a: 1 })).not.toBe(h('/api/customers', { a: 1 }));
    expect(requestHashOf({ method: 'PUT', path: '/x', body: null })).not.toBe(
      requestHashOf({ method: 'POST', path: '/x', body: null }),
    );
  });
});

describe.each(databases())('idempotency and concurrency (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier, otherAdmin } = NO_STORE;
  let customerId: string;

  const key = () => ({ 'Idempotency-Key': randomUUID() });
  const keyRows = async (k: string) =>
    ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, k)));

  useTestStore(kind, async (store) => {
    ({ ctx, http, tenantId, admin, cashier, otherAdmin } = store);
    customerId = (await makeCustomer(ctx.db, tenantId, 'Cliente Idempotente')).id;
  });

  it('the same key and body twice: one sale, the same status and body, stock taken once', async () => {
    const p = await makeProduct(ctx.db, tenantId, { stock: 10 });
    const headers = key();
    const body = saleBody(customerId, [{ product: p, quantity: 2 }], { id: randomUUID(), offline: true });
    const first = await http.post('/api/sales', body, { token: cashier, headers });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = await salesCount(ctx.db, tenantId);
    const v0 = await changeVersionOf(ctx.db, tenantId);
    // A reordered body is the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const second = await http.post('/api/sales', reordered, { token: cashier, headers });
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await salesCount(ctx.db, tenantId)).toBe(before);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(8);
    expect(await changeVersionOf(ctx.db, tenantId)).toBe(v0);
    expect(await cashNetOf(ctx.db, tenantId, first.body.data.id)).toBe(p.price * 2);
    const [row] = await keyRows(headers['Idempotency-Key']);
    expect(row!.statusCode).toBe(201);
  });

  it('the same key with another body is 409 IDEMPOTENCY_MISMATCH and writes nothing', async () => {
    const p = await makeProduct(ctx.db, tenantId, { stock: 10 });
    const headers = key();
    await http.post('/api/sales', saleBody(customerId, [{ product: p, quantity: 1 }]), { token: cashier, headers });
    const before = await salesCount(ctx.db, tenantId);
    const other = await http.post('/api/sales', saleBody(customerId, [{ product: p, quantity: 2 }]), {
      token: cashier,
      headers,
    });
    expect(other.status).toBe(409);
    expect(other.body).toEqual({
      success: false,
      code: 'IDEMPOTENCY_MISMATCH',
      error: 'Esta chave de idempotência já foi usada com outro conteúdo.',
    });
    // Another route with the same key is another request too.
    const elsewhere = await http.post('/api/customers', { name: 'Outro' }, { token: admin, headers });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await salesCount(ctx.db, tenantId)).toBe(before);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(9);
  });

  it('a failed call stores nothing: the same key succeeds once the cause is fixed', async () => {
    const p = await makeProduct(ctx.db, tenantId, { stock: 1 });
    const headers = key();
    const body = saleBody(customerId, [{ product: p, quantity: 2 }]);
    const refused = await http.post('/api/sales', body, { token: cashier, headers });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INSUFFICIENT_STOCK');
    expect(await keyRows(headers['Idempotency-Key'])).toEqual([]);
    await http.put(`/api/products/${p.id}`, { current_stock: 5, stock_reason: 'Recontagem' }, { token: admin });
    const accepted = await http.post('/api/sales', body, { token: cashier, headers });
    expect(accepted.status).toBe(201);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(3);
  });

  it('keys belong to one store: the same key in another store is another call', async () => {
    const headers = key();
    const here = await http.post('/api/customers', { name: 'Aqui' }, { token: admin, headers });
    const there = await http.post('/api/customers', { name: 'Aqui' }, { token: otherAdmin, host: OTHER_HOST, headers });
    expect(here.status).toBe(201);
    expect(there.status).toBe(201);
    expect(there.headers['idempotent-replayed']).toBeUndefined();
    expect(there.body.data.id).not.toBe(here.body.data.id);
  });

  it('customers created offline: a replay with the key answers the stored 201, PUT replays too', async () => {
    const id = randomUUID();
    const headers = key();
    const v0 = await changeVersionOf(ctx.db, tenantId);
    const first = await http.post('/api/customers', { id, name: 'Cliente do Tablet' }, { token: admin, headers });
    expect(first.status).toBe(201);
    const v1 = await changeVersionOf(ctx.db, tenantId);
    expect(v1).toBeGreaterThan(v0);
    const replay = await http.post('/api/customers', { id, name: 'Cliente do Tablet' }, { token: admin, headers });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(await changeVersionOf(ctx.db, tenantId)).toBe(v1);
    // Without the key the same id is still a conflict.
    expect((await http.post('/api/customers', { id, name: 'Cliente do Tablet' }, { token: admin })).status).toBe(409);

    const putHeaders = key();
    const put1 = await http.put(`/api/customers/${id}`, { city: 'Recife' }, { token: admin, headers: putHeaders });
    const put2 = await http.put(`/api/customers/${id}`, { city: 'Recife' }, { token: admin, headers: putHeaders });
    expect(put2.status).toBe(200);
    expect(put2.body).toEqual(put1.body);
    const v2 = await changeVersionOf(ctx.db, tenantId);
    expect(v2).toBeGreaterThan(v1);
    expect((await ctx.db.select().from(customers).where(eq(customers.id, id)))[0]!.version).toBe(v2);
    const rows = await ctx.db.select().from(customers).where(eq(customers.id, id));
    expect(rows).toHaveLength(1);
  });

  it('cancel and line edits replay their stored answer instead of failing or acting twice', async () => {
    const p = await makeProduct(ctx.db, tenantId, { stock: 10 });
    const sale = await http.post('/api/sales', saleBody(customerId, [{ product: p, quantity: 1 }]), { token: cashier });
    const id = sale.body.data.id;
    const addKey = key();
    const add1 = await http.post(
      '/api/sales/items',
      { sale_id: id, product_id: p.id, quantity: 2 },
      { token: admin, headers: addKey },
    );
    const add2 = await http.post(
      '/api/sales/items',
      { sale_id: id, product_id: p.id, quantity: 2 },
      { token: admin, headers: addKey },
    );
    expect(add1.status).toBe(201);
    expect(add2.status).toBe(201);
    expect(add2.body).toEqual(add1.body);
    expect(add2.body.data.items).toHaveLength(2);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(7);

    const item = add1.body.data.items[1].id;
    const delKey = key();
    const del1 = await http.delete(`/api/sales/${id}/items/${item}`, { token: admin, headers: delKey });
    const del2 = await http.delete(`/api/sales/${id}/items/${item}`, { token: admin, headers: delKey });
    expect(del1.status).toBe(200);
    expect(del2.body).toEqual(del1.body);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(9);

    const cancelKey = key();
    const why = { reason: 'Cliente desistiu' };
    const c1 = await http.put(`/api/sales/${id}/cancel`, why, { token: admin, headers: cancelKey });
    const c2 = await http.put(`/api/sales/${id}/cancel`, why, { token: admin, headers: cancelKey });
    expect(c1.status).toBe(200);
    expect(c2.status).toBe(200);
    expect(c2.body).toEqual(c1.body);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(10);
    expect(await cashNetOf(ctx.db, tenantId, id)).toBe(0);
    // A fresh key for the same cancel meets the real state.
    expect((await http.put(`/api/sales/${id}/cancel`, why, { token: admin, headers: key() })).status).toBe(409);
  });

  it('a malformed key is 400 and writes nothing', async () => {
    const p = await makeProduct(ctx.db, tenantId, { stock: 10 });
    for (const bad of ['', '   ', 'x'.repeat(201), 'chave com espaço', 'ção']) {
      const res = await http.post('/api/sales', saleBody(customerId, [{ product: p, quantity: 1 }]), {
        token: cashier,
        headers: { 'Idempotency-Key': bad },
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(10);
  });

  it('parallel duplicates with one key make one sale; every answer is the same', async () => {
    const p = await makeProduct(ctx.db, tenantId, { stock: 50 });
    const headers = key();
    const id = randomUUID();
    const body = saleBody(customerId, [{ product: p, quantity: 3 }], { id, offline: true });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => http.post('/api/sales', body, { token: cashier, headers })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(results.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    const rows = await ctx.db
      .select()
      .from(sales)
      .where(and(eq(sales.tenantId, tenantId), eq(sales.id, id)));
    expect(rows).toHaveLength(1);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(47);
    expect(await cashNetOf(ctx.db, tenantId, id)).toBe(3 * p.price);
  });

  it('parallel duplicates of an online sale of the last units: one sale, and every answer is its 201', async () => {
    // The first to commit takes the last units: the others, once they get the product's
    // lock, would be refused as out of stock; they must answer the stored 201 instead.
    const p = await makeProduct(ctx.db, tenantId, { stock: 2, name: 'Último Casaco' });
    const headers = key();
    const id = randomUUID();
    const body = saleBody(customerId, [{ product: p, quantity: 2 }], { id });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => http.post('/api/sales', body, { token: cashier, headers })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(results.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(0);
    const rows = await ctx.db
      .select()
      .from(sales)
      .where(and(eq(sales.tenantId, tenantId), eq(sales.id, id)));
    expect(rows).toHaveLength(1);
  });

  it('20 tills sell the last 5 units online at once: exactly 5 sales, 15 refusals, stock 0', async () => {
    const p = await makeProduct(ctx.db, tenantId, { stock: 5, name: 'Última Jaqueta' });
    const before = await salesCount(ctx.db, tenantId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        http.post('/api/sales', saleBody(customerId, [{ product: p, quantity: 1 }]), {
          token: cashier,
          headers: key(),
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.code).toBe('INSUFFICIENT_STOCK');
      expect(r.body.error).toBe('Estoque insuficiente: Última Jaqueta (pedido 1, disponível 0)');
    }
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(0);
    expect(await salesCount(ctx.db, tenantId)).toBe(before + 5);
    // Each winner saw its own decrement.
    const after = results
      .filter((r) => r.status === 201)
      .map((r) => r.body.data.stock_after[0].current_stock)
      .sort();
    expect(after).toEqual([0, 1, 2, 3, 4]);
  });

  it('concurrent sales of overlapping products in opposite orders neither deadlock nor lose units', async () => {
    const a = await makeProduct(ctx.db, tenantId, { stock: 100 });
    const b = await makeProduct(ctx.db, tenantId, { stock: 100 });
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        http.post(
          '/api/sales',
          saleBody(
            customerId,
            i % 2
              ? [
                  { product: a, quantity: 1 },
                  { product: b, quantity: 2 },
                ]
              : [
                  { product: b, quantity: 2 },
                  { product: a, quantity: 1 },
                ],
            { offline: i % 3 === 0 },
          ),
          { token: cashier, headers: key() },
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(16).fill(201));
    expect(await stockOf(ctx.db, tenantId, a.id)).toBe(84);
    expect(await stockOf(ctx.db, tenantId, b.id)).toBe(68);
  });
});
