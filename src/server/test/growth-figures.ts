// The growth figures of the profitability report (growth against the period before) as the
// reports' tests expect them.

/** Every growth figure unavailable for the same reason (null: each compares). */
const unavailable = (why: string | null) => ({
  revenue_growth_unavailable: why,
  profit_growth_unavailable: why,
  margin_improvement_unavailable: why,
});

/** Every figure compares: nothing is unavailable. */
export const GROWTH_COMPARES = unavailable(null);

/** The period before had no revenue: every figure 0, each saying why. */
export const NO_PREVIOUS_REVENUE_GROWTH = {
  revenue_growth: 0,
  profit_growth: 0,
  margin_improvement: 0,
  ...unavailable('no_previous_revenue'),
};
