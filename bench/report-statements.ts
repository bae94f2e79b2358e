// The raw SQL of the financial reports' aggregates (DESIGN.md 'Finance rules';
// src/server/reports), written here on their own: the sales of a range (revenue and
// product costs), its other revenue and expenses, the balance at a day's end and the
// margins per product; and the net income and equity their results add up to.
import { GOODS_FOR_RESALE_CATEGORY } from '../src/shared/constants';
import { addDays, startOfDayUtc } from '../src/shared/dates';
import type { Statement } from './finance-calls';

/** A range of São Paulo days, both ends included. */
export interface Range {
  start: string;
  end: string;
}

/** The instant a São Paulo day starts (ISO), and the one after its last day. */
export const from = (day: string) => startOfDayUtc(day).toISOString();
export const until = (day: string) => startOfDayUtc(addDays(day, 1)).toISOString();
export const lastDays = (count: number, today: string): Range => ({ start: addDays(today, -(count - 1)), end: today });
export const previous = ({ start, end }: Range): Range => {
  const length = (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
  return { start: addDays(start, -length), end: addDays(start, -1) };
};

/** Completed sales whose São Paulo day is in [$2, $3) (instants). */
export const COMPLETED = `s.tenant_id = $1 AND s.sale_status = 'completed' AND s.sold_at >= $2::timestamptz AND s.sold_at < $3::timestamptz`;

/** Revenue and product costs of a range's completed sales (two ranges: the range and the one before). */
export function salesStatements(ranges: Range[]): Statement[] {
  const span = { start: ranges.at(-1)!.start, end: ranges[0]!.end };
  const per = (expr: string, name: string) =>
    ranges
      .map(
        (r, k) =>
          `coalesce(sum(${expr}) FILTER (WHERE s.sold_at >= '${from(r.start)}' AND s.sold_at < '${until(r.end)}'), 0)::float8 AS ${name}${k}`,
      )
      .join(', ');
  const params = [from(span.start), until(span.end)];
  return [
    { text: `SELECT ${per('s.total', 'revenue')} FROM sales s WHERE ${COMPLETED}`, params },
    {
      text: `SELECT ${per('i.quantity::bigint * i.unit_cost', 'cost')}
               FROM sales s JOIN sale_items i ON i.tenant_id = s.tenant_id AND i.sale_id = s.id WHERE ${COMPLETED}`,
      params,
    },
  ];
}

/**
 * Other revenue, and expenses by category, of a range (manual entries: no sale, bill or
 * receivable). Goods for resale are inventory, not an expense (DESIGN.md: they reach the
 * DRE as product costs when sold).
 */
export const OTHER = `
  SELECT NULL AS category,
         ((SELECT coalesce(sum(amount), 0) FROM cash_flow_entries
            WHERE tenant_id = $1 AND type = 'income' AND sale_id IS NULL AND account_payable_id IS NULL
              AND account_receivable_id IS NULL AND date BETWEEN $2::date AND $3::date)
        + (SELECT coalesce(sum(amount), 0) FROM accounts_receivable
            WHERE tenant_id = $1 AND sale_id IS NULL AND status <> 'cancelled' AND due_date BETWEEN $2::date AND $3::date))::float8 AS amount
  UNION ALL
  SELECT category, sum(amount)::float8 FROM (
    SELECT category, amount FROM accounts_payable
     WHERE tenant_id = $1 AND status <> 'cancelled' AND due_date BETWEEN $2::date AND $3::date
    UNION ALL
    SELECT category, amount FROM cash_flow_entries
     WHERE tenant_id = $1 AND type = 'expense' AND sale_id IS NULL AND account_payable_id IS NULL
       AND account_receivable_id IS NULL AND date BETWEEN $2::date AND $3::date
  ) c WHERE category <> '${GOODS_FOR_RESALE_CATEGORY}' GROUP BY category`;

/** Open at the end of $2: created by then, not paid by then, not cancelled by then. */
const openAt = (table: string) => `(SELECT coalesce(sum(amount), 0) FROM ${table}
   WHERE tenant_id = $1 AND created_at < $3::timestamptz AND (payment_date IS NULL OR payment_date > $2::date)
     AND (cancelled_at IS NULL OR cancelled_at >= $3::timestamptz))::float8`;
const BALANCE = `
  SELECT ${openAt('accounts_receivable')} AS receivable, ${openAt('accounts_payable')} AS payable,
         (SELECT coalesce(sum(greatest(current_stock, 0)::bigint * cost_price), 0) FROM products
           WHERE tenant_id = $1 AND deleted_at IS NULL)::float8 AS inventory,
         (SELECT coalesce(sum(income - expenses), 0) FROM cash_flow_days WHERE tenant_id = $1 AND date <= $2::date)::float8 AS cash`;

const MARGINS = `
  WITH per_product AS (
    SELECT i.product_id, sum(i.total_price) AS revenue, sum(i.quantity::bigint * i.unit_cost) AS cost
      FROM sales s JOIN sale_items i ON i.tenant_id = s.tenant_id AND i.sale_id = s.id
     WHERE ${COMPLETED} GROUP BY i.product_id
  )
  SELECT (SELECT count(*) FROM per_product)::int AS product_count,
         (SELECT coalesce(sum(revenue), 0) FROM per_product)::float8 AS revenue,
         (SELECT coalesce(sum(cost), 0) FROM per_product)::float8 AS cost,
         (SELECT json_agg(t) FROM (SELECT pp.product_id, p.name, pp.revenue::float8, pp.cost::float8
                                     FROM per_product pp JOIN products p ON p.tenant_id = $1 AND p.id = pp.product_id
                                    ORDER BY pp.revenue DESC, p.name, pp.product_id LIMIT 100) t) AS top`;

export const dreStatements = (r: Range): Statement[] => [
  ...salesStatements([r]),
  { text: OTHER, params: [r.start, r.end] },
];
export const balanceStatement = (day: string): Statement => ({ text: BALANCE, params: [day, until(day)] });
export const marginStatement = (r: Range): Statement => ({ text: MARGINS, params: [from(r.start), until(r.end)] });

/** Net income (centavos) of a range from its statements' results: revenue - costs - expenses. */
export function netOf(
  revenue: Record<string, unknown> | undefined,
  cost: Record<string, unknown> | undefined,
  other: Record<string, unknown>[],
  k = 0,
) {
  const others = other.reduce((sum, row) => sum + (row.category === null ? 1 : -1) * Number(row.amount), 0);
  return Number(revenue?.[`revenue${k}`]) - Number(cost?.[`cost${k}`]) + others;
}
export const equityOf = (row: Record<string, unknown> | undefined) =>
  Number(row?.cash) + Number(row?.receivable) + Number(row?.inventory) - Number(row?.payable);
