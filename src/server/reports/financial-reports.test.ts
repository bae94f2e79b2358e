// Relatórios Financeiros on the hand-built store (src/server/test/hand-store.ts: every
// centavo known, today = 2030-05-09): the DRE, balance sheets of two days, profitability,
// margins and the summary for 05-01..05-09, figure by figure (financial-reports-figures.ts);
// ranges, cashiers and another store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../access/tenants';
import { NO_PREVIOUS_REVENUE_GROWTH } from '../test/growth-figures';
import { closeHandApp, HAND_TODAY, NO_HAND_APP, openHandApp } from '../test/hand-store';
import { api, login, type Json } from '../test/helpers';
import { databases } from '../test/testDb';
import { DRE, marginsOf, PROFITABILITY, SHEET_0504, SHEET_END } from './financial-reports-figures';

const BASE = '/api/financial-reports';
const RANGE = 'start_date=2030-05-01&end_date=2030-05-09';

describe.each(databases())('financial reports on a hand-built store (%s)', (kind) => {
  let { ctx, store, http, admin, cashier, demoAdmin } = NO_HAND_APP;
  const get = async (path: string, token = admin): Promise<Json> => {
    const res = await http.get(`${BASE}${path}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    ({ ctx, store, http, admin, cashier, demoAdmin } = await openHandApp(kind));
  });
  afterAll(() => closeHandApp(ctx));

  const margins = () => marginsOf(store.products);

  it('DRE by accrual, line by line', async () => {
    expect(await get(`/dre?${RANGE}`)).toEqual(DRE);
  });

  it('balance sheet as of today and as of a past day', async () => {
    expect(await get('/balance-sheet?as_of_date=2030-05-09')).toEqual(SHEET_END);
    expect(await get('/balance-sheet')).toEqual(SHEET_END);
    expect(await get('/balance-sheet?as_of_date=2030-05-04')).toEqual(SHEET_0504);
    // The cash is the cash book's balance through the day.
    const book = await http.get('/api/cash-flow/statistics?end_date=2030-05-04', { token: admin });
    expect(book.body.data.final_balance).toBe(SHEET_0504.assets.current_assets.cash);
  });

  it('profitability: margins, returns at the end and growth against the previous range', async () => {
    expect(await get(`/profitability?${RANGE}`)).toEqual(PROFITABILITY);
  });

  it('growth against a period with nothing to compare: 0, and why', async () => {
    // 04-05 sold s1 (100,00, cost 40,00: net margin 60 %); 04-04 had no revenue and no result.
    const profit = await get('/profitability?start_date=2030-04-05&end_date=2030-04-05');
    expect(profit.profitability_ratios.net_margin).toBe(60);
    // margin_improvement 0: not +60 p.p. against a margin of a period without revenue.
    expect(profit.growth_analysis).toEqual(NO_PREVIOUS_REVENUE_GROWTH);
    const summary = await get('/summary?start_date=2030-04-05&end_date=2030-04-05');
    expect(summary.profitability.growth_analysis).toEqual(profit.growth_analysis);
  });

  it('margins by product, by revenue, with the best, the worst and the average', async () => {
    expect(await get(`/margin-analysis?${RANGE}`)).toEqual(margins());
    expect(await get('/margin-analysis?start_date=2030-03-01&end_date=2030-03-31')).toEqual({
      average_margin: 0,
      best_performing_product: null,
      worst_performing_product: null,
      product_margins: [],
      product_count: 0,
    });
  });

  it('margins list the 100 largest revenues; best, worst, average and count cover every product', async () => {
    // A third store: 102 products in one sale, product k at k reais and cost k x 10 centavos
    // (margin 90 %), but the cheapest at cost 0 (100 %) and the second cheapest at cost 1,90
    // (5 %): both outside the 100 largest revenues.
    await createTenant(ctx.db, {
      subdomain: 'terceira',
      name: 'Terceira',
      adminName: 'Admin',
      adminEmail: 'admin@terceira.com',
      adminPassword: 'terceira1',
    });
    const host = 'terceira.localhost:3000';
    const token = (await login(ctx.app, 'admin@terceira.com', 'terceira1', host)).accessToken;
    const third = api(ctx.app, { host, token });
    const customer = (await third.post('/api/customers', { name: 'Cliente' })).body.data.id;
    const items = [];
    for (let k = 1; k <= 102; k++) {
      const cost = k === 1 ? 0 : k === 2 ? 1.9 : k / 10;
      const res = await third.post('/api/products', {
        sku: `K${k}`,
        name: `Item ${k}`,
        cost_price: cost,
        sale_price: k,
        current_stock: 5,
      });
      items.push({ product_id: res.body.data.id, quantity: 1, unit_price: k });
    }
    const sold = await third.post('/api/sales', { customer_id: customer, items, payment_method: 'pix' });
    expect(sold.status).toBe(201);
    const res = await third.get(`${BASE}/margin-analysis?start_date=${HAND_TODAY}&end_date=${HAND_TODAY}`);
    const data = res.body.data;
    expect(data.product_count).toBe(102);
    expect(data.product_margins).toHaveLength(100);
    expect(data.product_margins[0]).toMatchObject({ product_name: 'Item 102', revenue: 102, margin_percentage: 90 });
    expect(data.product_margins.at(-1)).toMatchObject({ product_name: 'Item 3', revenue: 3 });
    expect(data.best_performing_product).toEqual({
      product_name: 'Item 1',
      sku: 'K1',
      size: '',
      color: '',
      margin_percentage: 100,
    });
    expect(data.worst_performing_product).toEqual({
      product_name: 'Item 2',
      sku: 'K2',
      size: '',
      color: '',
      margin_percentage: 5,
    });
    // Revenue 1 + 2 + ... + 102 = 5.253,00; cost 0 + 1,90 + (3 + ... + 102) / 10 = 526,90.
    expect(data.average_margin).toBe(89.97); // 4.726,10 / 5.253,00 = 89,9695...
    // An export asks for every product; a bad limit is 400.
    const all = (
      await third.get(`${BASE}/margin-analysis?start_date=${HAND_TODAY}&end_date=${HAND_TODAY}&limit=100000`)
    ).body.data;
    expect(all.product_margins).toHaveLength(102);
    expect(all.product_margins.at(-1)).toMatchObject({ product_name: 'Item 1', revenue: 1 });
    expect((await third.get(`${BASE}/margin-analysis?limit=0`)).status).toBe(400);
  });

  it('summary: the other reports for one range, the balance sheet as of as_of_date', async () => {
    expect(await get(`/summary?${RANGE}`)).toEqual({
      period: { start_date: '2030-05-01', end_date: '2030-05-09', as_of_date: '2030-05-09' },
      dre: DRE,
      balance_sheet: SHEET_END,
      profitability: PROFITABILITY,
      margin_analysis: margins(),
    });
    const past = await get(`/summary?${RANGE}&as_of_date=2030-05-04`);
    expect(past.period.as_of_date).toBe('2030-05-04');
    expect(past.balance_sheet).toEqual(SHEET_0504);
    expect(past.profitability).toEqual(PROFITABILITY); // returns stay at the range's end
  });

  it('absent dates: the last 30 days through today; a reversed range is 400', async () => {
    const summary = await get('/summary');
    expect(summary.period).toEqual({ start_date: '2030-04-10', end_date: '2030-05-09', as_of_date: '2030-05-09' });
    expect(await get('/dre')).toEqual(await get('/dre?start_date=2030-04-10&end_date=2030-05-09'));
    // 04-10..05-09 adds s2 120,00 and s9 50,00 to the sales.
    expect(summary.dre.revenue.sales_revenue).toBe(674.7);
    expect(await get('/dre?end_date=2030-05-09')).toEqual(summary.dre);
    for (const path of ['dre', 'profitability', 'margin-analysis', 'summary']) {
      const res = await http.get(`${BASE}/${path}?start_date=2030-05-09&end_date=2030-05-01`, { token: admin });
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    expect((await http.get(`${BASE}/balance-sheet?as_of_date=2030-02-30`, { token: admin })).status).toBe(400);
  });

  it('cashiers may not read reports (403)', async () => {
    for (const path of ['dre', 'balance-sheet', 'profitability', 'margin-analysis', 'summary']) {
      const res = await http.get(`${BASE}/${path}?${RANGE}`, { token: cashier });
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });

  it('another store sees nothing of this one', async () => {
    const res = await http.get(`${BASE}/summary?start_date=2030-01-01&end_date=2030-05-09`, {
      token: demoAdmin,
      host: 'demo.localhost:3000',
    });
    expect(res.status).toBe(200);
    const { dre, balance_sheet: sheet, margin_analysis: margins } = res.body.data;
    expect(dre.revenue.total_revenue).toBe(0);
    expect(dre.cost_of_goods_sold.total_cogs).toBe(0);
    expect(dre.operating_expenses.total_operating_expenses).toBe(0);
    expect(sheet.assets.current_assets.cash).toBe(0);
    expect(sheet.assets.current_assets.accounts_receivable).toBe(0);
    expect(sheet.liabilities.total_liabilities).toBe(0);
    expect(margins.product_margins).toEqual([]);
  });
});
