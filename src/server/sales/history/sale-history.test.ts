// The sales history on the server: sale numbers (device codes, the till's sequence, the
// store's own for sales without one, never two alike), GET /api/sales filters, a cashier
// seeing today only, the detail, and a cancel replayed from the outbox being one cancel.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, startOfDayUtc, todayIso } from '../../../shared/dates';
import { accountsReceivable, customers, sales } from '../../db/schema';
import { createCustomer } from '../../catalogue/customers';
import { NO_STORE, useTestStore } from '../../test/helpers';
import {
  cashOf,
  crediarioBody,
  makeCustomer,
  makeProduct,
  receivablesOf,
  saleBody,
  stockOf,
} from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';

describe.each(databases())('sales history (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier } = NO_STORE;
  let maria: { id: string };
  let joao: { id: string };

  useTestStore(kind, async (store) => {
    ({ ctx, http, tenantId, admin, cashier } = store);
    maria = await createCustomer(ctx.db, tenantId, { name: 'Maria Souza', document: '52998224725', active: true });
    joao = await makeCustomer(ctx.db, tenantId, 'João Lima');
  });

  const product = (stock = 50) => makeProduct(ctx.db, tenantId, { stock, price: 1000 });
  const register = async (id: string, token = cashier) =>
    (await http.post('/api/devices', { id, label: 'Android · Chrome' }, { token })).body.data;
  const sell = async (body: Record<string, unknown>, token = cashier) => {
    const res = await http.post('/api/sales', body, { token });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; number: string };
  };
  const list = async (query: string, token = admin) => {
    const res = await http.get(`/api/sales?limit=100&${query}`, { token });
    expect(res.status).toBe(200);
    return (res.body.data.sales as { number: string }[]).map((s) => s.number).sort();
  };

  it('numbers sales by device code and sequence, never two alike in the store', async () => {
    const deviceA = randomUUID();
    const deviceB = randomUUID();
    const a = await register(deviceA);
    const b = await register(deviceB);
    expect(a.code).not.toBe(b.code);
    // The same till asking again keeps its code.
    expect((await register(deviceA)).code).toBe(a.code);
    const p = await product();
    const line = [{ product: p, quantity: 1 }];
    const first = await sell(saleBody(maria.id, line, { number: `${a.code}-0001`, device_id: deviceA }));
    expect(first.number).toBe(`${a.code}-0001`);
    await sell(saleBody(joao.id, line, { number: `${b.code}-0001`, device_id: deviceB, payment_method: 'pix' }));
    // A number the store already has (a till restored from a copy) is kept apart: the
    // sale happens under the store's next number.
    const again = await sell(saleBody(joao.id, line, { number: `${a.code}-0001`, offline: true }));
    expect(again.number).toMatch(/^[0-9]{4,}$/);
    // Without a number, the store's next one.
    const bare = await sell(saleBody(maria.id, line));
    expect(Number(bare.number)).toBe(Number(again.number) + 1);
    // A row written by hand (a script) gets the next one too.
    const [row] = await ctx.db
      .insert(sales)
      .values({
        tenantId,
        customerId: joao.id,
        customerName: 'João Lima',
        total: 500,
        paymentMethod: 'cash',
        paymentStatus: 'pending',
        saleStatus: 'completed',
      })
      .returning();
    expect(Number(row!.number)).toBe(Number(bare.number) + 1);
    const all = await ctx.db.select({ number: sales.number }).from(sales).where(eq(sales.tenantId, tenantId));
    expect(new Set(all.map((s) => s.number)).size).toBe(all.length);
    // Past 9999 the numbers grow a digit (never cut to four).
    await ctx.db.execute(sql`SELECT setval(sale_numbers_seq(${tenantId}::uuid)::regclass, 9999)`);
    expect((await sell(saleBody(maria.id, line))).number).toBe('10000');
    // A malformed number is refused like any bad input.
    const bad = await http.post('/api/sales', saleBody(maria.id, line, { number: 'a-1' }), { token: cashier });
    expect(bad.status).toBe(400);
  });

  it('filters by number, customer name or CPF, method (split parts too), status, cashier and device', async () => {
    const device = randomUUID();
    const { code } = await register(device);
    const p = await product();
    const line = [{ product: p, quantity: 1 }];
    const n = (seq: number) => `${code}-${String(seq).padStart(4, '0')}`;
    await sell(saleBody(maria.id, line, { number: n(1), device_id: device }));
    await sell(
      saleBody(joao.id, [{ product: p, quantity: 2 }], {
        number: n(2),
        device_id: device,
        payments: [
          { method: 'cash', amount: 5 },
          { method: 'debit_card', amount: 15 },
        ],
      }),
    );
    await sell(saleBody(joao.id, line, { number: n(3), payment_method: 'pix' }), admin);
    expect(await list(`number=${code.toLowerCase()}2`)).toEqual([n(2)]);
    expect(await list(`number=%23${n(3)}`)).toEqual([n(3)]);
    expect(await list(`device_id=${device}`)).toEqual([n(1), n(2)]);
    expect(await list(`device_id=${device}&customer=529.982`)).toEqual([n(1)]);
    expect(await list(`device_id=${device}&customer=maria`)).toEqual([n(1)]);
    expect(await list(`device_id=${device}&payment_method=debit_card`)).toEqual([n(2)]);
    expect(await list(`number=${n(3)}&created_by=${ctx.demo.admin.id}`)).toEqual([n(3)]);
    expect(await list(`number=${n(3)}&created_by=${ctx.demo.cashier.id}`)).toEqual([]);
    expect(await list(`number=${n(1)}&sale_status=cancelled`)).toEqual([]);
    // Rows carry the cashier's name for the list.
    const rows = (await http.get(`/api/sales?number=${n(1)}`, { token: admin })).body.data.sales;
    expect(rows[0]).toMatchObject({ number: n(1), cashier_name: 'Caixa Demo', device_id: device });
  });

  it("the customer filter: a name finds the customer's sales by who they are today, digits only the document", async () => {
    const device = randomUUID();
    const { code } = await register(device);
    const line = [{ product: await product(), quantity: 1 }];
    const n = (seq: number) => `${code}-${String(seq).padStart(4, '0')}`;
    const rosa = await createCustomer(ctx.db, tenantId, { name: 'Rosa Mendes', document: '39053344705', active: true });
    const slim = await makeProduct(ctx.db, tenantId, { stock: 5, name: 'Calça Jeans Slim', size: '42', color: 'Azul' });
    const sold = await sell(saleBody(rosa.id, [{ product: slim, quantity: 1 }], { number: n(1), device_id: device }));
    // The line keeps the variant as sold (the receipt prints it), whatever the product becomes.
    expect((await http.put(`/api/products/${slim.id}`, { size: '44' }, { token: admin })).status).toBe(200);
    const detail = (await http.get(`/api/sales/${sold.id}`, { token: admin })).body.data;
    expect(detail.items[0]).toMatchObject({
      product_name: 'Calça Jeans Slim',
      product_size: '42',
      product_color: 'Azul',
    });
    await sell(saleBody(maria.id, line, { number: n(2), device_id: device }));
    // She married after the sale: the sale kept the name it was made under.
    await ctx.db
      .update(customers)
      .set({ name: 'Rosa Mendes Albuquerque' })
      .where(and(eq(customers.tenantId, tenantId), eq(customers.id, rosa.id)));
    expect(await list(`device_id=${device}&customer=ALBUQUERQUE`)).toEqual([n(1)]);
    expect(await list(`device_id=${device}&customer=rosa mendes`)).toEqual([n(1)]);
    expect(await list(`device_id=${device}&customer=390.533`)).toEqual([n(1)]);
    expect(await list(`device_id=${device}&customer=souza`)).toEqual([n(2)]);
    expect(await list(`device_id=${device}&customer=000000`)).toEqual([]);
  });

  it('a cashier sees only today, whatever the period asked; an admin the period', async () => {
    const yesterday = addDays(todayIso(), -1);
    const [old] = await ctx.db
      .insert(sales)
      .values({
        tenantId,
        customerId: maria.id,
        customerName: 'Maria Souza',
        total: 700,
        paymentMethod: 'cash',
        paymentStatus: 'pending',
        saleStatus: 'completed',
        soldAt: new Date(startOfDayUtc(yesterday).getTime() + 12 * 3600_000),
      })
      .returning();
    const range = `start_date=${addDays(yesterday, -1)}&end_date=${yesterday}`;
    expect(await list(range)).toEqual([old!.number]);
    expect(await list(range, cashier)).not.toContain(old!.number);
    expect(await list(`number=${old!.number}`, cashier)).toEqual([]);
    const refused = await http.get(`/api/sales?${range}`, { token: cashier });
    expect(refused.body.data.pagination.total).toBe(
      (await http.get('/api/sales', { token: cashier })).body.data.pagination.total,
    );
  });

  it('a cancel replayed twice is one cancel; the detail tells the plan, the reason and who', async () => {
    const p = await product(10);
    const sale = await sell(
      crediarioBody(maria.id, [{ product: p, quantity: 3 }], { entrada: 6, vencimentos: ['2031-01-01', '2031-02-01'] }),
    );
    const [first] = await receivablesOf(ctx.db, tenantId, sale.id);
    await ctx.db
      .update(accountsReceivable)
      .set({ status: 'paid', paymentDate: todayIso() })
      .where(and(eq(accountsReceivable.tenantId, tenantId), eq(accountsReceivable.id, first!.id)));
    const key = randomUUID();
    const cancel = () =>
      http.put(
        `/api/sales/${sale.id}/cancel`,
        { reason: 'Cliente desistiu' },
        { token: admin, headers: { 'Idempotency-Key': key } },
      );
    const once = await cancel();
    const twice = await cancel();
    expect(once.status).toBe(200);
    expect(twice.status).toBe(200);
    expect(twice.body).toEqual(once.body);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(10);
    const reversals = (await cashOf(ctx.db, tenantId, sale.id)).filter((e) => e.type === 'expense');
    expect(reversals).toHaveLength(1);
    expect(reversals[0]!.description).toBe(`Estorno - Venda #${sale.number} - Maria Souza`);
    const detail = (await http.get(`/api/sales/${sale.id}`, { token: cashier })).body.data;
    expect(detail).toMatchObject({
      number: sale.number,
      sale_status: 'cancelled',
      cancel_reason: 'Cliente desistiu',
      cancelled_by_name: 'Administrador Demo',
      cashier_name: 'Caixa Demo',
      crediario: { entrada: 6, parcelas: 2 },
      payments: [{ method: 'cash', amount: 6 }],
    });
    // The paid instalment stays paid; the open one is cancelled.
    expect(detail.installments.map((i: { number: number; status: string }) => [i.number, i.status])).toEqual([
      [1, 'paid'],
      [2, 'cancelled'],
    ]);
    expect(detail.installments[0].payment_date).toBe(todayIso());
    const texts = (await receivablesOf(ctx.db, tenantId, sale.id)).map((r) => r.description);
    expect(texts).toEqual([`Parcela 1/2 - Venda #${sale.number}`, `Parcela 2/2 - Venda #${sale.number}`]);
    // Another key asking again: already cancelled.
    const other = await http.put(`/api/sales/${sale.id}/cancel`, { reason: 'de novo' }, { token: admin });
    expect(other.status).toBe(409);
    expect((await http.put(`/api/sales/${sale.id}/cancel`, { reason: 'x' }, { token: admin })).status).toBe(400);
  });
});
