// Growth against the period before, when that period gives no base: the figure is 0 (as
// older clients read it) and its `_unavailable` companion says why.
import { describe, expect, it } from 'vitest';
import type { BalanceSheet, Dre } from '../../shared/contract/reports';
import { GROWTH_COMPARES, NO_PREVIOUS_REVENUE_GROWTH } from '../test/growth-figures';
import { buildProfitability } from './financial-reports';

function dre(revenue: number, net: number): Dre {
  const margin = revenue === 0 ? 0 : Math.round((net / revenue) * 10_000) / 100;
  return {
    revenue: { sales_revenue: revenue, other_revenue: 0, total_revenue: revenue },
    cost_of_goods_sold: { product_costs: 0, direct_labor: 0, other_costs: 0, total_cogs: 0 },
    gross_profit: revenue,
    gross_margin_percentage: revenue === 0 ? 0 : 100,
    operating_expenses: {
      administrative: revenue - net,
      marketing: 0,
      logistics: 0,
      technology: 0,
      utilities: 0,
      taxes: 0,
      other_expenses: 0,
      total_operating_expenses: revenue - net,
    },
    operating_income: net,
    operating_margin_percentage: margin,
    net_income: net,
    net_margin_percentage: margin,
  };
}

const SHEET = {
  assets: {
    current_assets: { cash: 0, accounts_receivable: 0, inventory: 0, total_current_assets: 0 },
    total_assets: 0,
  },
  liabilities: {
    current_liabilities: { accounts_payable: 0, short_term_debt: 0, total_current_liabilities: 0 },
    total_liabilities: 0,
  },
  equity: { retained_earnings: 0, total_equity: 0 },
} satisfies BalanceSheet;

const growth = (now: Dre, before: Dre) => buildProfitability(now, before, SHEET).growth_analysis;

describe('growth against the period before', () => {
  it('compares when the period before has a base', () => {
    const compared = { revenue_growth: 50, profit_growth: 200, margin_improvement: 10 };
    expect(growth(dre(150_00, 30_00), dre(100_00, 10_00))).toEqual({ ...compared, ...GROWTH_COMPARES });
  });

  it('no revenue before: no revenue growth, no margin change, no profit growth when the result was zero', () => {
    expect(growth(dre(100_00, 60_00), dre(0, 0))).toEqual(NO_PREVIOUS_REVENUE_GROWTH);
    // Expenses only before: a loss to compare the profit with, still no revenue nor margin.
    expect(growth(dre(100_00, 60_00), dre(0, -20_00))).toMatchObject({
      profit_growth: 400,
      profit_growth_unavailable: null,
      revenue_growth_unavailable: 'no_previous_revenue',
    });
  });

  it('a result of exactly zero before: no profit growth, the rest compares', () => {
    const compared = { revenue_growth: 20, profit_growth: 0, margin_improvement: 10 };
    expect(growth(dre(120_00, 12_00), dre(100_00, 0))).toEqual({
      ...compared,
      ...GROWTH_COMPARES,
      profit_growth_unavailable: 'no_previous_profit',
    });
  });
});
