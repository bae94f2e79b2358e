// Sales on the server: create (online and offline), payment effects, cancel, line edits,
// update, list, stats, permissions, tenant isolation and bad inputs.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../shared/dates';
import { accountsReceivable, products, saleItems, sales } from '../db/schema';
import { deleteProduct } from '../catalogue/products';
import { NO_UUID, OTHER_HOST, NO_STORE, openTestStore } from '../test/helpers';
import {
  cashNetOf,
  cashOf,
  changeVersionOf,
  lastVersionDrawn,
  makeCustomer,
  makeProduct,
  productRow,
  receivablesOf,
  saleBody,
  salesCount,
  stockOf,
} from '../test/sales-fixtures';
import { databases } from '../test/testDb';

describe.each(databases())('sales (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier, otherAdmin } = NO_STORE;
  let customer: { id: string; name: string };

  const product = (stock: number, options: { price?: number; cost?: number; name?: string; active?: boolean } = {}) =>
    makeProduct(ctx.db, tenantId, { stock, ...options });
  /** How descriptions name a sale: its number ('#0042': these sales came without one). */
  const short = (sale: { number: string }) => `#${sale.number}`;

  beforeAll(async () => {
    ({ ctx, http, tenantId, admin, cashier, otherAdmin } = await openTestStore(kind));
    customer = await makeCustomer(ctx.db, tenantId, 'Joana Prado');
  });
  afterAll(() => ctx?.close());

  it('creates an online sale: totals from the lines at the current prices, cost snapshotted, stock and versions, cash income', async () => {
    const tee = await product(10, { price: 3990, cost: 1750, name: 'Camiseta P' });
    const cap = await product(5, { price: 999, cost: 400, name: 'Boné' });
    const v0 = await lastVersionDrawn(ctx.db);
    const res = await http.post(
      '/api/sales',
      {
        ...saleBody(customer.id, [
          { product: tee, quantity: 2 },
          { product: cap, quantity: 1 },
        ]),
        total: 1, // ignored: the server adds up the lines
        notes: ' balcão ',
      },
      { token: cashier },
    );
    expect(res.status).toBe(201);
    const sale = res.body.data;
    expect(sale).toMatchObject({
      customer_id: customer.id,
      customer_name: 'Joana Prado',
      total: 89.79,
      payment_method: 'cash',
      payment_status: 'pending',
      sale_status: 'completed',
      crediario: null,
      stock_conflicts: [],
      offline: false,
      notes: 'balcão',
      created_by: ctx.demo.cashier.id,
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
    expect(await stockOf(ctx.db, tenantId, tee.id)).toBe(8);
    expect(await stockOf(ctx.db, tenantId, cap.id)).toBe(4);
    // One new version per product; the answer carries the server's numbers for the mirror.
    expect(await changeVersionOf(ctx.db, tenantId)).toBe(v0 + 2);
    const teeRow = await productRow(ctx.db, tenantId, tee.id);
    const capRow = await productRow(ctx.db, tenantId, cap.id);
    expect(new Set([teeRow.version, capRow.version])).toEqual(new Set([v0 + 1, v0 + 2]));
    expect(sale.stock_after).toEqual(
      expect.arrayContaining([
        { product_id: tee.id, current_stock: 8, version: teeRow.version },
        { product_id: cap.id, current_stock: 4, version: capRow.version },
      ]),
    );
    const lines = await ctx.db.select().from(saleItems).where(eq(saleItems.saleId, sale.id));
    expect(lines.map((l) => [l.unitCost, l.unitPrice, l.totalPrice]).sort()).toEqual(
      [
        [1750, 3990, 7980],
        [400, 999, 999],
      ].sort(),
    );
    const cash = await cashOf(ctx.db, tenantId, sale.id);
    expect(cash).toHaveLength(1);
    expect(cash[0]).toMatchObject({
      type: 'income',
      category: 'Vendas',
      amount: 8979,
      date: todayIso(),
      description: `Venda ${short(sale)} - Joana Prado`,
      accountReceivableId: null,
    });
    expect(await receivablesOf(ctx.db, tenantId, sale.id)).toEqual([]);
    const got = await http.get(`/api/sales/${sale.id}`, { token: cashier });
    const { stock_after: _ignored, ...plain } = sale;
    // The detail is the sale and what hangs on it (sale-history.ts).
    expect(got.body.data).toMatchObject(plain);
    expect(got.body.data).toMatchObject({ cashier_name: 'Caixa Demo', installments: [], conflicts: [] });
  });

  it('refuses an online sale beyond stock with 409 naming each product, and writes nothing', async () => {
    const p1 = await product(1, { name: 'Camiseta P' });
    const p2 = await product(0, { name: 'Calça 40' });
    const ok = await product(9);
    const v0 = await changeVersionOf(ctx.db, tenantId);
    const before = await salesCount(ctx.db, tenantId);
    const res = await http.post(
      '/api/sales',
      saleBody(customer.id, [
        { product: p1, quantity: 2 },
        { product: ok, quantity: 1 },
        { product: p1, quantity: 1 },
        { product: p2, quantity: 2 },
      ]),
      { token: cashier },
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
    expect(await salesCount(ctx.db, tenantId)).toBe(before);
    expect(await stockOf(ctx.db, tenantId, ok.id)).toBe(9);
    expect(await changeVersionOf(ctx.db, tenantId)).toBe(v0);
  });

  it('accepts an offline replay beyond stock: stock goes negative, the conflict is stored and listed', async () => {
    const p = await product(1, { name: 'Tênis 41' });
    const soldAt = new Date(Date.now() - 60_000).toISOString();
    const res = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 3 }], { offline: true, sold_at: soldAt, id: randomUUID() }),
      { token: cashier },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      offline: true,
      sold_at: soldAt,
      stock_conflicts: [{ product_id: p.id, product_name: 'Tênis 41', requested: 3, available: 1 }],
    });
    expect(res.body.data.stock_after).toEqual([{ product_id: p.id, current_stock: -2, version: expect.any(Number) }]);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(-2);
    // Already negative: the next offline sale records nothing available.
    const again = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 1 }], { offline: true }),
      {
        token: cashier,
      },
    );
    expect(again.body.data.stock_conflicts).toEqual([
      { product_id: p.id, product_name: 'Tênis 41', requested: 1, available: 0 },
    ]);
    // An offline sale within stock has no conflict.
    const fine = await product(5);
    const within = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: fine, quantity: 5 }], { offline: true }),
      {
        token: cashier,
      },
    );
    expect(within.body.data.stock_conflicts).toEqual([]);

    const listed = await http.get('/api/sales?conflicts=true&limit=200', { token: admin });
    const ids = listed.body.data.sales.map((s: { id: string }) => s.id);
    expect(ids).toContain(res.body.data.id);
    expect(ids).toContain(again.body.data.id);
    expect(ids).not.toContain(within.body.data.id);
    for (const s of listed.body.data.sales) expect(s.stock_conflicts.length).toBeGreaterThan(0);
    const without = await http.get('/api/sales?conflicts=false&limit=200', { token: admin });
    expect(without.body.data.sales.map((s: { id: string }) => s.id)).toContain(within.body.data.id);
    expect(without.body.data.pagination.total + listed.body.data.pagination.total).toBe(
      (await http.get('/api/sales?limit=1', { token: admin })).body.data.pagination.total,
    );
  });

  it('crediário: entrada as income, one receivable per installment, centavos exact, due dates as sent', async () => {
    const p = await product(10, { price: 10000 });
    const dueDates = ['2031-01-15', '2031-02-14', '2031-03-16'];
    const res = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 1 }], {
        payment_method: 'crediario',
        crediario: { parcelas: 3, vencimentos: dueDates },
      }),
      { token: cashier },
    );
    expect(res.status).toBe(201);
    const sale = res.body.data;
    expect(sale).toMatchObject({
      total: 100,
      payment_status: 'pending',
      crediario: { entrada: 0, parcelas: 3, vencimentos: dueDates },
    });
    const recs = await receivablesOf(ctx.db, tenantId, sale.id);
    expect(recs.map((r) => [r.installmentNumber, r.amount, r.dueDate, r.status, r.paymentMethod])).toEqual([
      [1, 3333, '2031-01-15', 'pending', 'crediario'],
      [2, 3333, '2031-02-14', 'pending', 'crediario'],
      [3, 3334, '2031-03-16', 'pending', 'crediario'],
    ]);
    expect(recs.map((r) => r.description)).toEqual([1, 2, 3].map((i) => `Parcela ${i}/3 - Venda ${short(sale)}`));
    for (const r of recs) expect(r.customerId).toBe(customer.id);
    expect(await cashOf(ctx.db, tenantId, sale.id)).toEqual([]); // no entrada, no income yet

    // Awkward numbers: R$ 1.234,57 with R$ 100,01 down in 6 installments.
    const q = await product(10, { price: 123457 });
    const six = Array.from({ length: 6 }, (_, i) => addDays('2031-01-01', 30 * (i + 1)));
    const res2 = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: q, quantity: 1 }], {
        payment_method: 'crediario',
        crediario: { entrada: 100.01, parcelas: 6, vencimentos: six },
      }),
      { token: cashier },
    );
    expect(res2.status).toBe(201);
    const recs2 = await receivablesOf(ctx.db, tenantId, res2.body.data.id);
    expect(recs2.map((r) => r.amount)).toEqual([18909, 18909, 18909, 18909, 18909, 18911]);
    expect(recs2.reduce((s, r) => s + r.amount, 0) + 10001).toBe(123457);
    expect(recs2.map((r) => r.dueDate)).toEqual(six);
    const cash2 = await cashOf(ctx.db, tenantId, res2.body.data.id);
    expect(cash2).toHaveLength(1);
    expect(cash2[0]).toMatchObject({
      type: 'income',
      amount: 10001,
      category: 'Vendas',
      description: `Entrada - Venda ${short(res2.body.data)} - Joana Prado`,
    });

    // Entrada equal to the total: nothing left to receive.
    const fifty = await product(10, { price: 5000 });
    const whole = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: fifty, quantity: 1 }], {
        payment_method: 'crediario',
        crediario: { entrada: 50, parcelas: 2, vencimentos: ['2031-01-01', '2031-02-01'] },
      }),
      { token: cashier },
    );
    expect(whole.status).toBe(201);
    expect(await receivablesOf(ctx.db, tenantId, whole.body.data.id)).toEqual([]);
    expect(await cashNetOf(ctx.db, tenantId, whole.body.data.id)).toBe(5000);
  });

  it('crediário inputs are checked: entrada above total, plan missing, due dates per installment, 1 to 6', async () => {
    const p = await product(10, { price: 5000 });
    const before = await salesCount(ctx.db, tenantId);
    const credit = (crediario: unknown) =>
      http.post(
        '/api/sales',
        saleBody(customer.id, [{ product: p, quantity: 1 }], { payment_method: 'crediario', crediario }),
        {
          token: cashier,
        },
      );
    const high = await credit({ entrada: 50.01, parcelas: 1, vencimentos: ['2031-01-01'] });
    expect(high.status).toBe(400);
    expect(high.body.error).toBe('O valor da entrada não pode ser maior que o total da venda.');
    expect((await credit(undefined)).status).toBe(400);
    const mismatch = await credit({ parcelas: 2, vencimentos: ['2031-01-01'] });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.details.map((d: { path: string }) => d.path)).toContain('crediario.vencimentos');
    expect((await credit({ parcelas: 7, vencimentos: Array(7).fill('2031-01-01') })).status).toBe(400);
    expect((await credit({ parcelas: 0, vencimentos: [] })).status).toBe(400);
    expect((await credit({ parcelas: 1, vencimentos: ['2031-02-30'] })).status).toBe(400);
    expect((await credit({ entrada: -1, parcelas: 1, vencimentos: ['2031-01-01'] })).status).toBe(400);
    expect(await salesCount(ctx.db, tenantId)).toBe(before);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(10);
  });

  it('cancel restocks, reverses the cash, cancels open receivables (paid ones stay paid); twice is 409', async () => {
    const p = await product(10, { price: 2500 });
    const cash = await http.post('/api/sales', saleBody(customer.id, [{ product: p, quantity: 4 }]), {
      token: cashier,
    });
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(6);
    const v0 = await lastVersionDrawn(ctx.db);
    const cancelled = await http.put(`/api/sales/${cash.body.data.id}/cancel`, undefined, { token: admin });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      id: cash.body.data.id,
      sale_status: 'cancelled',
      payment_status: 'cancelled',
      total: 100,
    });
    expect(cancelled.body.data.items).toHaveLength(1);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(10);
    expect(await changeVersionOf(ctx.db, tenantId)).toBe(v0 + 1);
    expect((await productRow(ctx.db, tenantId, p.id)).version).toBe(v0 + 1);
    const entries = await cashOf(ctx.db, tenantId, cash.body.data.id);
    expect(entries.map((e) => [e.type, e.amount, e.category])).toEqual([
      ['income', 10000, 'Vendas'],
      ['expense', 10000, 'Vendas'],
    ]);
    expect(entries[1]!.description).toBe(`Estorno - Venda ${short(cash.body.data)} - Joana Prado`);
    expect(entries[1]!.date).toBe(todayIso());
    expect(await cashNetOf(ctx.db, tenantId, cash.body.data.id)).toBe(0);

    const twice = await http.put(`/api/sales/${cash.body.data.id}/cancel`, undefined, { token: admin });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'CONFLICT', error: 'Esta venda já está cancelada.' });
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(10);

    // Crediário with entrada; the first installment was paid before the cancel.
    const credit = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 2 }], {
        payment_method: 'crediario',
        crediario: { entrada: 10, parcelas: 2, vencimentos: ['2031-01-01', '2031-02-01'] },
      }),
      { token: cashier },
    );
    const saleId = credit.body.data.id;
    const [first] = await receivablesOf(ctx.db, tenantId, saleId);
    await ctx.db
      .update(accountsReceivable)
      .set({ status: 'paid', paymentDate: todayIso() })
      .where(and(eq(accountsReceivable.tenantId, tenantId), eq(accountsReceivable.id, first!.id)));
    const res = await http.put(`/api/sales/${saleId}/cancel`, undefined, { token: admin });
    expect(res.status).toBe(200);
    expect((await receivablesOf(ctx.db, tenantId, saleId)).map((r) => r.status)).toEqual(['paid', 'cancelled']);
    expect(await cashNetOf(ctx.db, tenantId, saleId)).toBe(0);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(10);

    // An offline sale that drove stock negative comes back whole.
    const scarce = await product(1);
    const offline = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: scarce, quantity: 3 }], { offline: true }),
      {
        token: cashier,
      },
    );
    expect(await stockOf(ctx.db, tenantId, scarce.id)).toBe(-2);
    await http.put(`/api/sales/${offline.body.data.id}/cancel`, undefined, { token: admin });
    expect(await stockOf(ctx.db, tenantId, scarce.id)).toBe(1);
  });

  it('line edits (admin): add, change, remove adjust stock, total and the income entry', async () => {
    const a = await product(10, { price: 1000, cost: 500 });
    const b = await product(3, { price: 2000, cost: 900 });
    const created = await http.post('/api/sales', saleBody(customer.id, [{ product: a, quantity: 2 }]), {
      token: cashier,
    });
    const saleId = created.body.data.id;
    const firstItem = created.body.data.items[0].id;

    const added = await http.post(
      '/api/sales/items',
      { sale_id: saleId, product_id: b.id, quantity: 2 },
      { token: admin },
    );
    expect(added.status).toBe(201);
    expect(added.body.data.total).toBe(60);
    expect(added.body.data.items.map((i: { product_id: string }) => i.product_id)).toEqual([a.id, b.id]);
    expect(added.body.data.items[1]).toMatchObject({ unit_price: 20, total_price: 40, quantity: 2 });
    expect(await stockOf(ctx.db, tenantId, b.id)).toBe(1);
    const [bLine] = await ctx.db
      .select()
      .from(saleItems)
      .where(and(eq(saleItems.saleId, saleId), eq(saleItems.productId, b.id)));
    expect(bLine!.unitCost).toBe(900);

    const beyond = await http.post(
      '/api/sales/items',
      { sale_id: saleId, product_id: b.id, quantity: 2 },
      { token: admin },
    );
    expect(beyond.status).toBe(409);
    expect(beyond.body.code).toBe('INSUFFICIENT_STOCK');
    expect(beyond.body.details).toEqual([{ product_id: b.id, product_name: b.name, requested: 2, available: 1 }]);

    const changed = await http.put(`/api/sales/items/${firstItem}`, { quantity: 5, unit_price: 9.5 }, { token: admin });
    expect(changed.status).toBe(200);
    expect(changed.body.data.total).toBe(87.5);
    expect(await stockOf(ctx.db, tenantId, a.id)).toBe(5);
    const fewer = await http.put(`/api/sales/items/${firstItem}`, { quantity: 1 }, { token: admin });
    expect(fewer.body.data.total).toBe(49.5);
    expect(fewer.body.data.items[0]).toMatchObject({ quantity: 1, unit_price: 9.5, total_price: 9.5 });
    expect(await stockOf(ctx.db, tenantId, a.id)).toBe(9);
    const tooMany = await http.put(`/api/sales/items/${firstItem}`, { quantity: 11 }, { token: admin });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.details).toEqual([{ product_id: a.id, product_name: a.name, requested: 10, available: 9 }]);

    const bItem = fewer.body.data.items[1].id;
    const removed = await http.delete(`/api/sales/${saleId}/items/${bItem}`, { token: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.data.total).toBe(9.5);
    expect(removed.body.data.items).toHaveLength(1);
    expect(await stockOf(ctx.db, tenantId, b.id)).toBe(3);
    const last = await http.delete(`/api/sales/${saleId}/items/${firstItem}`, { token: admin });
    expect(last.status).toBe(409);
    expect(last.body.error).toBe('Uma venda precisa de pelo menos um item. Para desfazê-la, cancele a venda.');

    const cash = await cashOf(ctx.db, tenantId, saleId);
    expect(cash.map((e) => [e.type, e.amount])).toEqual([['income', 950]]);
    const [row] = await ctx.db.select().from(sales).where(eq(sales.id, saleId));
    expect(row!.total).toBe(950);

    // Refused on crediário and cancelled sales.
    const credit = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: a, quantity: 1 }], {
        payment_method: 'crediario',
        crediario: { parcelas: 1, vencimentos: ['2031-01-01'] },
      }),
      { token: cashier },
    );
    const onCredit = await http.post(
      '/api/sales/items',
      { sale_id: credit.body.data.id, product_id: a.id, quantity: 1 },
      { token: admin },
    );
    expect(onCredit.status).toBe(409);
    expect(onCredit.body.error).toBe(
      'Não é possível alterar itens de uma venda no crediário. Cancele e registre uma nova venda.',
    );
    const creditItem = credit.body.data.items[0].id;
    expect((await http.put(`/api/sales/items/${creditItem}`, { quantity: 2 }, { token: admin })).status).toBe(409);
    await http.put(`/api/sales/${saleId}/cancel`, undefined, { token: admin });
    const onCancelled = await http.put(`/api/sales/items/${firstItem}`, { quantity: 2 }, { token: admin });
    expect(onCancelled.status).toBe(409);
    expect(onCancelled.body.error).toBe('Esta venda está cancelada e não pode ser alterada.');
    expect(await cashNetOf(ctx.db, tenantId, saleId)).toBe(0);

    // Unknown ids, and an item under the wrong sale.
    expect((await http.put(`/api/sales/items/${NO_UUID}`, { quantity: 1 }, { token: admin })).status).toBe(404);
    expect((await http.delete(`/api/sales/${credit.body.data.id}/items/${firstItem}`, { token: admin })).status).toBe(
      404,
    );
    expect(
      (await http.post('/api/sales/items', { sale_id: NO_UUID, product_id: a.id, quantity: 1 }, { token: admin }))
        .status,
    ).toBe(404);
  });

  it('PUT /api/sales/:id changes notes, status, method and customer; refuses crediário switches and cancelled sales', async () => {
    const p = await product(10);
    const other = await makeCustomer(ctx.db, tenantId, 'Rui Campos');
    const created = await http.post('/api/sales', saleBody(customer.id, [{ product: p, quantity: 1 }]), {
      token: cashier,
    });
    const id = created.body.data.id;
    const res = await http.put(
      `/api/sales/${id}`,
      { notes: 'troca autorizada', payment_method: 'pix', payment_status: 'paid', customer_id: other.id },
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      notes: 'troca autorizada',
      payment_method: 'pix',
      payment_status: 'paid',
      customer_id: other.id,
      customer_name: 'Rui Campos',
      total: created.body.data.total,
    });
    const [entry] = await cashOf(ctx.db, tenantId, id);
    expect(entry!.description).toBe(`Venda ${short(created.body.data)} - Rui Campos`);
    const toCredit = await http.put(`/api/sales/${id}`, { payment_method: 'crediario' }, { token: admin });
    expect(toCredit.status).toBe(409);
    expect((await http.put(`/api/sales/${id}`, { payment_status: 'cancelled' }, { token: admin })).status).toBe(400);
    expect((await http.put(`/api/sales/${id}`, { customer_id: NO_UUID }, { token: admin })).status).toBe(404);
    expect((await http.put(`/api/sales/${NO_UUID}`, { notes: 'x' }, { token: admin })).status).toBe(404);
    await http.put(`/api/sales/${id}/cancel`, undefined, { token: admin });
    const late = await http.put(`/api/sales/${id}`, { notes: 'depois' }, { token: admin });
    expect(late.status).toBe(409);
  });

  it('lists newest first with filters and pagination; a cashier sees only today', async () => {
    const p = await product(100);
    const listCustomer = await makeCustomer(ctx.db, tenantId, 'Zuleica Listada');
    const at = (iso: string) =>
      saleBody(listCustomer.id, [{ product: p, quantity: 1 }], { offline: true, sold_at: iso });
    // Three days ago in São Paulo (a device's time within the 7 days it is kept):
    // 03:00Z to 03:00Z next day.
    const day0 = addDays(todayIso(), -3);
    const day1 = addDays(day0, 1);
    const old1 = await http.post('/api/sales', at(`${day0}T03:00:00.000Z`), { token: cashier });
    const old2 = await http.post(
      '/api/sales',
      { ...at(`${day1}T02:59:59.000Z`), payment_method: 'pix' },
      { token: cashier },
    );
    const before = await http.post('/api/sales', at(`${day0}T02:59:59.000Z`), { token: cashier });
    const today = await http.post('/api/sales', saleBody(listCustomer.id, [{ product: p, quantity: 1 }]), {
      token: cashier,
    });
    for (const r of [old1, old2, before, today]) expect(r.status).toBe(201);

    const day = await http.get(`/api/sales?start_date=${day0}&end_date=${day0}`, { token: admin });
    expect(day.body.data.sales.map((s: { id: string }) => s.id)).toEqual([old2.body.data.id, old1.body.data.id]);
    const byName = await http.get('/api/sales?search=zuleica&limit=2', { token: admin });
    expect(byName.body.data.pagination).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2 });
    expect(byName.body.data.sales.map((s: { id: string }) => s.id)).toEqual([today.body.data.id, old2.body.data.id]);
    const page2 = await http.get('/api/sales?search=zuleica&limit=2&page=2', { token: admin });
    expect(page2.body.data.sales.map((s: { id: string }) => s.id)).toEqual([old1.body.data.id, before.body.data.id]);
    const pix = await http.get(`/api/sales?customer_id=${listCustomer.id}&payment_method=pix`, { token: admin });
    expect(pix.body.data.sales.map((s: { id: string }) => s.id)).toEqual([old2.body.data.id]);
    await http.put(`/api/sales/${old1.body.data.id}/cancel`, undefined, { token: admin });
    const cancelled = await http.get(`/api/sales?customer_id=${listCustomer.id}&sale_status=cancelled`, {
      token: admin,
    });
    expect(cancelled.body.data.sales.map((s: { id: string }) => s.id)).toEqual([old1.body.data.id]);
    const blank = await http.get(`/api/sales?customer_id=${listCustomer.id}&payment_method=&sale_status=all`, {
      token: admin,
    });
    expect(blank.body.data.pagination.total).toBe(4);

    // The cashier asks for those days and gets today.
    const asCashier = await http.get(`/api/sales?customer_id=${listCustomer.id}&start_date=${day0}&end_date=${day1}`, {
      token: cashier,
    });
    expect(asCashier.status).toBe(200);
    expect(asCashier.body.data.sales.map((s: { id: string }) => s.id)).toEqual([today.body.data.id]);
    const all = await http.get('/api/sales?limit=200', { token: cashier });
    for (const s of all.body.data.sales) expect(todayIso(new Date(s.sold_at))).toBe(todayIso());
  });

  it('stats: completed count, revenue, ticket and methods for a day range; a cashier gets today', async () => {
    const p = await product(100, { price: 1000 });
    const at = (iso: string, method: string, qty: number) =>
      http.post(
        '/api/sales',
        saleBody(customer.id, [{ product: p, quantity: qty }], { offline: true, sold_at: iso, payment_method: method }),
        {
          token: cashier,
        },
      );
    // Six and five days ago (a device's time within the 7 days it is kept).
    const d1 = addDays(todayIso(), -6);
    const d2 = addDays(todayIso(), -5);
    await at(`${d1}T12:00:00.000Z`, 'cash', 1);
    await at(`${d1}T13:00:00.000Z`, 'cash', 2);
    await at(`${d2}T12:00:00.000Z`, 'pix', 4);
    const gone = await at(`${d2}T13:00:00.000Z`, 'pix', 8);
    await http.put(`/api/sales/${gone.body.data.id}/cancel`, undefined, { token: admin });
    const res = await http.get(`/api/sales/stats?start_date=${d1}&end_date=${d2}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      total_sales: 3,
      total_revenue: 70,
      average_ticket: 23.33,
      cancelled_sales: 1,
      by_payment_method: [
        { payment_method: 'cash', count: 2, total: 30 },
        { payment_method: 'pix', count: 1, total: 40 },
      ],
    });
    const cashierView = await http.get(`/api/sales/stats?start_date=${d1}&end_date=${d2}`, {
      token: cashier,
    });
    const todayView = await http.get(`/api/sales/stats?start_date=${todayIso()}&end_date=${todayIso()}`, {
      token: admin,
    });
    expect(cashierView.body.data).toEqual(todayView.body.data);
    expect(cashierView.body.data.total_sales).toBeGreaterThan(0);
    const empty = await http.get('/api/sales/stats?start_date=2001-01-01&end_date=2001-01-01', { token: admin });
    expect(empty.body.data).toEqual({
      total_sales: 0,
      total_revenue: 0,
      average_ticket: 0,
      cancelled_sales: 0,
      by_payment_method: [],
    });
  });

  it('products must be sellable: unknown or deleted 404, inactive 400 online (accepted offline)', async () => {
    const before = await salesCount(ctx.db, tenantId);
    const ghost = { id: NO_UUID, name: 'x', price: 100, cost: 0 };
    const unknown = await http.post('/api/sales', saleBody(customer.id, [{ product: ghost, quantity: 1 }]), {
      token: cashier,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(`Produto não encontrado (${NO_UUID}).`);
    const removed = await product(5, { name: 'Saia Removida' });
    await deleteProduct(ctx.db, tenantId, removed.id);
    const gone = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: removed, quantity: 1 }], { offline: true }),
      {
        token: cashier,
      },
    );
    expect(gone.status).toBe(404);
    expect(gone.body.error).toContain('Saia Removida');
    const inactive = await product(5, { name: 'Meia Inativa', active: false });
    const online = await http.post('/api/sales', saleBody(customer.id, [{ product: inactive, quantity: 1 }]), {
      token: cashier,
    });
    expect(online.status).toBe(400);
    expect(online.body.error).toBe('Produto inativo: Meia Inativa.');
    expect(await salesCount(ctx.db, tenantId)).toBe(before);
    const offline = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: inactive, quantity: 1 }], { offline: true }),
      {
        token: cashier,
      },
    );
    expect(offline.status).toBe(201);
    const noCustomer = await http.post(
      '/api/sales',
      saleBody(NO_UUID, [{ product: inactive, quantity: 1 }], { offline: true }),
      {
        token: cashier,
      },
    );
    expect(noCustomer.status).toBe(404);
    expect(noCustomer.body.error).toBe('Cliente não encontrado.');
  });

  it('a client-chosen id is kept; a second sale with it is 409; a till clock ahead is capped at arrival', async () => {
    const p = await product(10);
    const id = randomUUID();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const first = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 1 }], { id, offline: true, sold_at: future }),
      {
        token: cashier,
      },
    );
    expect(first.status).toBe(201);
    expect(first.body.data.id).toBe(id);
    expect(Date.parse(first.body.data.sold_at)).toBeLessThanOrEqual(Date.now());
    const again = await http.post('/api/sales', saleBody(customer.id, [{ product: p, quantity: 1 }], { id }), {
      token: cashier,
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Já existe uma venda com este identificador.');
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(9);
  });

  it('permissions: a cashier reads and creates only', async () => {
    const p = await product(10);
    const created = await http.post('/api/sales', saleBody(customer.id, [{ product: p, quantity: 1 }]), {
      token: cashier,
    });
    const id = created.body.data.id;
    const item = created.body.data.items[0].id;
    const denied: [string, string, unknown?][] = [
      ['PUT', `/api/sales/${id}`, { notes: 'x' }],
      ['PUT', `/api/sales/${id}/cancel`],
      ['POST', '/api/sales/items', { sale_id: id, product_id: p.id, quantity: 1 }],
      ['PUT', `/api/sales/items/${item}`, { quantity: 2 }],
      ['DELETE', `/api/sales/${id}/items/${item}`],
    ];
    for (const [method, url, body] of denied) {
      const res = await http.call(method as 'GET', url, { token: cashier, body });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await http.get(`/api/sales/${id}`, { token: cashier })).status).toBe(200);
    expect((await http.get('/api/sales/stats', { token: cashier })).status).toBe(200);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(9);
    expect((await http.get('/api/sales')).status).toBe(401);
    expect((await http.post('/api/sales', saleBody(customer.id, [{ product: p, quantity: 1 }]))).status).toBe(401);
  });

  it("keeps stores apart: another store's sale is 404, its products and customers cannot be sold here", async () => {
    const p = await product(10);
    const created = await http.post('/api/sales', saleBody(customer.id, [{ product: p, quantity: 1 }]), {
      token: cashier,
    });
    const id = created.body.data.id;
    const item = created.body.data.items[0].id;
    const other = { token: otherAdmin, host: OTHER_HOST };
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/sales/${id}`],
      ['PUT', `/api/sales/${id}`, { notes: 'x' }],
      ['PUT', `/api/sales/${id}/cancel`],
      ['POST', '/api/sales/items', { sale_id: id, product_id: p.id, quantity: 1 }],
      ['PUT', `/api/sales/items/${item}`, { quantity: 2 }],
      ['DELETE', `/api/sales/${id}/items/${item}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await http.call(method as 'GET', url, { ...other, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const list = await http.get('/api/sales?limit=200', other);
    expect(list.body.data.sales.map((s: { id: string }) => s.id)).not.toContain(id);
    // The other store's customer and product, sold in the demo store.
    const theirCustomer = await makeCustomer(ctx.db, ctx.other.tenant.id, 'Cliente da Outra');
    const theirProduct = await makeProduct(ctx.db, ctx.other.tenant.id, { stock: 10 });
    const r1 = await http.post('/api/sales', saleBody(theirCustomer.id, [{ product: p, quantity: 1 }]), {
      token: cashier,
    });
    expect(r1.status).toBe(404);
    const r2 = await http.post('/api/sales', saleBody(customer.id, [{ product: theirProduct, quantity: 1 }]), {
      token: cashier,
    });
    expect(r2.status).toBe(404);
    expect(await stockOf(ctx.db, ctx.other.tenant.id, theirProduct.id)).toBe(10);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(9);
    const [row] = await ctx.db.select().from(sales).where(eq(sales.id, id));
    expect(row!.saleStatus).toBe('completed');
  });

  it('refuses bad inputs with 400 and writes nothing', async () => {
    const p = await product(10);
    const v0 = await changeVersionOf(ctx.db, tenantId);
    const before = await salesCount(ctx.db, tenantId);
    const good = saleBody(customer.id, [{ product: p, quantity: 1 }]);
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
    for (const [body, field] of cases) {
      const res = await http.post('/api/sales', body, { token: cashier });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(field);
    }
    expect((await http.post('/api/sales', undefined, { token: cashier })).status).toBe(400);
    const huge = await http.post(
      '/api/sales',
      saleBody(customer.id, [{ product: p, quantity: 1000, unitPrice: 900_000_000 }], { offline: true }),
      { token: cashier },
    );
    expect(huge.status).toBe(400);
    expect(huge.body.error).toBe('O total da venda é alto demais.');
    expect((await http.get('/api/sales/not-a-uuid', { token: admin })).status).toBe(400);
    expect((await http.get('/api/sales?page=0', { token: admin })).status).toBe(400);
    expect((await http.get('/api/sales?conflicts=yes', { token: admin })).status).toBe(400);
    expect((await http.get('/api/sales?start_date=2024-13-01', { token: admin })).status).toBe(400);
    expect((await http.put('/api/sales/items/cancel', { quantity: 1 }, { token: admin })).status).toBe(400);
    expect((await http.put(`/api/sales/items/${NO_UUID}`, { quantity: 0 }, { token: admin })).status).toBe(400);
    const missing = await http.get(`/api/sales/${NO_UUID}`, { token: admin });
    expect(missing.body).toEqual({ success: false, code: 'NOT_FOUND', error: 'Venda não encontrada.' });
    expect(await salesCount(ctx.db, tenantId)).toBe(before);
    expect(await changeVersionOf(ctx.db, tenantId)).toBe(v0);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(10);
    const stray = await ctx.db
      .select()
      .from(products)
      .where(and(eq(products.tenantId, tenantId), eq(products.id, p.id)));
    expect(stray[0]!.version).toBeLessThanOrEqual(v0);
  });

  it('static paths are not taken for ids: /stats and /items', async () => {
    expect((await http.get('/api/sales/stats', { token: admin })).status).toBe(200);
    const items = await http.post(
      '/api/sales/items',
      { sale_id: NO_UUID, product_id: NO_UUID, quantity: 1 },
      { token: admin },
    );
    expect(items.status).toBe(404);
    expect(items.body.error).toBe('Venda não encontrada.');
  });
});
