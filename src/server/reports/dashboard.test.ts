// The dashboard on the hand-built store (src/server/test/hand-store.ts: every centavo
// known, today = Thursday 2030-05-09 in São Paulo): metrics, both charts and the alerts
// for the admin; the cashier's day scope; another store sees nothing of it.
import { describe, expect, it } from 'vitest';
import { NO_HAND_APP, useHandApp } from '../test/hand-store';
import type { Json } from '../test/helpers';
import { databases } from '../test/testDb';
import { calendarOf } from './dashboard-metrics';

describe('calendarOf', () => {
  it('weeks start on Monday; the same days last month stop at its last day', () => {
    expect(calendarOf('2030-05-09')).toEqual({
      today: '2030-05-09',
      week: '2030-05-06',
      month: '2030-05-01',
      previousMonth: '2030-04-01',
      previousMonthCut: '2030-04-09',
    });
    expect(calendarOf('2030-05-05').week).toBe('2030-04-29'); // a Sunday
    expect(calendarOf('2030-05-06').week).toBe('2030-05-06'); // a Monday
    expect(calendarOf('2030-03-31')).toMatchObject({ previousMonth: '2030-02-01', previousMonthCut: '2030-02-28' });
    expect(calendarOf('2032-03-30').previousMonthCut).toBe('2032-02-29');
    expect(calendarOf('2031-01-15')).toMatchObject({ previousMonth: '2030-12-01', previousMonthCut: '2030-12-15' });
  });
});

describe.each(databases())('dashboard on a hand-built store (%s)', (kind) => {
  let { store, http, admin, cashier, demoAdmin } = NO_HAND_APP;
  const get = async (path: string, token = admin): Promise<Json> => {
    const res = await http.get(`/api/dashboard${path}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  useHandApp(kind, (hand) => ({ store, http, admin, cashier, demoAdmin } = hand));

  const lowStock = () => [
    { id: store.products.bone, name: 'Boné', size: '', color: '', currentStock: 2, minStock: 5 },
    { id: store.products.cinto, name: 'Cinto', size: '', color: '', currentStock: 1, minStock: 2 },
    { id: store.products.meia, name: 'Meia', size: '', color: '', currentStock: -1, minStock: 0 },
  ];

  it('metrics for the admin, figure by figure', async () => {
    expect(await get('/metrics')).toEqual({
      // Today: s6 and s8 (s7 was cancelled). Since Monday 05-06: s5, s6, s8 (s4 was sold
      // on Sunday 05-05 at 23:30 in São Paulo, already Monday in UTC).
      sales: { today: 2, thisWeek: 3 },
      revenue: {
        today: 275, // 240,00 + 35,00
        thisMonth: 504.7, // 85,00 + 115,00 + 29,70 + 240,00 + 35,00
        total: 774.7, // + s1 100,00 + s2 120,00 + s9 50,00
        growth: 404.7, // against 04-01..04-09: s1 100,00 -> (504,70 - 100,00) / 100,00
        growth_unavailable: null,
      },
      // Ana, Bruno, Carla, Davi (Eli removed); this month: Carla and Davi (Bruno came on
      // 04-30 at 23:00 in São Paulo).
      // The four people, and the store's Consumidor final made with it in March (counted like any customer).
      customers: { total: 5, newThisMonth: 2 },
      // Five live products; Boné, Cinto and Meia below minimum; Meia at -1.
      products: { total: 5, lowStock: 3, outOfStock: 1 },
      financial: {
        // open: s9's installment 50,00 (overdue), s6's second 100,00, r1 80,00 (overdue)
        accountsReceivable: { total: 230, overdue: 130 },
        // open: p2 150,00, p3 80,00 (overdue), p7 500,00 (overdue), p10 33,00
        accountsPayable: { total: 763, overdue: 580 },
      },
      alerts: await get('/alerts'),
    });
  });

  it('alerts: the furthest below minimum and the oldest due first, with days overdue', async () => {
    expect(await get('/alerts')).toEqual({
      lowStock: lowStock(),
      overdueReceivables: [
        { id: store.receivables.r1, customer_name: 'Aluguel de espaço', daysOverdue: 6, amount: 80 },
        { id: store.receivables.s9, customer_name: 'Bruno', daysOverdue: 4, amount: 50 },
      ],
      overduePayables: [
        { id: store.payables.p7, supplier_name: 'Fornecedor Impostos', daysOverdue: 8, amount: 500 },
        { id: store.payables.p3, supplier_name: 'Fornecedor Marketing', daysOverdue: 6, amount: 80 },
      ],
      counts: { lowStock: 3, overdueReceivables: 2, overduePayables: 2 },
      // s5, the offline sale that outran Meia's stock, waits for review.
      saleConflicts: 1,
      certificateExpiry: null,
      rejectedNotes: 0,
      contingencyNotes: null,
      replacedNotes: 0,
    });
  });

  it('sales chart: one point per day, empty days included, São Paulo days', async () => {
    expect(await get('/sales-chart?days=10')).toEqual([
      { date: '2030-04-30', sales: 0, revenue: 0 },
      { date: '2030-05-01', sales: 0, revenue: 0 },
      { date: '2030-05-02', sales: 1, revenue: 85 },
      { date: '2030-05-03', sales: 0, revenue: 0 },
      { date: '2030-05-04', sales: 0, revenue: 0 },
      { date: '2030-05-05', sales: 1, revenue: 115 },
      { date: '2030-05-06', sales: 0, revenue: 0 },
      { date: '2030-05-07', sales: 0, revenue: 0 },
      { date: '2030-05-08', sales: 1, revenue: 29.7 },
      { date: '2030-05-09', sales: 2, revenue: 275 },
    ]);
    const month = await get('/sales-chart');
    expect(month).toHaveLength(30);
    expect(month[0].date).toBe('2030-04-10');
    expect(month.reduce((sum: number, p: Json) => sum + p.sales, 0)).toBe(7); // s2, s9, s3, s4, s5, s6, s8
    expect(await get('/sales-chart?days=730')).toHaveLength(730);
    for (const bad of ['days=0', 'days=731', 'days=abc']) {
      expect((await http.get(`/api/dashboard/sales-chart?${bad}`, { token: admin })).status, bad).toBe(400);
    }
  });

  it("cash-flow chart: the cash book's days, its last balance the cash-flow summary's final", async () => {
    const chart = await get('/cash-flow-chart?days=10');
    expect(chart).toEqual([
      { date: '2030-04-30', income: 0, expenses: 20, balance: 2200 }, // 2.000 + 100 + 120 - 20
      { date: '2030-05-01', income: 0, expenses: 70, balance: 2130 }, // p9 paid
      { date: '2030-05-02', income: 85, expenses: 300, balance: 1915 }, // s3; p1 paid
      { date: '2030-05-03', income: 1000, expenses: 65.4, balance: 2849.6 }, // m1, m2
      { date: '2030-05-04', income: 0, expenses: 120, balance: 2729.6 }, // p8 paid
      { date: '2030-05-05', income: 115, expenses: 0, balance: 2844.6 }, // s4
      { date: '2030-05-06', income: 0, expenses: 45.5, balance: 2799.1 }, // p4 paid
      { date: '2030-05-07', income: 0, expenses: 0, balance: 2799.1 },
      { date: '2030-05-08', income: 114.7, expenses: 12, balance: 2901.8 }, // s5, r2 paid, m4; m3
      // s7 50 + s8 35 + s6's entrada 40 + its installment 100; s7's reversal 50 + p6 210,35
      { date: '2030-05-09', income: 225, expenses: 260.35, balance: 2866.45 },
    ]);
    const summary = await http.get('/api/cash-flow/statistics?start_date=2030-04-30&end_date=2030-05-09', {
      token: admin,
    });
    expect(summary.body.data).toEqual({
      initial_balance: 2220,
      total_income: 1539.7,
      total_expenses: 893.25,
      final_balance: 2866.45,
    });
  });

  it("a cashier's dashboard is today's, whatever the query says", async () => {
    const metrics = await get('/metrics?scope=month&days=365', cashier);
    expect(metrics).toEqual({
      sales: { today: 2, thisWeek: 2 },
      // No month to compare: growth says so, and stays 0 for older clients.
      revenue: { today: 275, growth: 0, growth_unavailable: 'day_scope', thisMonth: 275, total: 275 },
      // The four people, and the store's Consumidor final made with it in March (counted like any customer).
      customers: { total: 5, newThisMonth: 2 },
      products: { total: 5, lowStock: 3, outOfStock: 1 },
      financial: { accountsReceivable: { total: 0, overdue: 0 }, accountsPayable: { total: 0, overdue: 0 } },
      alerts: {
        lowStock: lowStock(),
        overdueReceivables: [],
        overduePayables: [],
        counts: { lowStock: 3, overdueReceivables: 0, overduePayables: 0 },
        saleConflicts: 0,
        certificateExpiry: null,
        rejectedNotes: 0,
        contingencyNotes: null,
        replacedNotes: 0,
      },
    });
    expect(await get('/alerts?scope=month', cashier)).toEqual(metrics.alerts);
    expect(await get('/sales-chart?days=365', cashier)).toEqual([{ date: '2030-05-09', sales: 2, revenue: 275 }]);
    expect(await get('/cash-flow-chart?days=90', cashier)).toEqual([
      { date: '2030-05-09', income: 225, expenses: 260.35, balance: 2866.45 },
    ]);
  });

  it('another store sees nothing of this one', async () => {
    const demo = (path: string) => http.get(`/api/dashboard${path}`, { token: demoAdmin, host: 'demo.localhost:3000' });
    const metrics = (await demo('/metrics')).body.data;
    expect(metrics.sales).toEqual({ today: 0, thisWeek: 0 });
    // Nothing sold in the same days of last month: no growth, and why.
    expect(metrics.revenue).toEqual({
      today: 0,
      growth: 0,
      growth_unavailable: 'no_previous_sales',
      thisMonth: 0,
      total: 0,
    });
    expect(metrics.financial).toEqual({
      accountsReceivable: { total: 0, overdue: 0 },
      accountsPayable: { total: 0, overdue: 0 },
    });
    const ours = new Set(Object.values(store.products));
    expect(metrics.alerts.lowStock.some((a: Json) => ours.has(a.id))).toBe(false);
    expect(metrics.alerts.overdueReceivables).toEqual([]);
    expect(metrics.alerts.overduePayables).toEqual([]);
    const sales = (await demo('/sales-chart?days=60')).body.data;
    expect(sales.every((p: Json) => p.sales === 0 && p.revenue === 0)).toBe(true);
    const cash = (await demo('/cash-flow-chart?days=60')).body.data;
    expect(cash.every((p: Json) => p.income === 0 && p.expenses === 0 && p.balance === 0)).toBe(true);
  });

  it('a low-stock alert names the variant to reorder: size and colour', async () => {
    const alerts = (await http.get('/api/dashboard/alerts', { token: demoAdmin, host: 'demo.localhost:3000' })).body
      .data;
    const low = await http.get('/api/products?low_stock=true&limit=100', {
      token: demoAdmin,
      host: 'demo.localhost:3000',
    });
    const byId = new Map(low.body.data.products.map((p: Json) => [p.id, p]));
    expect(alerts.lowStock.length).toBeGreaterThan(0);
    for (const alert of alerts.lowStock) {
      const product = byId.get(alert.id) as Json;
      expect(alert).toMatchObject({ name: product.name, size: product.size, color: product.color });
    }
    // The demo's jeans come in sizes and colours: the alert tells them apart.
    expect(alerts.lowStock).toContainEqual(
      expect.objectContaining({ name: 'Calça Jeans Slim', size: '40', color: 'Azul' }),
    );
  });
});
