// What the server checks of a sale's prices (sale-price.ts): an online sale at a price that
// is not the product's current one is refused and writes nothing (alone in a batch); an
// offline replay is accepted at a price the product had while the till could have been
// offline, and at any other price is recorded with a price conflict. Each product's prices
// are kept with the time of each change.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productPrices } from '../../db/schema';
import { NO_STORE } from '../../test/helpers';
import { saleBody, salesCount, stockOf } from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';
import { ago, DAY_MS, HOUR_MS, useSaleChecks, type Customer } from './sale-checks-fixtures';

describe.each(databases())('sale price checks (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier } = NO_STORE;
  let customer: Customer;
  const { product, reprice, conflictsOf } = useSaleChecks(kind, (store, theirs) => {
    ({ ctx, http, tenantId, admin, cashier } = store);
    customer = theirs;
  });

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
