// Growth against the period before, when that period gives no base: the figure is 0 (as
// older clients read it) and its `_unavailable` companion says why.
import { describe, expect, it } from 'vitest';
import type { Dre } from '../../shared/contract/reports';
import { GROWTH_COMPARES, NO_PREVIOUS_REVENUE_GROWTH } from '../test/growth-figures';
import { buildBalanceSheet } from './balance-sheet';
import { buildDre } from './dre';
import { buildProfitability } from './financial-reports';

/** A statement with `revenue` from sales and `revenue - net` of expenses (centavos). */
const dre = (revenue: number, net: number): Dre =>
  buildDre({
    sales_revenue: revenue,
    product_costs: 0,
    other_revenue: 0,
    expenses: [{ category: 'Administrativo', amount: revenue - net }],
  });

const SHEET = buildBalanceSheet({ cash: 0, accounts_receivable: 0, inventory: 0, accounts_payable: 0 });

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
