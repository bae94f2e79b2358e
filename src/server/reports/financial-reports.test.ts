// Relatórios Financeiros on the hand-built store (src/server/test/hand-store.ts: every
// centavo known, today = 2030-05-09): the DRE, balance sheets of two days, profitability,
// margins and the summary for 05-01..05-09, figure by figure; ranges, cashiers and
// another store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../access/tenants';
import { NO_PREVIOUS_REVENUE_GROWTH } from '../test/growth-figures';
import { closeHandApp, HAND_TODAY, NO_HAND_APP, openHandApp } from '../test/hand-store';
import { api, login, type Json } from '../test/helpers';
import { databases } from '../test/testDb';

const BASE = '/api/financial-reports';
const RANGE = 'start_date=2030-05-01&end_date=2030-05-09';

/** 05-01..05-09 (previous range: 04-22..04-30). */
const DRE = {
  revenue: {
    sales_revenue: 504.7, // s3 85,00 + s4 115,00 + s5 29,70 + s6 240,00 + s8 35,00 (s7 cancelled)
    other_revenue: 1165, // m1 1.000,00 + m4 25,00 + r1 80,00 + r2 60,00 (r3 cancelled)
    total_revenue: 1669.7,
    gross_sales_revenue: 504.7, // no returns in the range
    returns: 0,
  },
  cost_of_goods_sold: {
    product_costs: 229, // 30,00 + 60,00 + 9,00 + 120,00 + 10,00
    direct_labor: 0,
    other_costs: 300, // p1 Matéria-prima
    total_cogs: 529,
  },
  gross_profit: 1140.7,
  gross_margin_percentage: 68.32, // 1.140,70 / 1.669,70
  operating_expenses: {
    administrative: 150, // p2 (p9 is due before the range)
    marketing: 80, // p3
    logistics: 45.5, // p4
    technology: 0, // p5 cancelled
    utilities: 275.75, // p6 210,35 + m2 65,40
    taxes: 500, // p7
    other_expenses: 132, // p8 Serviços 120,00 + m3 (Vendas) 12,00
    total_operating_expenses: 1183.25,
  },
  operating_income: -42.55,
  operating_margin_percentage: -2.55,
  net_income: -42.55,
  net_margin_percentage: -2.55,
};

/** As of 05-09. */
const SHEET_END = {
  assets: {
    current_assets: {
      cash: 2866.45, // the cash book through 05-09
      accounts_receivable: 230, // s9's installment 50,00 + s6's second 100,00 + r1 80,00
      inventory: 2315, // 96 x 20,00 + 6 x 60,00 + 2 x 10,00 + 0 (Meia at -1) + 1 x 15,00
      total_current_assets: 5411.45,
    },
    total_assets: 5411.45,
  },
  liabilities: {
    current_liabilities: { accounts_payable: 763, short_term_debt: 0, total_current_liabilities: 763 },
    total_liabilities: 763, // p2 150,00 + p3 80,00 + p7 500,00 + p10 33,00
  },
  equity: { retained_earnings: 4648.45, total_equity: 4648.45 },
};

/** As of 05-04: what was open at the end of that day. */
const SHEET_0504 = {
  assets: {
    current_assets: {
      cash: 2729.6,
      // s9's 50,00; r1 80,00 (created 05-02 at 23:30); r2 60,00 (paid 05-08); r3 45,00
      // (cancelled 05-09); s6's installments did not exist yet.
      accounts_receivable: 235,
      inventory: 2315, // today's stock: it has no history
      total_current_assets: 5279.6,
    },
    total_assets: 5279.6,
  },
  liabilities: {
    current_liabilities: { accounts_payable: 1085.75, short_term_debt: 0, total_current_liabilities: 1085.75 },
    // p2 150,00 + p3 80,00 + p4 45,50 (paid 05-06) + p5 99,90 (cancelled 05-09) + p6 210,35
    // (paid 05-09) + p7 500,00; not p1, p8, p9 (paid by then), p10 (created 05-06), p11
    // (cancelled 04-16).
    total_liabilities: 1085.75,
  },
  equity: { retained_earnings: 4193.85, total_equity: 4193.85 },
};

const PROFITABILITY = {
  profitability_ratios: {
    gross_profit_margin: 68.32,
    operating_margin: -2.55,
    net_margin: -2.55,
    return_on_assets: -0.79, // -42,55 / 5.411,45
    return_on_equity: -0.92, // -42,55 / 4.648,45
  },
  growth_analysis: {
    // 04-22..04-30: s9 50,00 (cost 20,00); p9 Administrativo 70,00; m5 Marketing 20,00:
    // revenue 50,00, net -60,00, net margin -120 %.
    revenue_growth: 3239.4, // (1.669,70 - 50,00) / 50,00
    profit_growth: 29.08, // (-42,55 + 60,00) / 60,00
    margin_improvement: 117.45, // -2,55 - (-120,00)
    revenue_growth_unavailable: null,
    profit_growth_unavailable: null,
    margin_improvement_unavailable: null,
  },
};

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

  const margins = () => ({
    average_margin: 54.63, // (175,00 + 50,00 + 30,00 + 20,70) / 504,70
    best_performing_product: { product_name: 'Boné', sku: 'BON', size: '', color: '', margin_percentage: 71.43 },
    worst_performing_product: { product_name: 'Calça', sku: 'CAL', size: '42', color: 'Azul', margin_percentage: 49.3 },
    product_margins: [
      // s4 115,00 + s6 240,00; cost 60,00 + 120,00
      {
        product_id: store.products.calca,
        product_name: 'Calça',
        sku: 'CAL',
        size: '42',
        color: 'Azul',
        revenue: 355,
        cost: 180,
        gross_profit: 175,
        margin_percentage: 49.3,
      },
      // s3 35,00 + s8 35,00
      {
        product_id: store.products.bone,
        product_name: 'Boné',
        sku: 'BON',
        size: '',
        color: '',
        revenue: 70,
        cost: 20,
        gross_profit: 50,
        margin_percentage: 71.43,
      },
      // s3 only (s7 cancelled)
      {
        product_id: store.products.camiseta,
        product_name: 'Camiseta',
        sku: 'CAM',
        size: '',
        color: '',
        revenue: 50,
        cost: 20,
        gross_profit: 30,
        margin_percentage: 60,
      },
      {
        product_id: store.products.meia,
        product_name: 'Meia',
        sku: 'MEI',
        size: '',
        color: '',
        revenue: 29.7,
        cost: 9,
        gross_profit: 20.7,
        margin_percentage: 69.7,
      },
    ],
    product_count: 4,
  });

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
