// Who may do what with sales, stores kept apart, and bad inputs refused.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, sales } from '../../db/schema';
import { NO_UUID, OTHER_HOST, expectEachRefused } from '../../test/helpers';
import * as fixtures from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';

describe.each(databases())('sales: access (%s)', (kind) => {
  const s = fixtures.salesSuite(kind, 'Joana Prado');

  /** A cashier's sale of one unit, and the calls that change it (method, url, body). */
  async function saleAndItsChanges() {
    const p = await s.product(10);
    const created = await s.sell([{ product: p, quantity: 1 }]);
    const id = created.body.data.id;
    const item = created.body.data.items[0].id;
    const changes: [string, string, unknown?][] = [
      ['PUT', `/api/sales/${id}`, { notes: 'x' }],
      ['PUT', `/api/sales/${id}/cancel`, { reason: 'Cliente desistiu' }],
      ['POST', '/api/sales/items', { sale_id: id, product_id: p.id, quantity: 1 }],
      ['PUT', `/api/sales/items/${item}`, { quantity: 2 }],
      ['DELETE', `/api/sales/${id}/items/${item}`],
    ];
    return { p, id, changes };
  }

  it('permissions: a cashier reads and creates only', async () => {
    const { p, id, changes: denied } = await saleAndItsChanges();
    for (const [method, url, body] of denied) {
      const res = await s.http.call(method as 'GET', url, { token: s.cashier, body });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await s.http.get(`/api/sales/${id}`, { token: s.cashier })).status).toBe(200);
    expect((await s.http.get('/api/sales/stats', { token: s.cashier })).status).toBe(200);
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, p.id)).toBe(9);
    expect((await s.http.get('/api/sales')).status).toBe(401);
    expect(
      (await s.http.post('/api/sales', fixtures.saleBody(s.customer.id, [{ product: p, quantity: 1 }]))).status,
    ).toBe(401);
  });

  it("keeps stores apart: another store's sale is 404, its products and customers cannot be sold here", async () => {
    const { p, id, changes } = await saleAndItsChanges();
    const other = { token: s.otherAdmin, host: OTHER_HOST };
    const attempts: [string, string, unknown?][] = [['GET', `/api/sales/${id}`], ...changes];
    for (const [method, url, body] of attempts) {
      const res = await s.http.call(method as 'GET', url, { ...other, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const list = await s.http.get('/api/sales?limit=200', other);
    expect(list.body.data.sales.map((s: { id: string }) => s.id)).not.toContain(id);
    // The other store's customer and product, sold in the demo store.
    const theirCustomer = await fixtures.makeCustomer(s.ctx.db, s.ctx.other.tenant.id, 'Cliente da Outra');
    const theirProduct = await fixtures.makeProduct(s.ctx.db, s.ctx.other.tenant.id, { stock: 10 });
    const r1 = await s.http.post('/api/sales', fixtures.saleBody(theirCustomer.id, [{ product: p, quantity: 1 }]), {
      token: s.cashier,
    });
    expect(r1.status).toBe(404);
    const r2 = await s.http.post(
      '/api/sales',
      fixtures.saleBody(s.customer.id, [{ product: theirProduct, quantity: 1 }]),
      {
        token: s.cashier,
      },
    );
    expect(r2.status).toBe(404);
    expect(await fixtures.stockOf(s.ctx.db, s.ctx.other.tenant.id, theirProduct.id)).toBe(10);
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, p.id)).toBe(9);
    const [row] = await s.ctx.db.select().from(sales).where(eq(sales.id, id));
    expect(row!.saleStatus).toBe('completed');
  });

  it('refuses bad inputs with 400 and writes nothing', async () => {
    const p = await s.product(10);
    const v0 = await fixtures.changeVersionOf(s.ctx.db, s.tenantId);
    const before = await fixtures.salesCount(s.ctx.db, s.tenantId);
    const good = fixtures.saleBody(s.customer.id, [{ product: p, quantity: 1 }]);
    const cases: [unknown, string][] = [
      [{ ...good, customer_id: 'abc' }, 'customer_id'],
      [{ ...good, items: [] }, 'items'],
      [{ ...good, items: [{ product_id: p.id, quantity: 0, unit_price: 1 }] }, 'items.0.quantity'],
      [{ ...good, items: [{ product_id: p.id, quantity: 1.5, unit_price: 1 }] }, 'items.0.quantity'],
      [{ ...good, items: [{ product_id: p.id, quantity: 1_000_001, unit_price: 1 }] }, 'items.0.quantity'],
      [{ ...good, items: [{ product_id: p.id, quantity: 1, unit_price: -1 }] }, 'items.0.unit_price'],
      [{ ...good, items: [{ product_id: p.id, quantity: 1, unit_price: 1.234 }] }, 'items.0.unit_price'],
      [{ ...good, items: [{ product_id: 'x', quantity: 1, unit_price: 1 }] }, 'items.0.product_id'],
      [{ ...good, payment_method: 'cheque' }, 'payment_method'],
      [{ ...good, offline: 'sim' }, 'offline'],
      [{ ...good, sold_at: 'ontem' }, 'sold_at'],
      [{ ...good, id: 'nao-e-uuid' }, 'id'],
    ];
    await expectEachRefused(cases, (body) => s.http.post('/api/sales', body, { token: s.cashier }));
    expect((await s.http.post('/api/sales', undefined, { token: s.cashier })).status).toBe(400);
    const huge = await s.http.post(
      '/api/sales',
      fixtures.saleBody(s.customer.id, [{ product: p, quantity: 1000, unitPrice: 900_000_000 }], { offline: true }),
      { token: s.cashier },
    );
    expect(huge.status).toBe(400);
    expect(huge.body.error).toBe('O total da venda é alto demais.');
    expect((await s.http.get('/api/sales/not-a-uuid', { token: s.admin })).status).toBe(400);
    expect((await s.http.get('/api/sales?page=0', { token: s.admin })).status).toBe(400);
    expect((await s.http.get('/api/sales?conflicts=yes', { token: s.admin })).status).toBe(400);
    expect((await s.http.get('/api/sales?start_date=2024-13-01', { token: s.admin })).status).toBe(400);
    expect((await s.http.put('/api/sales/items/cancel', { quantity: 1 }, { token: s.admin })).status).toBe(400);
    expect((await s.http.put(`/api/sales/items/${NO_UUID}`, { quantity: 0 }, { token: s.admin })).status).toBe(400);
    const missing = await s.http.get(`/api/sales/${NO_UUID}`, { token: s.admin });
    expect(missing.body).toEqual({ success: false, code: 'NOT_FOUND', error: 'Venda não encontrada.' });
    expect(await fixtures.salesCount(s.ctx.db, s.tenantId)).toBe(before);
    expect(await fixtures.changeVersionOf(s.ctx.db, s.tenantId)).toBe(v0);
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, p.id)).toBe(10);
    const stray = await s.ctx.db
      .select()
      .from(products)
      .where(and(eq(products.tenantId, s.tenantId), eq(products.id, p.id)));
    expect(stray[0]!.version).toBeLessThanOrEqual(v0);
  });
});
