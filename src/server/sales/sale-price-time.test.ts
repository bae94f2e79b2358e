// What the server checks on a sale (sale-price.ts, sale-time.ts): an online sale at a price that is
// not the product's current one is refused and writes nothing; an offline replay is
// accepted at a price the product had while the till could have been offline, and at
// any other price is recorded with a price conflict; a device time outside [-7 days,
// +5 minutes] of receipt is replaced by the receipt and kept as claimed, with a clock
// conflict. The conflicts are listed for admins only and marked reviewed idempotently.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALE_SOLD_AT_FUTURE_MAX_MS, SALE_SOLD_AT_PAST_MAX_MS } from '../../shared/constants';
import { productPrices, saleConflicts, sales } from '../db/schema';
import { api, NO_UUID, OTHER_HOST, NO_STORE, openTestStore, storeRows } from '../test/helpers';
import { makeCustomer, makeProduct, saleBody, salesCount, stockOf } from '../test/sales-fixtures';
import { databases } from '../test/testDb';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe.each(databases())('sale checks (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier, otherAdmin } = NO_STORE;
  let customer: { id: string; name: string };

  const product = (price: number, name?: string) => makeProduct(ctx.db, tenantId, { stock: 50, price, name });
  const reprice = async (id: string, reais: number) => {
    const res = await http.put(`/api/products/${id}`, { sale_price: reais }, { token: admin });
    expect(res.status).toBe(200);
  };
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const conflictsOf = (saleId: string) => storeRows(ctx.db, tenantId, saleConflicts, { saleId });

  beforeAll(async () => {
    ({ ctx, http, tenantId, admin, cashier, otherAdmin } = await openTestStore(kind));
    customer = await makeCustomer(ctx.db, tenantId, 'Helena Duarte');
  });
  afterAll(() => ctx?.close());

  it('refuses an online sale at a forged price with 409 naming the product and its price; nothing is written', async () => {
    const tee = await product(11990, 'Camiseta Básica');
    const cap = await product(3990, 'Boné Aba Reta');
    const before = await salesCount(ctx.db, tenantId);
    const key = randomUUID();
    const res = await http.post(
      '/api/sales',
      saleBody(customer.id, [
        { product: tee, quantity: 1, unitPrice: 0.01 },
        { product: cap, quantity: 2 },
      ]),
      { token: cashier, headers: { 'Idempotency-Key': key } },
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      code: 'PRICE_CHANGED',
      // R$ and the amount held together by a non-breaking space (Intl's BRL format).
      error: 'O preço de Camiseta Básica mudou para R$\u00a0119,90. Confira o item e finalize de novo.',
      details: [
        {
          product_id: tee.id,
          product_name: 'Camiseta Básica',
          unit_price_centavos: 1,
          current_price_centavos: 11990,
        },
      ],
    });
    expect(await salesCount(ctx.db, tenantId)).toBe(before);
    expect(await stockOf(ctx.db, tenantId, tee.id)).toBe(50);
    expect(await stockOf(ctx.db, tenantId, cap.id)).toBe(50);

    // Two lines off: both named. The key was not spent: the same sale at today's prices
    // goes through under it.
    const both = await http.post(
      '/api/sales',
      saleBody(customer.id, [
        { product: tee, quantity: 1, unitPrice: 100 },
        { product: cap, quantity: 1, unitPrice: 30 },
      ]),
      { token: cashier },
    );
    expect(both.status).toBe(409);
    expect(both.body.error).toBe(
      'Os preços mudaram: Camiseta Básica agora custa R$\u00a0119,90; Boné Aba Reta agora custa R$\u00a039,90. Confira os itens e finalize de novo.',
    );
    expect(both.body.details).toHaveLength(2);
    const fixed = await http.post('/api/sales', saleBody(customer.id, [{ product: tee, quantity: 1 }]), {
      token: cashier,
      headers: { 'Idempotency-Key': key },
    });
    expect(fixed.status).toBe(201);
    expect(fixed.body.data.price_conflicts).toEqual([]);
  });

  it('the price rule holds in a batch too: a forged online sale is refused alone', async () => {
    const p = await product(5000);
    const good = { key: randomUUID(), body: saleBody(customer.id, [{ product: p, quantity: 1 }]) };
    const forged = { key: randomUUID(), body: saleBody(customer.id, [{ product: p, quantity: 1, unitPrice: 1 }]) };
    const res = await http.post('/api/sales/batch', { sales: [good, forged] }, { token: cashier });
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r: { status: number }) => r.status)).toEqual([201, 409]);
    expect(res.body.data.results[1].body.code).toBe('PRICE_CHANGED');
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(49);
  });

  it('accepts an offline replay at a price the product had while the till was offline', async () => {
    const p = await product(2000, 'Caneca');
    await reprice(p.id, 25);
    const res = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 2, unitPrice: 20 }], { offline: true, sold_at: ago(HOUR_MS) }),
      { token: cashier },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ total: 40, price_conflicts: [], claimed_sold_at: null, offline: true });
    expect(res.body.data.items[0]).toMatchObject({ unit_price: 20, total_price: 40 });
    expect(await conflictsOf(res.body.data.id)).toEqual([]);
    // The current price is always fine too.
    const now = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 1, unitPrice: 25 }], { offline: true, sold_at: ago(HOUR_MS) }),
      { token: cashier },
    );
    expect(now.body.data.price_conflicts).toEqual([]);
  });

  it('records an offline replay at a price never had (or had only before the window), with a price conflict', async () => {
    const p = await product(3000, 'Chaveiro');
    const id = randomUUID();
    const res = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 1, unitPrice: 0.5 }], { id, offline: true, sold_at: ago(60_000) }),
      { token: cashier },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      id,
      total: 0.5,
      price_conflicts: [{ product_id: p.id, product_name: 'Chaveiro', unit_price: 0.5, current_price: 30 }],
    });
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(49);
    expect((await conflictsOf(id)).map((c) => c.kind)).toEqual(['price']);

    // R$ 10 thirty days ago, R$ 20 from twenty days ago, R$ 30 now: a sale made an hour
    // ago at R$ 10 names a price from before the 7 days a till may have been offline.
    const old = await product(1000, 'Ímã');
    await ctx.db
      .update(productPrices)
      .set({ changedAt: new Date(Date.now() - 30 * DAY_MS) })
      .where(and(eq(productPrices.tenantId, tenantId), eq(productPrices.productId, old.id)));
    await reprice(old.id, 20);
    await ctx.db.execute(
      sql`UPDATE product_prices SET changed_at = ${new Date(Date.now() - 20 * DAY_MS)}
           WHERE tenant_id = ${tenantId} AND product_id = ${old.id} AND sale_price = 2000`,
    );
    await reprice(old.id, 30);
    const at = (reais: number, soldAt: string) =>
      http.post(
        '/api/sales',
        saleBody(customer.id, [{ product: old, quantity: 1, unitPrice: reais }], { offline: true, sold_at: soldAt }),
        { token: cashier },
      );
    const ten = await at(10, ago(HOUR_MS));
    expect(ten.body.data.price_conflicts).toEqual([
      { product_id: old.id, product_name: 'Ímã', unit_price: 10, current_price: 30 },
    ]);
    // R$ 20 was in effect 7 days before that sale: a till offline since then had it.
    expect((await at(20, ago(HOUR_MS))).body.data.price_conflicts).toEqual([]);
    // A sale dated 6 days ago reaches back 13 days: R$ 20 still, R$ 10 not.
    expect((await at(20, ago(6 * DAY_MS))).body.data.price_conflicts).toEqual([]);
    expect((await at(10, ago(6 * DAY_MS))).body.data.price_conflicts).toHaveLength(1);
  });

  it('keeps a device time within [-7 days, +5 minutes] of receipt; dates the others at receipt with a clock conflict', async () => {
    const p = await product(1500);
    const post = (soldAt: string) =>
      http.post(
        '/api/sales',
        saleBody(customer.id, [{ product: p, quantity: 1 }], { offline: true, sold_at: soldAt }),
        {
          token: cashier,
        },
      );
    for (const soldAt of [ago(SALE_SOLD_AT_PAST_MAX_MS - HOUR_MS), ago(-(SALE_SOLD_AT_FUTURE_MAX_MS - 60_000))]) {
      const kept = await post(soldAt);
      expect(kept.status).toBe(201);
      expect(kept.body.data.sold_at).toBe(soldAt);
      expect(kept.body.data.claimed_sold_at).toBeNull();
      expect(await conflictsOf(kept.body.data.id)).toEqual([]);
    }
    for (const soldAt of [ago(SALE_SOLD_AT_PAST_MAX_MS + HOUR_MS), '2020-01-15T12:00:00.000Z', ago(-10 * 60_000)]) {
      const sent = Date.now();
      const res = await post(soldAt);
      expect(res.status).toBe(201);
      const sale = res.body.data;
      expect(sale.claimed_sold_at).toBe(soldAt);
      expect(sale.sold_at).toBe(sale.received_at);
      expect(Date.parse(sale.received_at)).toBeGreaterThanOrEqual(sent - 1000);
      expect(Date.parse(sale.received_at)).toBeLessThanOrEqual(Date.now());
      expect((await conflictsOf(sale.id)).map((c) => c.kind)).toEqual(['clock']);
      const [row] = await ctx.db
        .select()
        .from(sales)
        .where(and(eq(sales.tenantId, tenantId), eq(sales.id, sale.id)));
      expect(row!.claimedSoldAt!.toISOString()).toBe(soldAt);
    }
    // Online sales follow the same rule; without sold_at the sale is dated at receipt.
    const online = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 1 }], { sold_at: '2020-01-15T12:00:00.000Z' }),
      { token: cashier },
    );
    expect(online.body.data.claimed_sold_at).toBe('2020-01-15T12:00:00.000Z');
    const plain = await http.post('/api/sales', saleBody(customer.id, [{ product: p, quantity: 1 }]), {
      token: cashier,
    });
    expect(plain.body.data.sold_at).toBe(plain.body.data.received_at);
    expect(plain.body.data.claimed_sold_at).toBeNull();
  });

  it('a sale sent directly whose answer was lost and its outbox replay under the same key are one sale', async () => {
    const p = await product(4500);
    const id = randomUUID();
    const body = saleBody(customer.id, [{ product: p, quantity: 1 }], { id, sold_at: ago(1000) });
    const headers = { 'Idempotency-Key': id };
    const direct = await http.post('/api/sales', { ...body, offline: false }, { token: cashier, headers });
    expect(direct.status).toBe(201);
    const replay = await http.post('/api/sales', { ...body, offline: true }, { token: cashier, headers });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(direct.body);
    const batch = await http.post(
      '/api/sales/batch',
      { sales: [{ key: id, body: { ...body, offline: true } }] },
      {
        token: cashier,
      },
    );
    expect(batch.body.data.results[0].status).toBe(201);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(49);
  });

  it('lists conflicts for admins only (who sold, which device, what differs); marking reviewed is idempotent', async () => {
    const p = await product(8000, 'Mochila');
    const res = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 60, unitPrice: 70 }], {
        offline: true,
        sold_at: '2021-03-01T15:00:00.000Z',
        device_id: randomUUID(),
        device_label: 'Tablet do caixa 2',
      }),
      { token: cashier },
    );
    expect(res.status).toBe(201);
    const saleId = res.body.data.id;

    // Cashiers never see the list, nor can they mark anything.
    expect((await http.get('/api/sale-conflicts', { token: cashier })).status).toBe(403);
    const list = await http.get('/api/sale-conflicts?limit=200', { token: admin });
    expect(list.status).toBe(200);
    const mine = list.body.data.conflicts.filter((c: { sale_id: string }) => c.sale_id === saleId);
    expect(mine.map((c: { kind: string }) => c.kind).sort()).toEqual(['clock', 'price', 'stock']);
    const common = {
      sale_total: 4200,
      customer_name: 'Helena Duarte',
      sold_by: ctx.demo.cashier.name,
      device_label: 'Tablet do caixa 2',
      offline: true,
      sold_at: res.body.data.received_at,
      reviewed_at: null,
      reviewed_by: null,
    };
    const byKind = (k: string) => mine.find((c: { kind: string }) => c.kind === k);
    expect(byKind('stock')).toMatchObject({
      ...common,
      stock: [{ product_id: p.id, product_name: 'Mochila', requested: 60, available: 50 }],
      price: [],
    });
    expect(byKind('price')).toMatchObject({
      ...common,
      price: [{ product_id: p.id, product_name: 'Mochila', unit_price: 70, current_price: 80 }],
    });
    expect(byKind('clock')).toMatchObject({ ...common, claimed_sold_at: '2021-03-01T15:00:00.000Z' });
    const open = list.body.data.open_count;
    expect(open).toBeGreaterThanOrEqual(3);
    const alerts = await http.get('/api/dashboard/alerts', { token: admin });
    expect(alerts.body.data.saleConflicts).toBe(open);
    expect((await http.get('/api/dashboard/alerts', { token: cashier })).body.data.saleConflicts).toBe(0);

    // Another store sees none of them and cannot mark them.
    const other = api(ctx.app, { host: OTHER_HOST, token: otherAdmin });
    const theirs = await other.get('/api/sale-conflicts?status=all&limit=200');
    expect(theirs.body.data.conflicts.filter((c: { sale_id: string }) => c.sale_id === saleId)).toEqual([]);
    expect((await other.post(`/api/sale-conflicts/${byKind('price').id}/review`)).status).toBe(404);

    const key = randomUUID();
    const review = () =>
      http.post(`/api/sale-conflicts/${byKind('price').id}/review`, undefined, {
        token: admin,
        headers: { 'Idempotency-Key': key },
      });
    expect(
      (await http.post(`/api/sale-conflicts/${byKind('price').id}/review`, undefined, { token: cashier })).status,
    ).toBe(403);
    const first = await review();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ kind: 'price', reviewed_by: ctx.demo.admin.name });
    expect(first.body.data.reviewed_at).not.toBeNull();
    const again = await review();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    // Under a new key it stays reviewed as it was (who and when).
    const later = await http.post(`/api/sale-conflicts/${byKind('price').id}/review`, undefined, { token: admin });
    expect(later.body.data.reviewed_at).toBe(first.body.data.reviewed_at);
    expect((await http.post(`/api/sale-conflicts/${NO_UUID}/review`, undefined, { token: admin })).status).toBe(404);

    const after = await http.get('/api/sale-conflicts?limit=200', { token: admin });
    expect(after.body.data.open_count).toBe(open - 1);
    expect(after.body.data.conflicts.some((c: { id: string }) => c.id === byKind('price').id)).toBe(false);
    const reviewed = await http.get('/api/sale-conflicts?status=reviewed', { token: admin });
    expect(reviewed.body.data.conflicts.map((c: { id: string }) => c.id)).toContain(byKind('price').id);
    expect((await http.get('/api/dashboard/alerts', { token: admin })).body.data.saleConflicts).toBe(open - 1);
  });

  it('keeps each product price with the time of each change, in the transaction of the write', async () => {
    const p = await product(1000);
    await reprice(p.id, 12);
    await reprice(p.id, 12); // the same price: no new row
    await http.put(`/api/products/${p.id}`, { current_stock: 7 }, { token: admin });
    await reprice(p.id, 9.5);
    const rows = await ctx.db
      .select({ price: productPrices.salePrice, at: productPrices.changedAt })
      .from(productPrices)
      .where(and(eq(productPrices.tenantId, tenantId), eq(productPrices.productId, p.id)))
      .orderBy(productPrices.changedAt);
    expect(rows.map((r) => r.price)).toEqual([1000, 1200, 950]);
    // A refused product write leaves no price behind.
    const clash = await http.post(
      '/api/products',
      { sku: (await http.get(`/api/products/${p.id}`, { token: admin })).body.data.sku, name: 'X', sale_price: 1 },
      { token: admin },
    );
    expect(clash.status).toBe(409);
    const none = await ctx.db
      .select()
      .from(productPrices)
      .where(and(eq(productPrices.tenantId, tenantId), eq(productPrices.salePrice, 100)));
    expect(none).toEqual([]);
  });
});
