// The dashboard's charts: one point per São Paulo day of the range, empty days included.
// Sales: the count and revenue of the completed sales sold that day (sales_days, kept by
// triggers: migration 0005; a day's rows, one per slot (0007), summed). Cash flow: the
// cash book's chart (finance/cash-flow.ts), so its last balance is the cash-flow
// summary's final balance for the same days.
import { sql } from 'drizzle-orm';
import type { CashFlowChartPoint } from '../../shared/contract/cash-flow';
import type { SalesChartPoint } from '../../shared/contract/dashboard';
import type { DbOrTx } from '../db/client';
import { salesDays } from '../db/schema';
import { cashChart } from '../finance/cash-flow';
import { centavos, rowsOf, type Days } from './period';

export async function salesChart(db: DbOrTx, tenantId: string, days: Days): Promise<SalesChartPoint[]> {
  const d = salesDays;
  const rows = await rowsOf<{ date: string; sales: unknown; revenue: unknown }>(
    db,
    sql`
    SELECT to_char(g, 'YYYY-MM-DD') AS date,
           coalesce(p.sales, 0)::int AS sales,
           coalesce(p.revenue, 0)::float8 AS revenue
      FROM generate_series(${days.start}::date, ${days.end}::date, interval '1 day') AS g
      LEFT JOIN (SELECT ${d.date} AS date, sum(${d.sales}) AS sales, sum(${d.revenue}) AS revenue FROM ${d}
                  WHERE ${d.tenantId} = ${tenantId} AND ${d.date} BETWEEN ${days.start}::date AND ${days.end}::date
                  GROUP BY ${d.date}) p ON p.date = g::date
     ORDER BY g`,
  );
  return rows.map((r) => ({ date: r.date, sales: centavos(r.sales), revenue: centavos(r.revenue) }));
}

export function cashFlowChart(db: DbOrTx, tenantId: string, days: Days): Promise<CashFlowChartPoint[]> {
  return cashChart(db, tenantId, { start_date: days.start, end_date: days.end });
}
