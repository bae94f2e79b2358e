// Growth figures of the dashboard and the reports that have nothing to compare against.
import { z } from 'zod/mini';

/**
 * Why a growth figure has nothing to compare against. The figure itself stays a number, 0
 * then, so an older client that reads only the number still reads it; the companion
 * `<figure>_unavailable` says why (null: the figure compares two real values).
 * - no_previous_revenue: the period before had no revenue (revenue growth and the change of
 *   the net margin have no base; so has profit growth when the result before was zero too)
 * - no_previous_profit: the result of the period before was exactly zero
 * - no_previous_sales: the dashboard's month so far against the same days of last month,
 *   which had no sales
 * - day_scope: a day-scoped dashboard (spec §6) compares no months
 * Fields absent (an answer from before they existed, kept offline) mean null.
 */
export const GrowthUnavailableSchema = z.nullable(
  z.enum(['no_previous_revenue', 'no_previous_profit', 'no_previous_sales', 'day_scope']),
);
export type GrowthUnavailable = z.infer<typeof GrowthUnavailableSchema>;

/** What the screens and the CSV show instead of a figure with nothing to compare against, and why. */
export const GROWTH_UNAVAILABLE_FIGURE = '—';
export const GROWTH_UNAVAILABLE_TEXT: Record<NonNullable<GrowthUnavailable>, string> = {
  no_previous_revenue: 'sem receita no período anterior',
  no_previous_profit: 'resultado zero no período anterior',
  no_previous_sales: 'sem vendas no mesmo período do mês passado',
  day_scope: 'o painel do dia não compara meses',
};
