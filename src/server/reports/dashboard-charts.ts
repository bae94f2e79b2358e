// The dashboard's charts: one point per São Paulo day of the range, empty days included.
// Sales: the count and revenue of the completed sales sold that day. Cash flow: the cash
// book's chart (finance/cash-flow.ts), so its last balance is the cash-flow summary's
// final balance for the same days.
import { sql } from 'drizzle-orm';
import type { CashFlowChartPoint } from '../../shared/contract/cash-flow';
import type { SalesChartPoint } from '../../shared/contract/dashboard';
import type { DbOrTx } from '../db/client';
import { sales } from '../db/schema';
import { cashChart } from '../finance/cash-flow';
import { centavos, dayOf, rowsOf, withinDays, type Days } from './period';

export async function salesChart(db: DbOrTx, tenantId: string, days: Days): Promise<SalesChartPoint[]> {
  const s = sales;
  const rows = await rowsOf<{ date: string; sales: unknown; revenue: unknown }>(
    db,
    sql`
    WITH per_day AS (
      SELECT ${dayOf(s.soldAt)} AS day, count(*) AS sales, sum(${s.total}) AS revenue
        FROM ${s}
       WHERE ${s.tenantId} = ${tenantId} AND ${s.saleStatus} = 'completed' AND ${withinDays(s.soldAt, days)}
       GROUP BY 1
    )
    SELECT to_char(d, 'YYYY-MM-DD') AS date,
           coalesce(p.sales, 0)::int AS sales,
           coalesce(p.revenue, 0)::float8 AS revenue
      FROM generate_series(${days.start}::date, ${days.end}::date, interval '1 day') AS d
      LEFT JOIN per_day p ON p.day = d::date
     ORDER BY d`,
  );
  return rows.map((r) => ({ date: r.date, sales: centavos(r.sales), revenue: centavos(r.revenue) }));
}

export function cashFlowChart(db: DbOrTx, tenantId: string, days: Days): Promise<CashFlowChartPoint[]> {
  return cashChart(db, tenantId, { start_date: days.start, end_date: days.end });
}
