// Sales on the server: creating one online and offline (totals, cost, stock, cash), beyond
// stock, products that may be sold, a client-chosen id and a till clock ahead.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../../shared/dates';
import { saleItems } from '../../db/schema';
import { deleteProduct } from '../../catalogue/products';
import { NO_UUID } from '../../test/helpers';
import * as fixtures from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';

describe.each(databases())('sales (%s)', (kind) => {
  const s = fixtures.salesSuite(kind, 'Joana Prado');

  it('creates an online sale: totals from the lines at the current prices, cost snapshotted, stock and versions, cash income', async () => {
    const tee = await s.product(10, { price: 3990, cost: 1750, name: 'Camiseta P' });
    const cap = await s.product(5, { price: 999, cost: 400, name: 'Boné' });
    const v0 = await fixtures.lastVersionDrawn(s.ctx.db);
    const res = await s.http.post(
      '/api/sales',
      {
        ...fixtures.saleBody(s.customer.id, [
          { product: tee, quantity: 2 },
          { product: cap, quantity: 1 },
        ]),
        total: 1, // ignored: the server adds up the lines
        notes: ' balcão ',
      },
      { token: s.cashier },
    );
    expect(res.status).toBe(201);
    const sale = res.body.data;
    expect(sale).toMatchObject({
      customer_id: s.customer.id,
      customer_name: 'Joana Prado',
      total: 89.79,
      payment_method: 'cash',
      payment_status: 'pending',
      sale_status: 'completed',
      crediario: null,
      stock_conflicts: [],
      offline: false,
      notes: 'balcão',
      created_by: s.ctx.demo.cashier.id,
    });
    expect(sale.items).toEqual([
      {
        id: expect.any(String),
        product_id: tee.id,
        product_name: 'Camiseta P',
        product_size: '',
        product_color: '',
        quantity: 2,
        unit_price: 39.9,
        total_price: 79.8,
        discount: 0,
      },
      {
        id: expect.any(String),
        product_id: cap.id,
        product_name: 'Boné',
        product_size: '',
        product_color: '',
        quantity: 1,
        unit_price: 9.99,
        total_price: 9.99,
        discount: 0,
      },
    ]);
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, tee.id)).toBe(8);
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, cap.id)).toBe(4);
    // One new version per product; the answer carries the server's numbers for the mirror.
    expect(await fixtures.changeVersionOf(s.ctx.db, s.tenantId)).toBe(v0 + 2);
    const teeRow = await fixtures.productRow(s.ctx.db, s.tenantId, tee.id);
    const capRow = await fixtures.productRow(s.ctx.db, s.tenantId, cap.id);
    expect(new Set([teeRow.version, capRow.version])).toEqual(new Set([v0 + 1, v0 + 2]));
    expect(sale.stock_after).toEqual(
      expect.arrayContaining([
        { product_id: tee.id, current_stock: 8, version: teeRow.version },
        { product_id: cap.id, current_stock: 4, version: capRow.version },
      ]),
    );
    const lines = await s.ctx.db.select().from(saleItems).where(eq(saleItems.saleId, sale.id));
    expect(lines.map((l) => [l.unitCost, l.unitPrice, l.totalPrice]).sort()).toEqual(
      [
        [1750, 3990, 7980],
        [400, 999, 999],
      ].sort(),
    );
    const cash = await fixtures.cashOf(s.ctx.db, s.tenantId, sale.id);
    expect(cash).toHaveLength(1);
    expect(cash[0]).toMatchObject({
      type: 'income',
      category: 'Vendas',
      amount: 8979,
      date: todayIso(),
      description: `Venda ${fixtures.numberTag(sale)} - Joana Prado`,
      accountReceivableId: null,
    });
    expect(await fixtures.receivablesOf(s.ctx.db, s.tenantId, sale.id)).toEqual([]);
    const got = await s.http.get(`/api/sales/${sale.id}`, { token: s.cashier });
    const { stock_after: _ignored, ...plain } = sale;
    // The detail is the sale and what hangs on it (sale-history.ts).
    expect(got.body.data).toMatchObject(plain);
    expect(got.body.data).toMatchObject({ cashier_name: 'Caixa Demo', installments: [], conflicts: [] });
  });

  it('refuses an online sale beyond stock with 409 naming each product, and writes nothing', async () => {
    const p1 = await s.product(1, { name: 'Camiseta P' });
    const p2 = await s.product(0, { name: 'Calça 40' });
    const ok = await s.product(9);
    const v0 = await fixtures.changeVersionOf(s.ctx.db, s.tenantId);
    const before = await fixtures.salesCount(s.ctx.db, s.tenantId);
    const res = await s.http.post(
      '/api/sales',
      fixtures.saleBody(s.customer.id, [
        { product: p1, quantity: 2 },
        { product: ok, quantity: 1 },
        { product: p1, quantity: 1 },
        { product: p2, quantity: 2 },
      ]),
      { token: s.cashier },
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INSUFFICIENT_STOCK');
    const [first, second] = [p1, p2].sort((a, b) => (a.id < b.id ? -1 : 1));
    const text = (p: typeof p1) =>
      p === p1 ? 'Camiseta P (pedido 3, disponível 1)' : 'Calça 40 (pedido 2, disponível 0)';
    expect(res.body.error).toBe(`Estoque insuficiente: ${text(first!)}; ${text(second!)}`);
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        { product_id: p1.id, product_name: 'Camiseta P', requested: 3, available: 1 },
        { product_id: p2.id, product_name: 'Calça 40', requested: 2, available: 0 },
      ]),
    );
    expect(res.body.details).toHaveLength(2);
    expect(await fixtures.salesCount(s.ctx.db, s.tenantId)).toBe(before);
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, ok.id)).toBe(9);
    expect(await fixtures.changeVersionOf(s.ctx.db, s.tenantId)).toBe(v0);
  });

  it('accepts an offline replay beyond stock: stock goes negative, the conflict is stored and listed', async () => {
    const p = await s.product(1, { name: 'Tênis 41' });
    const soldAt = new Date(Date.now() - 60_000).toISOString();
    const res = await s.http.post(
      '/api/sales',
      fixtures.saleBody(s.customer.id, [{ product: p, quantity: 3 }], {
        offline: true,
        sold_at: soldAt,
        id: randomUUID(),
      }),
      { token: s.cashier },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      offline: true,
      sold_at: soldAt,
      stock_conflicts: [{ product_id: p.id, product_name: 'Tênis 41', requested: 3, available: 1 }],
    });
    expect(res.body.data.stock_after).toEqual([{ product_id: p.id, current_stock: -2, version: expect.any(Number) }]);
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, p.id)).toBe(-2);
    // Already negative: the next offline sale records nothing available.
    const again = await s.http.post(
      '/api/sales',
      fixtures.saleBody(s.customer.id, [{ product: p, quantity: 1 }], { offline: true }),
      {
        token: s.cashier,
      },
    );
    expect(again.body.data.stock_conflicts).toEqual([
      { product_id: p.id, product_name: 'Tênis 41', requested: 1, available: 0 },
    ]);
    // An offline sale within stock has no conflict.
    const fine = await s.product(5);
    const within = await s.http.post(
      '/api/sales',
      fixtures.saleBody(s.customer.id, [{ product: fine, quantity: 5 }], { offline: true }),
      {
        token: s.cashier,
      },
    );
    expect(within.body.data.stock_conflicts).toEqual([]);

    const listed = await s.http.get('/api/sales?conflicts=true&limit=200', { token: s.admin });
    const ids = listed.body.data.sales.map((s: { id: string }) => s.id);
    expect(ids).toContain(res.body.data.id);
    expect(ids).toContain(again.body.data.id);
    expect(ids).not.toContain(within.body.data.id);
    for (const s of listed.body.data.sales) expect(s.stock_conflicts.length).toBeGreaterThan(0);
    const without = await s.http.get('/api/sales?conflicts=false&limit=200', { token: s.admin });
    expect(without.body.data.sales.map((s: { id: string }) => s.id)).toContain(within.body.data.id);
    expect(without.body.data.pagination.total + listed.body.data.pagination.total).toBe(
      (await s.http.get('/api/sales?limit=1', { token: s.admin })).body.data.pagination.total,
    );
  });

  it('products must be sellable: unknown or deleted 404, inactive 400 online (accepted offline)', async () => {
    const before = await fixtures.salesCount(s.ctx.db, s.tenantId);
    const ghost = { id: NO_UUID, name: 'x', price: 100, cost: 0 };
    const unknown = await s.http.post(
      '/api/sales',
      fixtures.saleBody(s.customer.id, [{ product: ghost, quantity: 1 }]),
      {
        token: s.cashier,
      },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(`Produto não encontrado (${NO_UUID}).`);
    const removed = await s.product(5, { name: 'Saia Removida' });
    await deleteProduct(s.ctx.db, s.tenantId, removed.id);
    const gone = await s.http.post(
      '/api/sales',
      fixtures.saleBody(s.customer.id, [{ product: removed, quantity: 1 }], { offline: true }),
      {
        token: s.cashier,
      },
    );
    expect(gone.status).toBe(404);
    expect(gone.body.error).toContain('Saia Removida');
    const inactive = await s.product(5, { name: 'Meia Inativa', active: false });
    const online = await s.http.post(
      '/api/sales',
      fixtures.saleBody(s.customer.id, [{ product: inactive, quantity: 1 }]),
      {
        token: s.cashier,
      },
    );
    expect(online.status).toBe(400);
    expect(online.body.error).toBe('Produto inativo: Meia Inativa.');
    expect(await fixtures.salesCount(s.ctx.db, s.tenantId)).toBe(before);
    const offline = await s.http.post(
      '/api/sales',
      fixtures.saleBody(s.customer.id, [{ product: inactive, quantity: 1 }], { offline: true }),
      {
        token: s.cashier,
      },
    );
    expect(offline.status).toBe(201);
    const noCustomer = await s.http.post(
      '/api/sales',
      fixtures.saleBody(NO_UUID, [{ product: inactive, quantity: 1 }], { offline: true }),
      {
        token: s.cashier,
      },
    );
    expect(noCustomer.status).toBe(404);
    expect(noCustomer.body.error).toBe('Cliente não encontrado.');
  });

  it('a client-chosen id is kept; a second sale with it is 409; a till clock ahead is capped at arrival', async () => {
    const p = await s.product(10);
    const id = randomUUID();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const first = await s.http.post(
      '/api/sales',
      fixtures.saleBody(s.customer.id, [{ product: p, quantity: 1 }], { id, offline: true, sold_at: future }),
      {
        token: s.cashier,
      },
    );
    expect(first.status).toBe(201);
    expect(first.body.data.id).toBe(id);
    expect(Date.parse(first.body.data.sold_at)).toBeLessThanOrEqual(Date.now());
    const again = await s.http.post(
      '/api/sales',
      fixtures.saleBody(s.customer.id, [{ product: p, quantity: 1 }], { id }),
      {
        token: s.cashier,
      },
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Já existe uma venda com este identificador.');
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, p.id)).toBe(9);
  });
});
