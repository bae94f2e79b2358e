// Returns on the server, where the money goes: each refund method in the cash book and the
// caixa's expected figures, a crediário return reducing the instalments last ones first to
// the centavo, the DRE and margins net of returns to the centavo.
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../../shared/dates';
import { accountsReceivable } from '../../db/schema';
import { atTill, cashOf } from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';
import { returnsSuite } from './sale-returns-fixtures';

describe.each(databases())('returns: the money (%s)', (kind) => {
  const { s, product, sell, giveBack, openSession, expectedOf } = returnsSuite(kind);

  it('dinheiro and estorno: a cash-book expense in their method, out of the caixa’s expected figure', async () => {
    const session = await openSession();
    const p = await product(3990, 1500, 50);
    const cashSale = await sell([{ product: p, quantity: 2 }], atTill(session), s.cashier);
    const cardSale = await sell(
      [{ product: p, quantity: 2 }],
      { ...atTill(session), payment_method: 'credit_card' },
      s.cashier,
    );
    expect(await expectedOf(session)).toMatchObject({ cash: 179.8, credit_card: 79.8 });
    const cash = await giveBack(
      cashSale.id,
      [{ sale_item_id: cashSale.items[0]!.id, quantity: 1 }],
      atTill(session),
      s.cashier,
    );
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    expect(cash.body.data).toMatchObject({ refund_payment_method: 'cash', refunded: 39.9, cash_session_id: session });
    const card = await giveBack(
      cardSale.id,
      [{ sale_item_id: cardSale.items[0]!.id, quantity: 2 }],
      { ...atTill(session), refund_method: 'estorno' },
      s.cashier,
    );
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    expect(card.body.data).toMatchObject({ refund_payment_method: 'credit_card', refunded: 79.8 });
    expect(await expectedOf(session)).toMatchObject({ cash: 139.9, credit_card: 0 });
    const book = async (saleId: string) =>
      (await cashOf(s.ctx.db, s.tenantId, saleId)).map((e) => [e.type, e.amount, e.paymentMethod, e.category]);
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
      s.cashier,
    );
    expect(refused.status).toBe(400);
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
        await s.ctx.db
          .select()
          .from(accountsReceivable)
          .where(and(eq(accountsReceivable.tenantId, s.tenantId), eq(accountsReceivable.saleId, sale.id)))
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
    const refunds = (await cashOf(s.ctx.db, s.tenantId, sale.id)).filter((e) => e.type === 'expense');
    expect(refunds.reduce((s, e) => s + e.amount, 0)).toBe(5000);
  });

  it('the DRE and the margins are net of returns, with the deduction shown (to the centavo)', async () => {
    const today = todayIso();
    const range = `start_date=${today}&end_date=${today}`;
    const dre = async () => (await s.http.get(`/api/financial-reports/dre?${range}`, { token: s.admin })).body.data;
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
    const margins = (await s.http.get(`/api/financial-reports/margin-analysis?${range}`, { token: s.admin })).body.data;
    const line = margins.product_margins.find((m: { product_id: string }) => m.product_id === p.id);
    expect(line).toMatchObject({ revenue: 19.66, cost: 7.77, gross_profit: 11.89 });
  });
});
