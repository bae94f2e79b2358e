// Returns on the server: never more than sold minus already returned (also two returns at
// once), each refund method in the cash book and the caixa's expected figures, the
// vale-troca ledger never below zero (online 409, offline a conflict), a crediário return
// reducing the instalments last ones first to the centavo, the DRE and margins net of
// returns to the centavo, the cashier's limit (409 online, conflict offline), a replayed
// return being one return.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../shared/dates';
import { accountsReceivable, customers, storeCreditLedger } from '../db/schema';
import { NO_STORE, openTestStore } from '../test/helpers';
import { cashOf, makeCustomer, makeProduct, saleBody, stockOf, type ProductFixture } from '../test/sales-fixtures';
import { databases } from '../test/testDb';

describe.each(databases())('returns and vale-troca (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier } = NO_STORE;
  let customerId: string;

  const keyed = (token: string, key = randomUUID()) => ({ token, headers: { 'Idempotency-Key': key } });
  const product = (price: number, cost = 1000, stock = 100) => makeProduct(ctx.db, tenantId, { stock, price, cost });
  const sell = async (lines: { product: ProductFixture; quantity: number }[], extra = {}, token = admin) => {
    const res = await http.post('/api/sales', saleBody(customerId, lines, extra), keyed(token));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string; items: { id: string; product_id: string }[] };
  };
  const giveBack = (
    saleId: string,
    lines: { sale_item_id: string; quantity: number; damaged?: boolean }[],
    extra: Record<string, unknown> = {},
    token = admin,
    key = randomUUID(),
  ) =>
    http.post(
      `/api/sales/${saleId}/returns`,
      { lines, reason: 'Cliente desistiu', refund_method: 'dinheiro', ...extra },
      keyed(token, key),
    );
  const balanceOf = async (id = customerId) =>
    (
      await ctx.db
        .select()
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
    )[0]!.storeCredit;
  const openSession = async () => {
    const res = await http.post('/api/cash-sessions', { device_id: randomUUID(), opening_float: 100 }, keyed(cashier));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  const expectedOf = async (sessionId: string) => {
    const res = await http.get(`/api/cash-sessions/${sessionId}`, { token: admin });
    return Object.fromEntries(
      (res.body.data.expected as { method: string; amount: number }[]).map((e) => [e.method, e.amount]),
    );
  };

  beforeAll(async () => {
    ({ ctx, http, tenantId, admin, cashier } = await openTestStore(kind));
    customerId = (await makeCustomer(ctx.db, tenantId, 'Marta Devolve')).id;
  });
  afterAll(() => ctx?.close());

  it('never more than sold minus already returned; the units go back to stock unless damaged', async () => {
    const p = await product(2000, 1000, 10);
    const sale = await sell([{ product: p, quantity: 3 }]);
    const item = sale.items[0]!.id;
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(7);
    const first = await giveBack(sale.id, [{ sale_item_id: item, quantity: 2 }]);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ amount: 40, refunded: 40, installments: 0, refund_method: 'dinheiro' });
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(9);
    const tooMany = await giveBack(sale.id, [{ sale_item_id: item, quantity: 2 }]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toContain('resta 1 unidade');
    const damaged = await giveBack(sale.id, [{ sale_item_id: item, quantity: 1, damaged: true }]);
    expect(damaged.status).toBe(201);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(9); // damaged: not restocked
    expect((await giveBack(sale.id, [{ sale_item_id: item, quantity: 1 }])).status).toBe(409);
    const listed = await http.get(`/api/sales/${sale.id}/returns`, { token: cashier });
    expect(listed.body.data.lines[0]).toMatchObject({ quantity: 3, returned: 3 });
    expect(listed.body.data.returns).toHaveLength(2);
    // A sale with returns is not cancelled whole (its returns already counted out).
    expect((await http.put(`/api/sales/${sale.id}/cancel`, undefined, keyed(admin))).status).toBe(409);
  });

  it('two returns racing on one sale: one of them gets the last units, never both', async () => {
    const p = await product(1500, 700, 10);
    const sale = await sell([{ product: p, quantity: 3 }]);
    const item = sale.items[0]!.id;
    const [a, b] = await Promise.all([
      giveBack(sale.id, [{ sale_item_id: item, quantity: 2 }], { offline: true }, cashier),
      giveBack(sale.id, [{ sale_item_id: item, quantity: 2 }], { offline: true }, cashier),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(9);
  });

  it('the same return sent twice (its key) is one return', async () => {
    const p = await product(1000, 500, 10);
    const sale = await sell([{ product: p, quantity: 2 }]);
    const key = randomUUID();
    const line = [{ sale_item_id: sale.items[0]!.id, quantity: 1 }];
    const once = await giveBack(sale.id, line, { id: randomUUID() }, admin, key);
    const body = {
      lines: line,
      reason: 'Cliente desistiu',
      refund_method: 'dinheiro',
      id: once.body.data.id,
      offline: true,
    };
    const again = await http.post(`/api/sales/${sale.id}/returns`, body, keyed(admin, key));
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.id).toBe(once.body.data.id);
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(9);
    const refunds = (await cashOf(ctx.db, tenantId, sale.id)).filter((e) => e.type === 'expense');
    expect(refunds.map((e) => e.amount)).toEqual([1000]);
  });

  it('dinheiro and estorno: a cash-book expense in their method, out of the caixa’s expected figure', async () => {
    const session = await openSession();
    const p = await product(3990, 1500, 50);
    const cashSale = await sell([{ product: p, quantity: 2 }], { cash_session_id: session }, cashier);
    const cardSale = await sell(
      [{ product: p, quantity: 2 }],
      { cash_session_id: session, payment_method: 'credit_card' },
      cashier,
    );
    expect(await expectedOf(session)).toMatchObject({ cash: 179.8, credit_card: 79.8 });
    const cash = await giveBack(
      cashSale.id,
      [{ sale_item_id: cashSale.items[0]!.id, quantity: 1 }],
      { cash_session_id: session },
      cashier,
    );
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    expect(cash.body.data).toMatchObject({ refund_payment_method: 'cash', refunded: 39.9, cash_session_id: session });
    const card = await giveBack(
      cardSale.id,
      [{ sale_item_id: cardSale.items[0]!.id, quantity: 2 }],
      { cash_session_id: session, refund_method: 'estorno' },
      cashier,
    );
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    expect(card.body.data).toMatchObject({ refund_payment_method: 'credit_card', refunded: 79.8 });
    expect(await expectedOf(session)).toMatchObject({ cash: 139.9, credit_card: 0 });
    const book = async (saleId: string) =>
      (await cashOf(ctx.db, tenantId, saleId)).map((e) => [e.type, e.amount, e.paymentMethod, e.category]);
    expect(await book(cashSale.id)).toEqual([
      ['income', 7980, 'cash', 'Vendas'],
      ['expense', 3990, 'cash', 'Vendas'],
    ]);
    expect(await book(cardSale.id)).toEqual([
      ['income', 7980, 'credit_card', 'Vendas'],
      ['expense', 7980, 'credit_card', 'Vendas'],
    ]);
    // An estorno needs a card or Pix to go back on.
    const refused = await giveBack(
      cashSale.id,
      [{ sale_item_id: cashSale.items[0]!.id, quantity: 1 }],
      { refund_method: 'estorno' },
      cashier,
    );
    expect(refused.status).toBe(400);
  });

  it('vale-troca: credit on the customer, used in a later sale; online never beyond the balance, offline a conflict; the ledger never below zero', async () => {
    const buyer = (await makeCustomer(ctx.db, tenantId, 'Vera Vale')).id;
    const p = await product(2550, 1000, 50);
    const sale = await http.post('/api/sales', saleBody(buyer, [{ product: p, quantity: 2 }]), keyed(admin));
    const credit = await giveBack(
      sale.body.data.id,
      [{ sale_item_id: sale.body.data.items[0].id, quantity: 2 }],
      { refund_method: 'vale_troca' },
      cashier,
    );
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    expect(credit.body.data).toMatchObject({ refunded: 51, store_credit_balance: 51, refund_payment_method: null });
    expect((await cashOf(ctx.db, tenantId, sale.body.data.id)).filter((e) => e.type === 'expense')).toEqual([]);
    expect(await balanceOf(buyer)).toBe(5100);

    // Online, more than the balance: 409 and nothing written.
    const q = await product(4000, 1000, 50);
    const over = await http.post(
      '/api/sales',
      saleBody(buyer, [{ product: q, quantity: 2 }], {
        payments: [
          { method: 'store_credit', amount: 60 },
          { method: 'cash', amount: 20 },
        ],
      }),
      keyed(cashier),
    );
    expect(over.status).toBe(409);
    expect(over.body.error).toContain('vale-troca');
    expect(await stockOf(ctx.db, tenantId, q.id)).toBe(50);

    // Within it: the part brings no money in, the balance goes down.
    const used = await http.post(
      '/api/sales',
      saleBody(buyer, [{ product: q, quantity: 1 }], {
        payments: [
          { method: 'store_credit', amount: 30 },
          { method: 'pix', amount: 10 },
        ],
      }),
      keyed(cashier),
    );
    expect(used.status, JSON.stringify(used.body)).toBe(201);
    expect(used.body.data.payment_method).toBe('pix');
    expect((await cashOf(ctx.db, tenantId, used.body.data.id)).map((e) => [e.amount, e.paymentMethod])).toEqual([
      [1000, 'pix'],
    ]);
    expect(await balanceOf(buyer)).toBe(2100);

    // Offline, beyond the balance: the sale is kept, the balance stops at zero, a conflict is listed.
    const offline = await http.post(
      '/api/sales',
      saleBody(buyer, [{ product: q, quantity: 1 }], {
        offline: true,
        payments: [{ method: 'store_credit', amount: 40 }],
      }),
      keyed(cashier),
    );
    expect(offline.status, JSON.stringify(offline.body)).toBe(201);
    expect(await balanceOf(buyer)).toBe(0);
    const conflicts = await http.get('/api/sale-conflicts', { token: admin });
    expect(
      conflicts.body.data.conflicts.some(
        (c: { sale_id: string; kind: string }) => c.sale_id === offline.body.data.id && c.kind === 'store_credit',
      ),
    ).toBe(true);

    const ledger = await http.get(`/api/customers/${buyer}/store-credit`, { token: cashier });
    expect(ledger.body.data.balance).toBe(0);
    expect(
      ledger.body.data.entries.map((e: { kind: string; amount: number; balance_after: number }) => [
        e.kind,
        e.amount,
        e.balance_after,
      ]),
    ).toEqual([
      ['credit', 51, 51],
      ['use', 30, 21],
      ['use', 21, 0],
    ]);
    const rows = await ctx.db.select().from(storeCreditLedger).where(eq(storeCreditLedger.tenantId, tenantId));
    expect(rows.every((r) => r.balanceAfter >= 0)).toBe(true);
  });

  it('an exchange (a return to vale-troca, then a new sale paid with it and cash), each sent twice by the outbox: once, to the centavo', async () => {
    const buyer = (await makeCustomer(ctx.db, tenantId, 'Tiago Troca')).id;
    const session = await openSession();
    const shirt = await product(2550, 1000, 10);
    const dearer = await product(4000, 1500, 10);
    const cheaper = await product(990, 400, 10);
    const sold = await http.post(
      '/api/sales',
      saleBody(buyer, [{ product: shirt, quantity: 2 }], { cash_session_id: session }),
      keyed(cashier),
    );
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const saleId = sold.body.data.id as string;
    expect(await expectedOf(session)).toMatchObject({ cash: 151 });

    // At the counter, offline: one shirt back for vale-troca, a dearer item paid with the
    // vale and R$ 14,50 in cash. The outbox sends each twice (a lost answer): same keys.
    const returnId = randomUUID();
    const returnKey = randomUUID();
    const saleKey = randomUUID();
    const returnBody = {
      id: returnId,
      lines: [{ sale_item_id: sold.body.data.items[0].id, quantity: 1 }],
      reason: 'Troca por outro modelo',
      refund_method: 'vale_troca',
      offline: true,
      cash_session_id: session,
    };
    const newSaleId = randomUUID();
    const newSale = saleBody(buyer, [{ product: dearer, quantity: 1 }], {
      id: newSaleId,
      offline: true,
      cash_session_id: session,
      payments: [
        { method: 'store_credit', amount: 25.5 },
        { method: 'cash', amount: 14.5, received: 20 },
      ],
    });
    for (let i = 0; i < 2; i++) {
      const back = await http.post(`/api/sales/${saleId}/returns`, returnBody, keyed(cashier, returnKey));
      expect(back.status, JSON.stringify(back.body)).toBe(201);
      expect(back.body.data).toMatchObject({ id: returnId, amount: 25.5, store_credit_balance: 25.5 });
      const paid = await http.post('/api/sales', newSale, keyed(cashier, saleKey));
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    }
    expect(await stockOf(ctx.db, tenantId, shirt.id)).toBe(9);
    expect(await stockOf(ctx.db, tenantId, dearer.id)).toBe(9);
    expect(await balanceOf(buyer)).toBe(0);
    // The caixa: R$ 51,00 + R$ 14,50 in cash; the vale moves no money.
    expect(await expectedOf(session)).toMatchObject({ cash: 165.5 });
    const book = (await cashOf(ctx.db, tenantId, newSaleId)).map((e) => [e.type, e.amount, e.paymentMethod]);
    expect(book).toEqual([['income', 1450, 'cash']]);
    expect((await cashOf(ctx.db, tenantId, saleId)).map((e) => [e.type, e.amount])).toEqual([['income', 5100]]);

    // The other shirt for a cheaper item: the vale pays it and R$ 15,60 stays as vale-troca.
    const second = await http.post(
      `/api/sales/${saleId}/returns`,
      { ...returnBody, id: randomUUID(), reason: 'Troca', offline: false },
      keyed(cashier),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    // Never more vale than the returns gave: online a 409, nothing written.
    const over = await http.post(
      '/api/sales',
      saleBody(buyer, [{ product: dearer, quantity: 1 }], {
        cash_session_id: session,
        payments: [
          { method: 'store_credit', amount: 25.51 },
          { method: 'cash', amount: 14.49 },
        ],
      }),
      keyed(cashier),
    );
    expect(over.status).toBe(409);
    const small = await http.post(
      '/api/sales',
      saleBody(buyer, [{ product: cheaper, quantity: 1 }], {
        cash_session_id: session,
        payments: [{ method: 'store_credit', amount: 9.9 }],
      }),
      keyed(cashier),
    );
    expect(small.status, JSON.stringify(small.body)).toBe(201);
    expect(await balanceOf(buyer)).toBe(1560);
    expect(await expectedOf(session)).toMatchObject({ cash: 165.5 });
    const ledger = await http.get(`/api/customers/${buyer}/store-credit`, { token: cashier });
    expect(
      ledger.body.data.entries.map((e: { kind: string; amount: number; balance_after: number }) => [
        e.kind,
        e.amount,
        e.balance_after,
      ]),
    ).toEqual([
      ['credit', 25.5, 25.5],
      ['use', 25.5, 0],
      ['credit', 25.5, 25.5],
      ['use', 9.9, 15.6],
    ]);
  });

  it('a crediário return reduces the open instalments, last ones first, before any money goes back (to the centavo)', async () => {
    const p = await product(3333, 1000, 10);
    const due = [addDays(todayIso(), 30), addDays(todayIso(), 60)];
    const sale = await sell([{ product: p, quantity: 3 }], {
      payment_method: 'crediario',
      crediario: { entrada: 50, entrada_method: 'cash', parcelas: 2, vencimentos: due },
    });
    const item = sale.items[0]!.id;
    const instalments = async () =>
      (
        await ctx.db
          .select()
          .from(accountsReceivable)
          .where(and(eq(accountsReceivable.tenantId, tenantId), eq(accountsReceivable.saleId, sale.id)))
          .orderBy(asc(accountsReceivable.installmentNumber))
      ).map((r) => [r.installmentNumber, r.amount, r.status]);
    expect(await instalments()).toEqual([
      [1, 2499, 'pending'],
      [2, 2500, 'pending'],
    ]);
    const one = await giveBack(sale.id, [{ sale_item_id: item, quantity: 1 }]);
    expect(one.body.data).toMatchObject({ amount: 33.33, installments: 33.33, refunded: 0 });
    expect(await instalments()).toEqual([
      [1, 1666, 'pending'],
      [2, 2500, 'cancelled'],
    ]);
    const two = await giveBack(sale.id, [{ sale_item_id: item, quantity: 1 }]);
    expect(two.body.data).toMatchObject({ amount: 33.33, installments: 16.66, refunded: 16.67 });
    expect(await instalments()).toEqual([
      [1, 1666, 'cancelled'],
      [2, 2500, 'cancelled'],
    ]);
    const three = await giveBack(sale.id, [{ sale_item_id: item, quantity: 1 }]);
    expect(three.body.data).toMatchObject({ amount: 33.33, installments: 0, refunded: 33.33 });
    // Everything back: the money returned is the entrada, to the centavo.
    const refunds = (await cashOf(ctx.db, tenantId, sale.id)).filter((e) => e.type === 'expense');
    expect(refunds.reduce((s, e) => s + e.amount, 0)).toBe(5000);
  });

  it('the DRE and the margins are net of returns, with the deduction shown (to the centavo)', async () => {
    const today = todayIso();
    const range = `start_date=${today}&end_date=${today}`;
    const dre = async () => (await http.get(`/api/financial-reports/dre?${range}`, { token: admin })).body.data;
    const p = await product(1999, 777, 20);
    const before = await dre();
    // 3 units with R$ 1,00 off the sale: the line charged 58,97; two units back = round(5897 x 2/3) = 39,31.
    const sale = await sell([{ product: p, quantity: 3 }], { discount: 1 });
    const back = await giveBack(sale.id, [{ sale_item_id: sale.items[0]!.id, quantity: 2 }]);
    expect(back.body.data.amount).toBe(39.31);
    const after = await dre();
    const cents = (v: number) => Math.round(v * 100);
    expect(cents(after.revenue.sales_revenue) - cents(before.revenue.sales_revenue)).toBe(5897 - 3931);
    expect(cents(after.revenue.returns) - cents(before.revenue.returns)).toBe(3931);
    expect(cents(after.revenue.gross_sales_revenue) - cents(before.revenue.gross_sales_revenue)).toBe(5897);
    expect(cents(after.cost_of_goods_sold.product_costs) - cents(before.cost_of_goods_sold.product_costs)).toBe(777);
    const margins = (await http.get(`/api/financial-reports/margin-analysis?${range}`, { token: admin })).body.data;
    const line = margins.product_margins.find((m: { product_id: string }) => m.product_id === p.id);
    expect(line).toMatchObject({ revenue: 19.66, cost: 7.77, gross_profit: 11.89 });
  });

  it('a cashier over the return limit: 409 online, kept and flagged for admins offline; admins have no limit', async () => {
    const set = await http.put('/api/settings', { cashier_max_return: 5000 }, keyed(admin));
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const p = await product(6000, 1000, 20);
    const sale = await sell([{ product: p, quantity: 3 }]);
    const line = [{ sale_item_id: sale.items[0]!.id, quantity: 1 }];
    const online = await giveBack(sale.id, line, {}, cashier);
    expect(online.status).toBe(409);
    expect(online.body.error).toContain('50,00');
    expect(await stockOf(ctx.db, tenantId, p.id)).toBe(17);
    const offline = await giveBack(sale.id, line, { offline: true }, cashier);
    expect(offline.status).toBe(201);
    expect(offline.body.data.limit_conflict).toBe(true);
    const conflicts = await http.get('/api/sale-conflicts', { token: admin });
    expect(
      conflicts.body.data.conflicts.some(
        (c: { sale_id: string; kind: string }) => c.sale_id === sale.id && c.kind === 'return_limit',
      ),
    ).toBe(true);
    const byAdmin = await giveBack(sale.id, line, {}, admin);
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.data.limit_conflict).toBe(false);
  });
});
