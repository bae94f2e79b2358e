// Property tests over random stores, written through the API on a fixed clock: sales of
// every method (crediário with and without entrada, an installment sometimes paid), some
// cancelled; bills of every category left open, paid or cancelled; receivables entered by
// hand; manual entries on random days. A model kept beside the store gives each figure,
// and the reports must satisfy the identities of issue 9 for any such data:
// gross = revenue - COGS; net = operating = gross - operating expenses; assets =
// liabilities + equity; cash-flow final = initial + income - expenses; the dashboard
// cash-flow chart's last balance = the summary's final; a paid bill counted once and a
// cancelled one never; cancelled sales nowhere.
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYABLE_CATEGORIES } from '../../shared/constants';
import { addDays } from '../../shared/dates';
import { splitCentavos } from '../../shared/money';
import type { Db } from '../db/client';
import {
  accountsPayable,
  accountsReceivable,
  cashFlowEntries,
  customers,
  products,
  saleItems,
  sales,
} from '../db/schema';
import { HAND_NOW, HAND_TODAY } from '../test/hand-store';
import { api, loginAll, OTHER_HOST, setupTestApp, type Json, type TestContext } from '../test/helpers';
import { makeCustomer, makeProduct, type ProductFixture } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { dreLineOf, type ExpenseLine } from './dre';
import { growthPercent } from './percent';

const TODAY = HAND_TODAY;
const day = (back: number) => addDays(TODAY, -back);
const reais = (c: number) => c / 100;
const METHODS = ['cash', 'credit_card', 'debit_card', 'pix', 'transfer', 'crediario'] as const;

const centavos = (max: number) => fc.integer({ min: 1, max });
const saleArb = fc.record({
  back: fc.integer({ min: 0, max: 20 }),
  hour: fc.integer({ min: 0, max: 23 }),
  method: fc.constantFrom(...METHODS),
  lines: fc.array(
    fc.record({
      product: fc.integer({ min: 0, max: 2 }),
      quantity: fc.integer({ min: 1, max: 3 }),
      price: fc.integer({ min: 0, max: 9_999 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  entradaPct: fc.constantFrom(0, 0, 25, 50, 100),
  parcelas: fc.integer({ min: 1, max: 3 }),
  payFirstBack: fc.option(fc.integer({ min: 0, max: 20 })),
  cancelled: fc.boolean(),
});
const accountArb = fc.record({
  category: fc.constantFrom(...PAYABLE_CATEGORIES),
  amount: centavos(50_000),
  dueBack: fc.integer({ min: -10, max: 20 }),
  fate: fc.constantFrom('open', 'paid', 'cancelled'),
  paidBack: fc.integer({ min: 0, max: 20 }),
});
const entryArb = fc.record({
  back: fc.integer({ min: 0, max: 20 }),
  type: fc.constantFrom('income', 'expense'),
  category: fc.constantFrom(...PAYABLE_CATEGORIES, 'Vendas'),
  amount: centavos(30_000),
});
const storeArb = fc.record({
  costs: fc.tuple(fc.nat(5_000), fc.nat(5_000), fc.nat(5_000)),
  sales: fc.array(saleArb, { maxLength: 7 }),
  payables: fc.array(accountArb, { maxLength: 7 }),
  receivables: fc.array(accountArb, { maxLength: 3 }),
  entries: fc.array(entryArb, { maxLength: 5 }),
  range: fc.record({ back: fc.integer({ min: 0, max: 25 }), length: fc.integer({ min: 1, max: 30 }) }),
  chartDays: fc.integer({ min: 1, max: 30 }),
});
type RandomStore = typeof storeArb extends fc.Arbitrary<infer T> ? T : never;

/** What the model knows: dated sales, bills, receivables and the cash book. */
interface Model {
  sales: { day: string; total: number; cost: number; cancelled: boolean }[];
  bills: { due: string; category: string; amount: number; fate: string }[];
  /** Receivables entered by hand (not a sale's). */
  receivables: { due: string; amount: number; fate: string }[];
  /** Open receivables of every kind (sales' installments too): amount and due date. */
  open: { due: string; amount: number }[];
  cash: { day: string; amount: number }[];
  manual: { day: string; type: string; category: string; amount: number }[];
}

async function resetStore(db: Db, tenantId: string) {
  for (const table of [cashFlowEntries, accountsReceivable, saleItems, sales, accountsPayable, products, customers]) {
    await db.delete(table).where(eq(table.tenantId, tenantId));
  }
}

describe.each(databases())('report identities over random stores (%s)', (kind) => {
  let ctx: TestContext;
  let http: ReturnType<typeof api>;
  let tenantId: string;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: HAND_NOW });
    ctx = await setupTestApp(kind);
    tenantId = ctx.other.tenant.id;
    const s = await loginAll(ctx);
    http = api(ctx.app, { host: OTHER_HOST, token: s.otherAdmin.accessToken });
  });
  afterAll(async () => {
    await ctx?.close();
    vi.useRealTimers();
  });

  const ok = async (res: Promise<{ status: number; body: Json }>) => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    return r.body.data ?? r.body;
  };

  async function build(store: RandomStore): Promise<Model> {
    await resetStore(ctx.db, tenantId);
    const model: Model = { sales: [], bills: [], receivables: [], open: [], cash: [], manual: [] };
    const items: ProductFixture[] = [];
    for (const cost of store.costs) items.push(await makeProduct(ctx.db, tenantId, { stock: 10_000, cost }));
    const customer = await makeCustomer(ctx.db, tenantId);

    for (const s of store.sales) {
      const saleDay = day(s.back);
      const total = s.lines.reduce((sum, l) => sum + l.quantity * l.price, 0);
      const cost = s.lines.reduce((sum, l) => sum + l.quantity * items[l.product]!.cost, 0);
      const crediario = s.method === 'crediario';
      const entrada = crediario ? Math.floor((total * s.entradaPct) / 100) : 0;
      const sold = await ok(
        http.post('/api/sales', {
          customer_id: customer.id,
          items: s.lines.map((l) => ({
            product_id: items[l.product]!.id,
            quantity: l.quantity,
            unit_price: reais(l.price),
          })),
          payment_method: s.method,
          // Hours after noon today are later than the clock: the server files them at noon.
          sold_at: `${saleDay}T${String(s.hour).padStart(2, '0')}:00:00-03:00`,
          ...(crediario
            ? {
                crediario: {
                  entrada: reais(entrada),
                  parcelas: s.parcelas,
                  vencimentos: Array.from({ length: s.parcelas }, (_, i) => addDays(saleDay, 30 * (i + 1))),
                },
              }
            : {}),
        }),
      );
      model.sales.push({ day: saleDay, total, cost, cancelled: s.cancelled });
      const own = crediario ? entrada : total;
      if (own > 0) model.cash.push({ day: saleDay, amount: own });
      const parts = crediario
        ? splitCentavos(total - entrada, s.parcelas)
            .map((amount, i) => ({ amount, due: addDays(saleDay, 30 * (i + 1)) }))
            .filter((p) => p.amount > 0)
        : [];
      if (parts.length > 0 && s.payFirstBack !== null) {
        const [first] = await ctx.db
          .select({ id: accountsReceivable.id })
          .from(accountsReceivable)
          .where(and(eq(accountsReceivable.tenantId, tenantId), eq(accountsReceivable.saleId, sold.id)))
          .orderBy(accountsReceivable.installmentNumber);
        await ok(
          http.patch(`/api/accounts-receivable/${first!.id}/mark-as-paid`, { payment_date: day(s.payFirstBack) }),
        );
        model.cash.push({ day: day(s.payFirstBack), amount: parts.shift()!.amount });
      }
      if (s.cancelled) {
        await ok(http.put(`/api/sales/${sold.id}/cancel`));
        if (own > 0) model.cash.push({ day: TODAY, amount: -own }); // the reversal, dated the cancel
      } else {
        model.open.push(...parts);
      }
    }

    for (const b of store.payables) {
      const due = day(b.dueBack);
      const bill = await ok(
        http.post('/api/accounts-payable', {
          supplier_name: 'Fornecedor',
          description: 'Conta',
          amount: reais(b.amount),
          due_date: due,
          category: b.category,
        }),
      );
      if (b.fate === 'paid') {
        await ok(http.post(`/api/accounts-payable/${bill.id}/mark-as-paid`, { payment_date: day(b.paidBack) }));
        model.cash.push({ day: day(b.paidBack), amount: -b.amount });
      }
      if (b.fate === 'cancelled') await ok(http.post(`/api/accounts-payable/${bill.id}/cancel`));
      model.bills.push({ due, category: b.category, amount: b.amount, fate: b.fate });
    }

    for (const r of store.receivables) {
      const due = day(r.dueBack);
      const account = await ok(
        http.post('/api/accounts-receivable', { description: 'Conta avulsa', amount: reais(r.amount), due_date: due }),
      );
      if (r.fate === 'paid') {
        await ok(http.patch(`/api/accounts-receivable/${account.id}/mark-as-paid`, { payment_date: day(r.paidBack) }));
        model.cash.push({ day: day(r.paidBack), amount: r.amount });
      }
      if (r.fate === 'cancelled') await ok(http.patch(`/api/accounts-receivable/${account.id}/cancel`));
      if (r.fate === 'open') model.open.push({ due, amount: r.amount });
      model.receivables.push({ due, amount: r.amount, fate: r.fate });
    }

    for (const e of store.entries) {
      await ok(
        http.post('/api/cash-flow', {
          date: day(e.back),
          type: e.type,
          category: e.category,
          amount: reais(e.amount),
          description: 'Lançamento',
        }),
      );
      model.cash.push({ day: day(e.back), amount: e.type === 'income' ? e.amount : -e.amount });
      model.manual.push({ day: day(e.back), type: e.type, category: e.category, amount: e.amount });
    }
    return model;
  }

  /** The DRE the rules give for [start, end], from the model (centavos). */
  function expectedDre(model: Model, start: string, end: string) {
    const inRange = (d: string) => d >= start && d <= end;
    const sold = model.sales.filter((s) => !s.cancelled && inRange(s.day));
    const lines: Record<ExpenseLine, number> = {
      other_costs: 0,
      administrative: 0,
      marketing: 0,
      logistics: 0,
      technology: 0,
      utilities: 0,
      taxes: 0,
      other_expenses: 0,
    };
    for (const b of model.bills) if (b.fate !== 'cancelled' && inRange(b.due)) lines[dreLineOf(b.category)] += b.amount;
    let otherRevenue = 0;
    for (const m of model.manual) {
      if (!inRange(m.day)) continue;
      if (m.type === 'income') otherRevenue += m.amount;
      else lines[dreLineOf(m.category)] += m.amount;
    }
    for (const r of model.receivables) if (r.fate !== 'cancelled' && inRange(r.due)) otherRevenue += r.amount;
    return {
      sales: sold.reduce((sum, s) => sum + s.total, 0),
      count: sold.length,
      cost: sold.reduce((sum, s) => sum + s.cost, 0),
      otherRevenue,
      lines,
    };
  }

  it('every identity holds, and each figure is what the model says', async () => {
    await fc.assert(
      fc.asyncProperty(storeArb, async (store) => {
        const model = await build(store);
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
