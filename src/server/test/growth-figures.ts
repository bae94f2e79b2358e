// The growth figures of the profitability report (growth against the period before) as the
// reports' tests expect them.

/** Every figure compares: nothing is unavailable. */
export const GROWTH_COMPARES = {
  revenue_growth_unavailable: null,
  profit_growth_unavailable: null,
  margin_improvement_unavailable: null,
};

/** The period before had no revenue: every figure 0, each saying why. */
export const NO_PREVIOUS_REVENUE_GROWTH = {
  revenue_growth: 0,
  profit_growth: 0,
  margin_improvement: 0,
  revenue_growth_unavailable: 'no_previous_revenue',
  profit_growth_unavailable: 'no_previous_revenue',
  margin_improvement_unavailable: 'no_previous_revenue',
};
