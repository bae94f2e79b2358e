// Property tests over random stores, written through the API on a fixed clock: sales of
// every method (crediário with and without entrada, an installment sometimes paid), some
// cancelled; bills of every category left open, paid or cancelled; receivables entered by
// hand; manual entries on random days. A model kept beside the store gives each figure,
// and the reports must satisfy these identities for any such data:
// gross = revenue - COGS; net = operating = gross - operating expenses; assets =
// liabilities + equity; cash-flow final = initial + income - expenses; the dashboard
// cash-flow chart's last balance = the summary's final; a paid bill counted once and a
// cancelled one never; cancelled sales nowhere.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../shared/dates';
import { HAND_NOW } from '../test/hand-store';
import { api, NO_STORE, OTHER_HOST, useTestStore, type Json } from '../test/helpers';
import { buildRandomStore, day, expectedDre, storeArb, TODAY } from '../test/random-store';
import { databases } from '../test/testDb';
import { growthPercent } from './percent';

describe.each(databases())('report identities over random stores (%s)', (kind) => {
  let { ctx, http } = NO_STORE;

  // The clock stops before the store opens and runs again after it closes.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: HAND_NOW });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  useTestStore(kind, (store) => {
    ctx = store.ctx;
    http = api(ctx.app, { host: OTHER_HOST, token: store.otherAdmin });
  });

  const ok = async (res: Promise<{ status: number; body: Json }>) => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    return r.body.data ?? r.body;
  };

  it('every identity holds, and each figure is what the model says', async () => {
    await fc.assert(
      fc.asyncProperty(storeArb, async (store) => {
        const model = await buildRandomStore(ctx, http, store);
        const start = day(store.range.back);
        const end = addDays(start, store.range.length - 1);
        const q = `start_date=${start}&end_date=${end}`;
        const money = (reaisValue: number) => Math.round(reaisValue * 100);

        // DRE: each part from the model, the identities between them.
        const dre = await ok(http.get(`/api/financial-reports/dre?${q}`));
        const want = expectedDre(model, start, end);
        expect(money(dre.revenue.sales_revenue)).toBe(want.sales);
        expect(money(dre.cost_of_goods_sold.product_costs)).toBe(want.cost);
        expect(money(dre.revenue.other_revenue)).toBe(want.otherRevenue);
        expect(money(dre.cost_of_goods_sold.other_costs)).toBe(want.lines.other_costs);
        const { other_costs: _cogs, ...operating } = want.lines;
        for (const [line, amount] of Object.entries(operating)) {
          expect(money(dre.operating_expenses[line]), line).toBe(amount);
        }
        const revenue = money(dre.revenue.total_revenue);
        expect(revenue).toBe(money(dre.revenue.sales_revenue) + money(dre.revenue.other_revenue));
        const cogs = money(dre.cost_of_goods_sold.total_cogs);
        expect(money(dre.gross_profit)).toBe(revenue - cogs);
        const opex = money(dre.operating_expenses.total_operating_expenses);
        expect(opex).toBe(Object.values(operating).reduce((a, b) => a + b, 0));
        expect(money(dre.operating_income)).toBe(money(dre.gross_profit) - opex);
        expect(dre.net_income).toBe(dre.operating_income);

        // The sales chart and the margins count the same sales as the DRE.
        const margins = await ok(http.get(`/api/financial-reports/margin-analysis?${q}`));
        const sumOf = (list: Json[], key: string) => list.reduce((s: number, p: Json) => s + money(p[key]), 0);
        expect(sumOf(margins.product_margins, 'revenue')).toBe(want.sales);
        expect(sumOf(margins.product_margins, 'cost')).toBe(want.cost);
        const chartDays = store.chartDays;
        const salesChart = await ok(http.get(`/api/dashboard/sales-chart?days=${chartDays}`));
        const chartWant = expectedDre(model, day(chartDays - 1), TODAY);
        expect(salesChart).toHaveLength(chartDays);
        expect(sumOf(salesChart, 'revenue')).toBe(chartWant.sales);
        expect(salesChart.reduce((s: number, p: Json) => s + p.sales, 0)).toBe(chartWant.count);

        // Cash flow: final = initial + income - expenses, the model's balance; the
        // dashboard chart ends on the summary's final balance.
        const through = (d: string) => model.cash.filter((c) => c.day <= d).reduce((s, c) => s + c.amount, 0);
        const summary = await ok(http.get(`/api/cash-flow/statistics?${q}`));
        expect(money(summary.final_balance)).toBe(
          money(summary.initial_balance) + money(summary.total_income) - money(summary.total_expenses),
        );
        expect(money(summary.initial_balance)).toBe(through(addDays(start, -1)));
        expect(money(summary.final_balance)).toBe(through(end));
        const cashChart = await ok(http.get(`/api/dashboard/cash-flow-chart?days=${chartDays}`));
        const todaySummary = await ok(
          http.get(`/api/cash-flow/statistics?start_date=${day(chartDays - 1)}&end_date=${TODAY}`),
        );
        expect(cashChart).toHaveLength(chartDays);
        expect(cashChart.at(-1).balance).toBe(todaySummary.final_balance);

        // Balance sheet at the end: assets = liabilities + equity; cash from the cash book;
        // open accounts from the model (everything was created today, on or before the end).
        const sheet = await ok(http.get(`/api/financial-reports/balance-sheet?as_of_date=${TODAY}`));
        const assets = money(sheet.assets.total_assets);
        expect(assets).toBe(money(sheet.liabilities.total_liabilities) + money(sheet.equity.total_equity));
        expect(money(sheet.assets.current_assets.cash)).toBe(through(TODAY));
        const openBills = model.bills.filter((b) => b.fate === 'open');
        expect(money(sheet.assets.current_assets.accounts_receivable)).toBe(
          model.open.reduce((s, r) => s + r.amount, 0),
        );
        expect(money(sheet.liabilities.total_liabilities)).toBe(openBills.reduce((s, b) => s + b.amount, 0));

        // The dashboard's money: all completed sales, open and overdue accounts.
        const metrics = await ok(http.get('/api/dashboard/metrics'));
        const completed = model.sales.filter((s) => !s.cancelled);
        expect(money(metrics.revenue.total)).toBe(completed.reduce((s, x) => s + x.total, 0));
        expect(metrics.sales.today).toBe(completed.filter((s) => s.day === TODAY).length);
        const overdue = (list: { due: string; amount: number }[]) =>
          list.filter((a) => a.due < TODAY).reduce((s, a) => s + a.amount, 0);
        expect(money(metrics.financial.accountsReceivable.overdue)).toBe(overdue(model.open));
        expect(money(metrics.financial.accountsPayable.total)).toBe(openBills.reduce((s, b) => s + b.amount, 0));
        expect(money(metrics.financial.accountsPayable.overdue)).toBe(
          overdue(openBills.map((b) => ({ due: b.due, amount: b.amount }))),
        );

        // Profitability reads the same DRE.
        const profit = await ok(http.get(`/api/financial-reports/profitability?${q}`));
        expect(profit.profitability_ratios.net_margin).toBe(dre.net_margin_percentage);
        expect(profit.profitability_ratios.gross_profit_margin).toBe(dre.gross_margin_percentage);
        // ... and the previous range of equal length, read in the same pass over the sales.
        const before = expectedDre(model, addDays(start, -store.range.length), addDays(start, -1));
        expect(profit.growth_analysis.revenue_growth).toBe(
          growthPercent(want.sales + want.otherRevenue, before.sales + before.otherRevenue),
        );
      }),
      { numRuns: 15 },
    );
  }, 180_000);
});
