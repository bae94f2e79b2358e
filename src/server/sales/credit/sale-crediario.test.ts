// A crediário sale on the server: its entrada and instalments, and the checks of its plan.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import * as fixtures from '../../test/sales-fixtures';
import { databases } from '../../test/testDb';

describe.each(databases())('sales: crediário (%s)', (kind) => {
  const s = fixtures.salesSuite(kind, 'Joana Prado');

  it('crediário: entrada as income, one receivable per installment, centavos exact, due dates as sent', async () => {
    const p = await s.product(10, { price: 10000 });
    const dueDates = ['2031-01-15', '2031-02-14', '2031-03-16'];
    const res = await s.sellOnCredit([{ product: p, quantity: 1 }], { vencimentos: dueDates });
    expect(res.status).toBe(201);
    const sale = res.body.data;
    expect(sale).toMatchObject({
      total: 100,
      payment_status: 'pending',
      crediario: { entrada: 0, parcelas: 3, vencimentos: dueDates },
    });
    const recs = await fixtures.receivablesOf(s.ctx.db, s.tenantId, sale.id);
    expect(recs.map((r) => [r.installmentNumber, r.amount, r.dueDate, r.status, r.paymentMethod])).toEqual([
      [1, 3333, '2031-01-15', 'pending', 'crediario'],
      [2, 3333, '2031-02-14', 'pending', 'crediario'],
      [3, 3334, '2031-03-16', 'pending', 'crediario'],
    ]);
    expect(recs.map((r) => r.description)).toEqual(
      [1, 2, 3].map((i) => `Parcela ${i}/3 - Venda ${fixtures.numberTag(sale)}`),
    );
    for (const r of recs) expect(r.customerId).toBe(s.customer.id);
    expect(await fixtures.cashOf(s.ctx.db, s.tenantId, sale.id)).toEqual([]); // no entrada, no income yet

    // Awkward numbers: R$ 1.234,57 with R$ 100,01 down in 6 installments.
    const q = await s.product(10, { price: 123457 });
    const six = Array.from({ length: 6 }, (_, i) => addDays('2031-01-01', 30 * (i + 1)));
    const res2 = await s.sellOnCredit([{ product: q, quantity: 1 }], { entrada: 100.01, vencimentos: six });
    expect(res2.status).toBe(201);
    const recs2 = await fixtures.receivablesOf(s.ctx.db, s.tenantId, res2.body.data.id);
    expect(recs2.map((r) => r.amount)).toEqual([18909, 18909, 18909, 18909, 18909, 18911]);
    expect(recs2.reduce((s, r) => s + r.amount, 0) + 10001).toBe(123457);
    expect(recs2.map((r) => r.dueDate)).toEqual(six);
    const cash2 = await fixtures.cashOf(s.ctx.db, s.tenantId, res2.body.data.id);
    expect(cash2).toHaveLength(1);
    expect(cash2[0]).toMatchObject({
      type: 'income',
      amount: 10001,
      category: 'Vendas',
      description: `Entrada - Venda ${fixtures.numberTag(res2.body.data)} - Joana Prado`,
    });

    // Entrada equal to the total: nothing left to receive.
    const fifty = await s.product(10, { price: 5000 });
    const whole = await s.sellOnCredit([{ product: fifty, quantity: 1 }], {
      entrada: 50,
      vencimentos: ['2031-01-01', '2031-02-01'],
    });
    expect(whole.status).toBe(201);
    expect(await fixtures.receivablesOf(s.ctx.db, s.tenantId, whole.body.data.id)).toEqual([]);
    expect(await fixtures.cashNetOf(s.ctx.db, s.tenantId, whole.body.data.id)).toBe(5000);
  });

  it('crediário inputs are checked: entrada above total, plan missing, due dates per installment, 1 to 6', async () => {
    const p = await s.product(10, { price: 5000 });
    const before = await fixtures.salesCount(s.ctx.db, s.tenantId);
    const credit = (crediario: unknown) =>
      s.sell([{ product: p, quantity: 1 }], { payment_method: 'crediario', crediario });
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
    expect(await fixtures.salesCount(s.ctx.db, s.tenantId)).toBe(before);
    expect(await fixtures.stockOf(s.ctx.db, s.tenantId, p.id)).toBe(10);
  });
});
