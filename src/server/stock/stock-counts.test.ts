// Inventário through the API: a count opened with a filter, counted products, a sale in
// the middle of the count (never counted away), finishing into one 'count' movement per
// difference, finishing twice (once), and who may do it.
import { describe, expect, it } from 'vitest';
import { NO_STORE, OTHER_HOST, useTestStore } from '../test/helpers';
import { makeCustomer, makeProduct, saleBody, stockOf, type ProductFixture } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { SALE_ALREADY_COUNTED_REASON } from '../../shared/contract';

describe.each(databases())('stock counts (%s)', (kind) => {
  let { ctx, http, admin, cashier, tenantId, otherAdmin } = NO_STORE;
  let customerId: string;

  useTestStore(kind, async (store) => {
    ({ ctx, http, admin, cashier, tenantId, otherAdmin } = store);
    customerId = (await makeCustomer(ctx.db, tenantId)).id;
  });

  const sell = async (product: ProductFixture, quantity: number) => {
    const res = await http.post('/api/sales', saleBody(customerId, [{ product, quantity }]), { token: cashier });
    expect(res.status).toBe(201);
  };
  const count = (id: string, product: ProductFixture, counted: number) =>
    http.put(`/api/stock-counts/${id}/lines/${product.id}`, { counted }, { token: admin });
  const countMovements = async (product: ProductFixture) => {
    const res = await http.get(`/api/products/${product.id}/stock-movements?limit=100`, { token: admin });
    return (res.body.data.movements as { kind: string; quantity: number; reason: string; count_id: string }[]).filter(
      (m) => m.kind === 'count',
    );
  };

  it('adjusts by counted minus the stock when counted: a sale during the count is not counted away', async () => {
    const a = await makeProduct(ctx.db, tenantId, { stock: 10, cost: 500, name: 'Inventariado Camisa' });
    const b = await makeProduct(ctx.db, tenantId, { stock: 4, cost: 200, name: 'Inventariado Bermuda' });
    const c = await makeProduct(ctx.db, tenantId, { stock: 7, cost: 100, name: 'Inventariado Chinelo' });
    const outside = await makeProduct(ctx.db, tenantId, { stock: 3, name: 'Fora do filtro' });

    const opened = await http.post('/api/stock-counts', { search: 'inventariado' }, { token: admin });
    expect(opened.status).toBe(201);
    const id = opened.body.data.id;
    expect(opened.body.data).toMatchObject({ status: 'open', search: 'inventariado' });
    expect(opened.body.data.totals).toEqual({
      products: 3,
      counted: 0,
      differing: 0,
      difference_units: 0,
      difference_value: 0,
    });
    // One open count per store.
    const second = await http.post('/api/stock-counts', {}, { token: admin });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('Já há um inventário aberto. Finalize ou cancele esse antes de começar outro.');

    // A sale before A is counted is in the stock the count compares with.
    await sell(a, 1); // A: 9
    const first = await count(id, a, 5);
    expect(first.status).toBe(200);
    // Counted again (a miscount): the last count and the stock at that moment replace it.
    const recount = await count(id, a, 7);
    expect(recount.body.data).toMatchObject({ counted: 7, stock_when_counted: 9, difference: -2, current_stock: 9 });
    expect((await count(id, b, 4)).body.data.difference).toBe(0);
    expect((await count(id, outside, 3)).status).toBe(400);
    expect((await count(id, c, -1)).status).toBe(400);

    // Sales after the count: A and B sell one each, C (not counted) too.
    await sell(a, 1); // A: 8
    await sell(b, 1); // B: 3
    await sell(c, 1); // C: 6

    const lines = await http.get(`/api/stock-counts/${id}/lines?limit=50`, { token: admin });
    expect(lines.body.data.lines.map((l: { name: string }) => l.name)).toEqual([
      'Inventariado Bermuda',
      'Inventariado Camisa',
      'Inventariado Chinelo',
    ]);
    expect(lines.body.data.lines[2]).toMatchObject({ counted: null, difference: null, current_stock: 6 });
    const before = await http.get(`/api/stock-counts/${id}`, { token: admin });
    expect(before.body.data.totals).toEqual({
      products: 3,
      counted: 2,
      differing: 1,
      difference_units: -2,
      difference_value: -10,
    });

    const done = await http.post(`/api/stock-counts/${id}/confirm`, undefined, { token: admin });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('confirmed');
    // A: 8 now, 2 fewer than the system had when counted: 6. B and C as the sales left them.
    expect(await stockOf(ctx.db, tenantId, a.id)).toBe(6);
    expect(await stockOf(ctx.db, tenantId, b.id)).toBe(3);
    expect(await stockOf(ctx.db, tenantId, c.id)).toBe(6);
    expect(await countMovements(a)).toEqual([
      expect.objectContaining({ quantity: -2, reason: 'Inventário', count_id: id }),
    ]);
    expect(await countMovements(b)).toEqual([]);
    expect(await countMovements(c)).toEqual([]);

    // Finishing twice is finishing once: the same answer, the stock moved once.
    const again = await http.post(`/api/stock-counts/${id}/confirm`, undefined, { token: admin });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(done.body.data);
    expect(await stockOf(ctx.db, tenantId, a.id)).toBe(6);
    expect(await countMovements(a)).toHaveLength(1);

    // A finished count takes no more counts and cannot be cancelled; a new one may open.
    expect((await count(id, c, 6)).status).toBe(409);
    expect((await http.post(`/api/stock-counts/${id}/cancel`, undefined, { token: admin })).status).toBe(409);
    const list = await http.get('/api/stock-counts', { token: admin });
    expect(list.body.data.counts[0]).toMatchObject({ id, status: 'confirmed' });
  });

  it('the same finish repeated with its Idempotency-Key, and a cancelled count moves nothing', async () => {
    const p = await makeProduct(ctx.db, tenantId, { stock: 5, name: 'Contado Duas Vezes' });
    const id = (await http.post('/api/stock-counts', { search: 'Contado Duas' }, { token: admin })).body.data.id;
    await count(id, p, 9);
    const headers = { 'Idempotency-Key': 'fim-do-inventario-1' };
    const one = await http.post(`/api/stock-counts/${id}/confirm`, undefined, { token: admin, headers });
    const two = await http.post(`/api/stock-counts/${id}/confirm`, undefined, { token: admin, headers });
    expect(two.body).toEqual(one.body);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(9);

    const other = (await http.post('/api/stock-counts', {}, { token: admin })).body.data.id;
    expect((await count(other, p, 1)).status).toBe(200);
    const cancelled = await http.post(`/api/stock-counts/${other}/cancel`, undefined, { token: admin });
    expect(cancelled.body.data.status).toBe('cancelled');
    expect((await http.post(`/api/stock-counts/${other}/confirm`, undefined, { token: admin })).status).toBe(409);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(9);
  });

  it('an offline sale made before its product was counted and delivered after is taken off once', async () => {
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    const offlineSale = (lines: { product: ProductFixture; quantity: number }[]) =>
      http.post('/api/sales', saleBody(customerId, lines, { offline: true, sold_at: minuteAgo }), { token: cashier });
    const saleMovements = async (product: ProductFixture) => {
      const res = await http.get(`/api/products/${product.id}/stock-movements?limit=100`, { token: admin });
      return (res.body.data.movements as { kind: string; quantity: number; count_id: string | null }[]).filter(
        (m) => m.kind === 'sale',
      );
    };
    const p = await makeProduct(ctx.db, tenantId, { stock: 10, name: 'Dupla Baixa Camisa' });
    const q = await makeProduct(ctx.db, tenantId, { stock: 5, name: 'Dupla Baixa Bermuda' });
    const notCounted = await makeProduct(ctx.db, tenantId, { stock: 10, name: 'Fora da Contagem' });

    // The count sees the shelf without the unit of P the tablet sold a minute ago, offline.
    const id = (await http.post('/api/stock-counts', { search: 'Dupla Baixa Camisa' }, { token: admin })).body.data.id;
    expect((await count(id, p, 9)).body.data.difference).toBe(-1);
    expect((await http.post(`/api/stock-counts/${id}/confirm`, undefined, { token: admin })).status).toBe(200);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(9);

    // The sale arrives: P is not taken again, the product the count did not cover is.
    const late = await offlineSale([
      { product: p, quantity: 1 },
      { product: notCounted, quantity: 1 },
    ]);
    expect(late.status).toBe(201);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(9);
    expect(await stockOf(ctx.db, tenantId, notCounted.id)).toBe(9);
    expect(await saleMovements(p)).toEqual([
      expect.objectContaining({ quantity: 0, count_id: id, reason: SALE_ALREADY_COUNTED_REASON, stock_after: 9 }),
    ]);
    expect(await saleMovements(notCounted)).toEqual([expect.objectContaining({ quantity: -1, count_id: null })]);
    // A sale made after the count takes its unit as always.
    await sell(p, 1);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(8);

    // Delivered while the count is still open: the sale takes its unit, the counted line
    // the same, and finishing moves nothing more.
    const open = (await http.post('/api/stock-counts', { search: 'Dupla Baixa Bermuda' }, { token: admin })).body.data
      .id;
    expect((await count(open, q, 4)).body.data.difference).toBe(-1);
    expect((await offlineSale([{ product: q, quantity: 1 }])).status).toBe(201);
    expect(await stockOf(ctx.db, tenantId, q.id)).toBe(4);
    const line = await http.get(`/api/stock-counts/${open}/lines?limit=50`, { token: admin });
    expect(line.body.data.lines[0]).toMatchObject({ counted: 4, stock_when_counted: 4, difference: 0 });
    await http.post(`/api/stock-counts/${open}/confirm`, undefined, { token: admin });
    expect(await stockOf(ctx.db, tenantId, q.id)).toBe(4);
    expect(await countMovements(q)).toEqual([]);
  });

  it('a count typed offline and sent later compares with the stock when it was counted', async () => {
    const p = await makeProduct(ctx.db, tenantId, { stock: 10, name: 'Contado Sem Rede' });
    const id = (await http.post('/api/stock-counts', { search: 'Contado Sem Rede' }, { token: admin })).body.data.id;
    const countedThen = new Date().toISOString();
    // Two sold after the tablet counted 10, before its count arrives: not counted away.
    await sell(p, 2);
    const late = await http.put(
      `/api/stock-counts/${id}/lines/${p.id}`,
      { counted: 10, counted_at: countedThen },
      { token: admin },
    );
    expect(late.body.data).toMatchObject({ counted: 10, stock_when_counted: 10, difference: 0, current_stock: 8 });
    expect(late.body.data.counted_at).toBe(countedThen);
    // Counted again on another device now; the first tablet's older count arriving after it changes nothing.
    expect((await count(id, p, 7)).body.data).toMatchObject({ counted: 7, stock_when_counted: 8 });
    const older = await http.put(
      `/api/stock-counts/${id}/lines/${p.id}`,
      { counted: 10, counted_at: countedThen },
      { token: admin },
    );
    expect(older.status).toBe(200);
    expect(older.body.data).toMatchObject({ counted: 7, stock_when_counted: 8, difference: -1 });
    await http.post(`/api/stock-counts/${id}/confirm`, undefined, { token: admin });
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(7);
  });

  it('admins only; another store sees nothing', async () => {
    const id = (await http.post('/api/stock-counts', {}, { token: admin })).body.data.id;
    const p = await makeProduct(ctx.db, tenantId, { stock: 2 });
    for (const [method, url, body] of [
      ['GET', '/api/stock-counts', undefined],
      ['POST', '/api/stock-counts', {}],
      ['GET', `/api/stock-counts/${id}/lines`, undefined],
      ['PUT', `/api/stock-counts/${id}/lines/${p.id}`, { counted: 1 }],
      ['POST', `/api/stock-counts/${id}/confirm`, undefined],
    ] as const) {
      const res = await http.call(method, url, { token: cashier, body });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await http.get(`/api/stock-counts/${id}`, { token: otherAdmin, host: OTHER_HOST })).status).toBe(404);
    expect(
      (await http.post(`/api/stock-counts/${id}/confirm`, undefined, { token: otherAdmin, host: OTHER_HOST })).status,
    ).toBe(404);
    expect((await http.get(`/api/stock-counts/${id}`, { token: admin })).body.data.status).toBe('open');
    await http.post(`/api/stock-counts/${id}/cancel`, undefined, { token: admin });
  });
});
