// Discounts per line and per sale: the charged totals to the centavo (the sale's discount
// shared out over the lines), the cashier's limit from the store's settings (admins have
// none), online over the limit a 409 in pt-BR with nothing written, offline over it recorded
// with a 'discount' conflict, the price rule on the undiscounted price, and revenue and
// margins net of discounts.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { saleConflicts, saleItems } from '../../db/schema';
import { NO_STORE, storeRows, useTestStore } from '../../test/helpers';
import { cashNetOf, makeCustomer, makeProduct, saleBody, salesCount } from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';

describe.each(databases())('sale discounts (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier } = NO_STORE;
  let customer: { id: string; name: string };
  const sell = (body: unknown, token: string) => http.post('/api/sales', body, { token });
  const product = (price: number, cost = 1000) => makeProduct(ctx.db, tenantId, { stock: 100, price, cost });
  const linesOf = (saleId: string) => storeRows(ctx.db, tenantId, saleItems, { saleId }, saleItems.position);

  useTestStore(kind, async (store) => {
    ({ ctx, http, tenantId, admin, cashier } = store);
    customer = await makeCustomer(ctx.db, tenantId, 'Lia Reis');
  });

  it('line and sale discounts: charged totals to the centavo, payments add up to what is charged', async () => {
    const a = await product(3333);
    const b = await product(1000);
    const body = saleBody(customer.id, [
      { product: a, quantity: 3 },
      { product: b, quantity: 1 },
    ]);
    body.items[0] = { ...body.items[0]!, discount: 5 } as (typeof body.items)[number];
    const res = await sell({ ...body, discount: 1 }, cashier);
    expect(res.status).toBe(201);
    // gross 99,99 + 10,00; line 1 net 94,99; subtotal 104,99; sale discount 1,00 shared 94,99:10,00
    expect(res.body.data.total).toBe(103.99);
    expect(res.body.data.discount).toBe(1);
    const lines = await linesOf(res.body.data.id);
    expect(lines.map((l) => [l.unitPrice, l.discount, l.totalPrice])).toEqual([
      [3333, 500, 9409],
      [1000, 0, 990],
    ]);
    expect(lines.reduce((s, l) => s + l.totalPrice, 0)).toBe(10399);
    expect(await cashNetOf(ctx.db, tenantId, res.body.data.id)).toBe(10399);
    // Payments must add up to what is charged.
    const split = await http.post(
      '/api/sales',
      {
        ...saleBody(customer.id, [{ product: b, quantity: 1 }]),
        discount: 1,
        payments: [
          { method: 'pix', amount: 5 },
          { method: 'cash', amount: 4 },
        ],
      },
      { token: cashier },
    );
    expect(split.status).toBe(201);
    expect(split.body.data.total).toBe(9);
  });

  it('a discount larger than the line or the sale is a 400 naming the field; nothing written', async () => {
    const p = await product(1000);
    const before = await salesCount(ctx.db, tenantId);
    const line = saleBody(customer.id, [{ product: p, quantity: 1 }]);
    const bad1 = await sell({ ...line, items: [{ ...line.items[0], discount: 10.01 }] }, admin);
    expect(bad1.status).toBe(400);
    expect(bad1.body.details[0].path).toBe('items.0.discount');
    const bad2 = await sell({ ...line, discount: 10.01 }, admin);
    expect(bad2.status).toBe(400);
    expect(bad2.body.details[0].path).toBe('discount');
    expect(await salesCount(ctx.db, tenantId)).toBe(before);
  });

  it("a cashier within the store's limit sells; over it online is a 409 naming the limit; an admin has no limit", async () => {
    const p = await product(10000);
    const before = await salesCount(ctx.db, tenantId);
    const within = await sell({ ...saleBody(customer.id, [{ product: p, quantity: 1 }]), discount: 10 }, cashier);
    expect(within.status).toBe(201);
    const over = await sell({ ...saleBody(customer.id, [{ product: p, quantity: 1 }]), discount: 10.01 }, cashier);
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(
      'Desconto acima do limite do caixa: no máximo 10%. Só um administrador pode dar um desconto maior.',
    );
    const line = saleBody(customer.id, [{ product: p, quantity: 1 }]);
    const overLine = await sell({ ...line, items: [{ ...line.items[0], discount: 20 }] }, cashier);
    expect(overLine.status).toBe(409);
    expect(await salesCount(ctx.db, tenantId)).toBe(before + 1);
    const byAdmin = await sell({ ...saleBody(customer.id, [{ product: p, quantity: 1 }]), discount: 50 }, admin);
    expect(byAdmin.status).toBe(201);
    // The admin raises the limit: the same discount passes.
    await http.put('/api/settings', { cashier_max_discount_percent: 25 }, { token: admin });
    const raised = await http.put('/api/settings', {}, { token: admin });
    expect(raised.body.data.cashier_max_discount_percent).toBe(25);
    const now = await sell({ ...line, items: [{ ...line.items[0], discount: 20 }] }, cashier);
    expect(now.status).toBe(201);
    await http.put('/api/settings', { cashier_max_discount_percent: 10 }, { token: admin });
  });

  it('offline over the limit: recorded, never lost, with a discount conflict for admins; replay is one sale', async () => {
    const p = await product(5000);
    const id = randomUUID();
    const body = { ...saleBody(customer.id, [{ product: p, quantity: 1 }]), id, offline: true, discount: 25 };
    const key = randomUUID();
    const a = await http.post('/api/sales', body, { token: cashier, headers: { 'idempotency-key': key } });
    const b = await http.post('/api/sales', body, { token: cashier, headers: { 'idempotency-key': key } });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.total).toBe(25);
    const rows = await ctx.db
      .select()
      .from(saleConflicts)
      .where(and(eq(saleConflicts.tenantId, tenantId), eq(saleConflicts.saleId, id)));
    expect(rows.map((r) => r.kind)).toEqual(['discount']);
    const list = await http.get('/api/sale-conflicts', { token: admin });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain(id);
  });

  it('the price rule compares the undiscounted unit price; revenue and margins count what was charged', async () => {
    const p = await product(2000, 500);
    const line = saleBody(customer.id, [{ product: p, quantity: 2 }]);
    const res = await sell({ ...line, items: [{ ...line.items[0], discount: 2 }] }, cashier);
    expect(res.status).toBe(201);
    expect(res.body.data.total).toBe(38);
    const { rows } = (await ctx.db.execute(
      sql`SELECT sum(revenue)::bigint AS revenue, sum(cost)::bigint AS cost FROM sale_product_days
           WHERE tenant_id = ${tenantId} AND product_id = ${p.id}`,
    )) as unknown as { rows: { revenue: string | number; cost: string | number }[] };
    expect(Number(rows[0]!.revenue)).toBe(3800);
    expect(Number(rows[0]!.cost)).toBe(1000);
    // An item of a discounted sale is not edited (cancel and sell again).
    const edit = await http.put(`/api/sales/items/${res.body.data.items[0].id}`, { quantity: 1 }, { token: admin });
    expect(edit.status).toBe(409);
  });
});
