// The dashboard's metric cards (spec §2, §3). Completed sales only, on the São Paulo day of
// sold_at (the day totals the triggers keep: sales_days, migration 0005): sales today and since Monday; revenue today, month to date and all time;
// growth = month-to-date revenue against the same days of the previous month (percent; 0
// with growth_unavailable 'no_previous_sales' when those days had no sales).
// Customers and products are counted live (not removed); low stock is current < minimum,
// out of stock current <= 0. The financial block: open receivables and payables with
// their overdue part (the finance statistics). Day-scoped callers (cashiers, spec §6) get
// today's sales and revenue in every sales/revenue figure, growth 0 ('day_scope': it would
// compare with other days) and an empty financial block.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DashboardMetrics } from '../../shared/contract/dashboard';
import { addDays, todayIso } from '../../shared/dates';
import type { DbOrTx } from '../db/client';
import { customers, products, salesDays } from '../db/schema';
import { payableStatistics } from '../finance/payables';
import { receivableStatistics } from '../finance/receivables';
import { dashboardAlerts } from './dashboard-alerts';
import { centavos, dayStart, rowsOf } from './period';
import { growthPercent } from './percent';

/** The calendar the cards count by: today, this week (from Monday), this month and its match last month. */
export function calendarOf(today: string) {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  const month = `${today.slice(0, 8)}01`;
  const previous = new Date(`${month}T00:00:00Z`);
  previous.setUTCMonth(previous.getUTCMonth() - 1);
  const previousMonth = previous.toISOString().slice(0, 10);
  const dayOfMonth = Number(today.slice(8, 10));
  // The same days last month: 1..today's day, cut at its last day (31 March -> 1-28 February).
  const sameDaysEnd = addDays(previousMonth, dayOfMonth - 1);
  const previousMonthEnd = addDays(month, -1);
  return {
    today,
    week: addDays(today, -((weekday + 6) % 7)),
    month,
    previousMonth,
    previousMonthCut: sameDaysEnd < previousMonthEnd ? sameDaysEnd : previousMonthEnd,
  };
}

interface SalesFigures {
  today: number;
  week: number;
  revenueToday: number;
  revenueMonth: number;
  revenuePrevious: number;
  revenueTotal: number;
}

async function salesFigures(db: DbOrTx, tenantId: string, dayScoped: boolean): Promise<SalesFigures> {
  const c = calendarOf(todayIso());
  const d = salesDays;
  const from = (day: string) => sql`${d.date} >= ${day}::date`;
  const [row] = await rowsOf<Record<keyof SalesFigures, unknown>>(
    db,
    sql`SELECT coalesce(sum(${d.sales}) FILTER (WHERE ${from(c.today)}), 0)::int AS "today",
               coalesce(sum(${d.sales}) FILTER (WHERE ${from(c.week)}), 0)::int AS "week",
               coalesce(sum(${d.revenue}) FILTER (WHERE ${from(c.today)}), 0)::float8 AS "revenueToday",
               coalesce(sum(${d.revenue}) FILTER (WHERE ${from(c.month)}), 0)::float8 AS "revenueMonth",
               coalesce(sum(${d.revenue}) FILTER (WHERE ${from(c.previousMonth)}
                 AND ${d.date} <= ${c.previousMonthCut}::date), 0)::float8 AS "revenuePrevious",
               coalesce(sum(${d.revenue}), 0)::float8 AS "revenueTotal"
          FROM ${d}
         WHERE ${d.tenantId} = ${tenantId} AND ${d.date} <= ${c.today}::date
           ${dayScoped ? sql`AND ${from(c.today)}` : sql``}`,
  );
  return {
    today: centavos(row?.today),
    week: centavos(row?.week),
    revenueToday: centavos(row?.revenueToday),
    revenueMonth: centavos(row?.revenueMonth),
    revenuePrevious: centavos(row?.revenuePrevious),
    revenueTotal: centavos(row?.revenueTotal),
  };
}

async function catalogueFigures(db: DbOrTx, tenantId: string) {
  const month = calendarOf(todayIso()).month;
  const [[people], [stock]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`.mapWith(Number),
        newThisMonth: sql<number>`count(*) FILTER (WHERE ${customers.createdAt} >= ${dayStart(month)})::int`.mapWith(
          Number,
        ),
      })
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), isNull(customers.deletedAt))),
    db
      .select({
        total: sql<number>`count(*)::int`.mapWith(Number),
        outOfStock: sql<number>`count(*) FILTER (WHERE ${products.currentStock} <= 0)::int`.mapWith(Number),
      })
      .from(products)
      .where(and(eq(products.tenantId, tenantId), isNull(products.deletedAt))),
  ]);
  return { customers: people!, products: stock! };
}

async function financialFigures(db: DbOrTx, tenantId: string, dayScoped: boolean) {
  if (dayScoped) {
    const none = { total: 0, overdue: 0 };
    return { accountsReceivable: none, accountsPayable: none };
  }
  const [receivable, payable] = await Promise.all([
    receivableStatistics(db, tenantId, {}),
    payableStatistics(db, tenantId),
  ]);
  return {
    accountsReceivable: {
      total: receivable.total_pending + receivable.total_overdue,
      overdue: receivable.total_overdue,
    },
    accountsPayable: { total: payable.total_pending + payable.total_overdue, overdue: payable.total_overdue },
  };
}

export async function dashboardMetrics(db: DbOrTx, tenantId: string, dayScoped: boolean): Promise<DashboardMetrics> {
  const [figures, catalogue, financial, alerts] = await Promise.all([
    salesFigures(db, tenantId, dayScoped),
    catalogueFigures(db, tenantId),
    financialFigures(db, tenantId, dayScoped),
    dashboardAlerts(db, tenantId, dayScoped),
  ]);
  const growthUnavailable = dayScoped ? 'day_scope' : figures.revenuePrevious === 0 ? 'no_previous_sales' : null;
  return {
    sales: { today: figures.today, thisWeek: figures.week },
    revenue: {
      today: figures.revenueToday,
      growth: growthUnavailable ? 0 : growthPercent(figures.revenueMonth, figures.revenuePrevious),
      growth_unavailable: growthUnavailable,
      thisMonth: figures.revenueMonth,
      total: figures.revenueTotal,
    },
    customers: catalogue.customers,
    products: { ...catalogue.products, lowStock: alerts.counts.lowStock },
    financial,
    alerts,
  };
}
