// Relatórios Financeiros' tests over the real app (reports-screen.test.tsx,
// reports-export.test.tsx): the reports API faked at fetch with one set of figures (and a
// previous period without revenue), and the screen's figures and rows found by their labels.
import { screen, within } from '@testing-library/react';
import { beforeEach } from 'vitest';
import { addDays, todayIso } from '../../../shared/dates';
import { balanceSheetOf } from '../../../shared/test/balance-sheet-figures';
import { createFakeServer, type FakeServer, type Handler } from '../../test/fake-server';
import { ADMIN, signedInAs } from '../../test/fixtures';
import { text } from '../../test/screen-text';

const fake = {} as { server: FakeServer };

/** Registers a fresh fake server, an admin signed in, before each test; read `fake` inside the tests. */
export function fakeReportsServer(): { server: FakeServer } {
  beforeEach(() => {
    fake.server = createFakeServer();
    signedInAs(fake.server, ADMIN);
  });
  return fake;
}

export const today = todayIso();

const DRE = {
  revenue: { sales_revenue: 1000, other_revenue: 0, total_revenue: 1000 },
  cost_of_goods_sold: { product_costs: 400, direct_labor: 0, other_costs: 100, total_cogs: 500 },
  gross_profit: 500,
  gross_margin_percentage: 50,
  operating_expenses: {
    administrative: 120,
    marketing: 0,
    logistics: 0,
    technology: 30,
    utilities: 50,
    taxes: 0,
    other_expenses: 0,
    total_operating_expenses: 200,
  },
  operating_income: 300,
  operating_margin_percentage: 30,
  net_income: 300,
  net_margin_percentage: 30,
};
const SHEET = balanceSheetOf({ cash: 700, accounts_receivable: 200, inventory: 1100, accounts_payable: 350.4 });
const PROFIT = {
  profitability_ratios: {
    gross_profit_margin: 50,
    operating_margin: 30,
    net_margin: 30,
    return_on_assets: 15,
    return_on_equity: 18.19,
  },
  growth_analysis: { revenue_growth: 25, profit_growth: -10, margin_improvement: 1.5 },
};
const product = (n: number, name: string, revenue: number, cost: number, margin: number) => ({
  product_id: `00000000-0000-4000-8000-00000000000${n}`,
  product_name: name,
  sku: `SKU-${n}`,
  size: n === 2 ? 'M' : '',
  color: n === 2 ? 'Branca' : '',
  revenue,
  cost,
  gross_profit: Math.round((revenue - cost) * 100) / 100,
  margin_percentage: margin,
});
const MARGINS = {
  average_margin: 18.5,
  best_performing_product: {
    product_name: 'Boné "Aba reta"; azul',
    sku: 'SKU-1',
    size: '',
    color: '',
    margin_percentage: 40,
  },
  worst_performing_product: { product_name: 'Meia', sku: 'SKU-3', size: 'U', color: 'Preta', margin_percentage: 5 },
  product_margins: [product(1, 'Boné "Aba reta"; azul', 500, 300, 40), product(2, 'Camisa', 300, 255, 15)],
  product_count: 3,
};
const ALL_MARGINS = { ...MARGINS, product_margins: [...MARGINS.product_margins, product(3, 'Meia', 200, 190, 5)] };

type Report = 'summary' | 'dre' | 'balance-sheet' | 'profitability' | 'margin-analysis';

export function serve(overrides: Partial<Record<Report, Handler>> = {}) {
  const ok = (data: unknown) => () => ({ body: { success: true, data } });
  const data: Record<Report, unknown> = {
    summary: {
      period: { start_date: addDays(today, -29), end_date: today, as_of_date: today },
      dre: DRE,
      balance_sheet: SHEET,
      profitability: PROFIT,
      margin_analysis: MARGINS,
    },
    dre: DRE,
    'balance-sheet': SHEET,
    profitability: PROFIT,
    'margin-analysis': MARGINS,
  };
  for (const report of Object.keys(data) as Report[]) {
    fake.server.on('GET', `/api/financial-reports/${report}`, overrides[report] ?? ok(data[report]));
  }
  fake.server.on('GET', '/api/financial-reports/margin-analysis', (request) =>
    overrides['margin-analysis']
      ? overrides['margin-analysis'](request)
      : { body: { success: true, data: request.url.searchParams.get('limit') ? ALL_MARGINS : MARGINS } },
  );
}

export const params = (report: Report, i = -1) =>
  Object.fromEntries(fake.server.callsTo('GET', `/api/financial-reports/${report}`).at(i)!.url.searchParams);
export const figure = (label: string) => within(screen.getByRole('group', { name: label })).getByTestId('figure-value');
/** A figure's text with Intl's non-breaking space as a plain one. */
export const figureText = (label: string) => text(figure(label));
/** A row by its header: the label, or a product's name followed by its SKU (fixtures: SKU-n) and variant. */
export const rowOf = (label: string) =>
  screen
    .getByRole('rowheader', { name: (name) => name === label || new RegExp(`^${label} ?SKU-`).test(name) })
    .closest('tr')!;

/** The period before had no revenue: nothing to compare the growth figures with. */
const NO_BASE = {
  ...PROFIT,
  growth_analysis: {
    revenue_growth: 0,
    profit_growth: 0,
    margin_improvement: 0,
    revenue_growth_unavailable: 'no_previous_revenue',
    profit_growth_unavailable: 'no_previous_revenue',
    margin_improvement_unavailable: 'no_previous_revenue',
  },
};
export const serveNoBase = () =>
  serve({
    profitability: () => ({ body: { success: true, data: NO_BASE } }),
    summary: () => ({
      body: {
        success: true,
        data: {
          period: { start_date: addDays(today, -29), end_date: today, as_of_date: today },
          dre: DRE,
          balance_sheet: SHEET,
          profitability: NO_BASE,
          margin_analysis: MARGINS,
        },
      },
    }),
  });
