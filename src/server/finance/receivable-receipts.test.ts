// Receiving an instalment at the counter: cashiers only when the store allows it; a partial
// amount leaves the rest open as the same instalment; multa (at most 2%) and juros de mora
// pro rata die computed on what is paid and booked apart ('Juros e multas'), each entry
// with the method; more than is open is a 400 naming the field; a replay is one receipt;
// the charges count in the DRE's other_revenue on the day paid.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../shared/dates';
import { cashFlowEntries } from '../db/schema';
import { NO_STORE, useTestStore } from '../test/helpers';
import { makeCustomer } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { CASHIERS_MAY_NOT_RECEIVE } from './receivable-receipts';

describe.each(databases())('receiving instalments (%s)', (kind) => {
  let { ctx, http, tenantId, admin, cashier } = NO_STORE;
  const keyed = (token: string, key = randomUUID()) => ({ token, headers: { 'Idempotency-Key': key } });
  const entriesOf = () =>
    ctx.db
      .select({
        category: cashFlowEntries.category,
        amount: cashFlowEntries.amount,
        method: cashFlowEntries.paymentMethod,
        receivable: cashFlowEntries.accountReceivableId,
      })
      .from(cashFlowEntries)
      .where(eq(cashFlowEntries.tenantId, tenantId));

  useTestStore(kind, async (store) => {
    ({ ctx, http, tenantId, admin, cashier } = store);
    const put = await http.put(
      '/api/settings',
      { late_fee_percent: 2, late_interest_monthly_percent: 1 },
      { token: admin },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });

  it('a partial payment 30 days late with multa and juros, then the rest; cashiers when allowed', async () => {
    const customer = await makeCustomer(ctx.db, tenantId, 'Dora Mattos');
    const created = await http.post(
      '/api/accounts-receivable',
      { description: 'Parcela 1/3', customer_id: customer.id, amount: 100, due_date: addDays(todayIso(), -30) },
      keyed(admin),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    const url = `/api/accounts-receivable/${id}/receive`;

    // Cashiers may not, until the store allows it.
    const refused = await http.post(url, { payment_method: 'pix', amount: 40 }, keyed(cashier));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(CASHIERS_MAY_NOT_RECEIVE);
    expect(await entriesOf()).toEqual([]);
    expect((await http.put('/api/settings', { cashiers_receive_installments: true }, { token: admin })).status).toBe(
      200,
    );

    // R$ 40,00 by Pix, 30 days late: multa 2% = 0,80; juros 1% a month × 30/30 = 0,40.
    const key = randomUUID();
    const part = await http.post(url, { payment_method: 'pix', amount: 40 }, keyed(cashier, key));
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.data).toMatchObject({ amount: 40, days_late: 30, multa: 0.8, juros: 0.4, total: 41.2 });
    expect(part.body.data.receivable).toMatchObject({ id, amount: 60, status: 'overdue' });
    expect(await entriesOf()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ category: 'Vendas', amount: 4000, method: 'pix' }),
        expect.objectContaining({ category: 'Juros e multas', amount: 120, method: 'pix' }),
      ]),
    );
    expect(await entriesOf()).toHaveLength(2);
    // The same request again is the same receipt.
    const replay = await http.post(url, { payment_method: 'pix', amount: 40 }, keyed(cashier, key));
    expect(replay.body).toEqual(part.body);
    expect(await entriesOf()).toHaveLength(2);

    // More than is open: refused naming the field, nothing written.
    const over = await http.post(url, { payment_method: 'cash', amount: 60.01 }, keyed(cashier));
    expect(over.status).toBe(400);
    expect(over.body.details).toEqual([{ path: 'amount', message: expect.stringContaining('R$') }]);

    // The rest in cash: the instalment is paid; charges on R$ 60,00 (1,20 + 0,60).
    const rest = await http.post(url, { payment_method: 'cash' }, keyed(cashier));
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.data).toMatchObject({ amount: 60, multa: 1.2, juros: 0.6, total: 61.8 });
    expect(rest.body.data.receivable).toMatchObject({ id, amount: 60, status: 'paid', payment_date: todayIso() });
    const entries = await entriesOf();
    expect(entries.filter((e) => e.receivable === id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ category: 'Vendas', amount: 6000, method: 'cash' }),
        expect.objectContaining({ category: 'Juros e multas', amount: 180, method: 'cash' }),
      ]),
    );
    // The paid part is an account of its own: the two add up to the instalment.
    const list = await http.get(`/api/accounts-receivable?search=Dora&limit=50`, { token: admin });
    const amounts = (list.body.data.accountsReceivable as { amount: number; status: string }[]).map((r) => [
      r.amount,
      r.status,
    ]);
    expect(amounts.sort()).toEqual([
      [40, 'paid'],
      [60, 'paid'],
    ]);
    expect((await http.post(url, { payment_method: 'cash' }, keyed(cashier))).status).toBe(409);
  });

  it('late charges are other revenue in the DRE on the day paid, to the centavo', async () => {
    const created = await http.post(
      '/api/accounts-receivable',
      { description: 'Conserto a prazo', amount: 250, due_date: '2025-03-10' },
      keyed(admin),
    );
    const url = `/api/accounts-receivable/${created.body.data.id}/receive`;
    // 45 days late, R$ 100,00: multa 2,00 + juros 1% × 45/30 = 1,50.
    const first = await http.post(
      url,
      { payment_method: 'pix', amount: 100, payment_date: '2025-04-24' },
      keyed(admin),
    );
    expect(first.body.data).toMatchObject({ days_late: 45, multa: 2, juros: 1.5, total: 103.5 });
    // 60 days late, the rest R$ 150,00: multa 3,00 + juros 1% × 60/30 = 3,00.
    const rest = await http.post(url, { payment_method: 'cash', payment_date: '2025-05-09' }, keyed(admin));
    expect(rest.body.data).toMatchObject({ days_late: 60, multa: 3, juros: 3, total: 156 });
    const dre = async (start: string, end: string) => {
      const res = await http.get(`/api/financial-reports/dre?start_date=${start}&end_date=${end}`, { token: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.revenue.other_revenue as number;
    };
    // The account counts when due (March); its charges when paid (April, May).
    expect(await dre('2025-03-01', '2025-03-31')).toBe(250);
    expect(await dre('2025-04-01', '2025-04-30')).toBe(3.5);
    expect(await dre('2025-05-01', '2025-05-31')).toBe(6);
    expect(await dre('2025-03-01', '2025-05-31')).toBe(259.5);
  });

  it('on or before the due date nothing is added; the multa never passes 2%', async () => {
    const bad = await http.put('/api/settings', { late_fee_percent: 2.5 }, { token: admin });
    expect(bad.status).toBe(400);
    const created = await http.post(
      '/api/accounts-receivable',
      { description: 'Parcela em dia', amount: 50, due_date: todayIso() },
      keyed(admin),
    );
    const paid = await http.post(
      `/api/accounts-receivable/${created.body.data.id}/receive`,
      { payment_method: 'debit_card' },
      keyed(admin),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ amount: 50, days_late: 0, multa: 0, juros: 0, total: 50 });
    const rows = await ctx.db
      .select()
      .from(cashFlowEntries)
      .where(
        and(eq(cashFlowEntries.tenantId, tenantId), eq(cashFlowEntries.accountReceivableId, created.body.data.id)),
      );
    expect(rows.map((r) => [r.category, r.amount, r.paymentMethod])).toEqual([['Vendas', 5000, 'debit_card']]);
  });

  it('the multa is rounded down, never past 2%: R$ 77,77 a day late pays R$ 1,55 of multa', async () => {
    const created = await http.post(
      '/api/accounts-receivable',
      { description: 'Parcela quebrada', amount: 77.77, due_date: addDays(todayIso(), -1) },
      keyed(admin),
    );
    const id = created.body.data.id as string;
    const paid = await http.post(`/api/accounts-receivable/${id}/receive`, { payment_method: 'cash' }, keyed(admin));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // 2% of 77,77 = 1,5554 => 1,55 (down); juros 1% x 1/30 of 77,77 = 0,0259 => 0,03 (half up).
    expect(paid.body.data).toMatchObject({ amount: 77.77, days_late: 1, multa: 1.55, juros: 0.03, total: 79.35 });
    const rows = await ctx.db
      .select()
      .from(cashFlowEntries)
      .where(and(eq(cashFlowEntries.tenantId, tenantId), eq(cashFlowEntries.accountReceivableId, id)));
    expect(rows.map((r) => [r.category, r.amount]).sort()).toEqual([
      ['Juros e multas', 158],
      ['Vendas', 7777],
    ]);
  });

  it("a cashier finds a customer's instalments of any day by searching them, only where the store lets cashiers receive", async () => {
    const customer = await makeCustomer(ctx.db, tenantId, 'Iracema Boaventura');
    const today = todayIso();
    for (const [description, due] of [
      ['Carnê Iracema 1/2', addDays(today, -45)],
      ['Carnê Iracema 2/2', addDays(today, 15)],
    ] as const) {
      const made = await http.post(
        '/api/accounts-receivable',
        { description, customer_id: customer.id, amount: 50, due_date: due },
        keyed(admin),
      );
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    const listed = async (query: string) => {
      const res = await http.get(`/api/accounts-receivable?${query}`, { token: cashier });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.accountsReceivable as { description: string }[]).map((a) => a.description).sort();
    };
    const allow = async (on: boolean) =>
      expect((await http.put('/api/settings', { cashiers_receive_installments: on }, { token: admin })).status).toBe(
        200,
      );

    await allow(false);
    // Spec §6: today's accounts only, whatever the cashier asks.
    expect(await listed('search=Iracema')).toEqual([]);
    await allow(true);
    // The customer at the counter: every account of theirs, late or to come (whatever range is asked).
    expect(await listed(`search=Iracema&start_date=${today}&end_date=${today}`)).toEqual([
      'Carnê Iracema 1/2',
      'Carnê Iracema 2/2',
    ]);
    // Without a search the list stays today's.
    expect(await listed('')).not.toContain('Carnê Iracema 1/2');
  });
});
