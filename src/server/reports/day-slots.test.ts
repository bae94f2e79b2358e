// Every reader of the day totals sums a day's slots (migration 0007: sales_days and
// cash_flow_days hold up to 16 rows a day, one per writing connection's slot). On the
// hand-built store (src/server/test/hand-store.ts), each day's totals are rewritten as
// several slots that add up to the same figures, with a pair that cancels out beside
// them: the dashboard, the cash book's summary and charts, the DRE, the balance sheets,
// profitability and the reports' summary must answer exactly as before.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../db/client';
import { cashFlowDays, salesDays } from '../db/schema';
import { cashFlowDayTotals } from '../test/day-slots';
import { NO_HAND_APP, useHandApp } from '../test/hand-store';
import type { Json } from '../test/helpers';
import { databases } from '../test/testDb';

const RANGE = 'start_date=2030-05-01&end_date=2030-05-09';
const READS = [
  '/api/dashboard/metrics',
  '/api/dashboard/sales-chart?days=45',
  '/api/dashboard/cash-flow-chart?days=45',
  `/api/cash-flow/statistics?${RANGE}`,
  '/api/cash-flow/statistics?end_date=2030-05-04',
  '/api/cash-flow/chart?start_date=2030-04-01&end_date=2030-05-09',
  `/api/financial-reports/dre?${RANGE}`,
  '/api/financial-reports/balance-sheet?as_of_date=2030-05-04',
  '/api/financial-reports/balance-sheet',
  `/api/financial-reports/profitability?${RANGE}`,
  `/api/financial-reports/summary?${RANGE}&as_of_date=2030-05-04`,
];

/** Each day's rows of the tenant replaced by slots 3 and 11 splitting its sums, and 7 and 12 cancelling out. */
async function spreadOverSlots(db: DbOrTx, tenantId: string) {
  await db.transaction(async (tx) => {
    const sold = await tx
      .select({
        date: salesDays.date,
        sales: sql<number>`sum(${salesDays.sales})::int`.mapWith(Number),
        revenue: sql<number>`sum(${salesDays.revenue})::float8`.mapWith(Number),
        cost: sql<number>`sum(${salesDays.cost})::float8`.mapWith(Number),
      })
      .from(salesDays)
      .where(eq(salesDays.tenantId, tenantId))
      .groupBy(salesDays.date);
    await tx.delete(salesDays).where(eq(salesDays.tenantId, tenantId));
    await tx.insert(salesDays).values(
      sold.flatMap((d) => {
        const [s, r, c] = [Math.floor(d.sales / 2), Math.floor(d.revenue / 3), Math.floor(d.cost / 2)];
        return [
          { tenantId, date: d.date, slot: 3, sales: s, revenue: r, cost: c },
          { tenantId, date: d.date, slot: 11, sales: d.sales - s, revenue: d.revenue - r, cost: d.cost - c },
          { tenantId, date: d.date, slot: 7, sales: 1, revenue: 4990, cost: 700 },
          { tenantId, date: d.date, slot: 12, sales: -1, revenue: -4990, cost: -700 },
        ];
      }),
    );
    const cash = await cashFlowDayTotals(tx, tenantId);
    await tx.delete(cashFlowDays).where(eq(cashFlowDays.tenantId, tenantId));
    await tx.insert(cashFlowDays).values(
      cash.flatMap((d) => {
        const [i, e] = [Math.floor(d.income / 3), Math.floor(d.expenses / 2)];
        return [
          { tenantId, date: d.date, slot: 3, income: i, expenses: e },
          { tenantId, date: d.date, slot: 11, income: d.income - i, expenses: d.expenses - e },
          { tenantId, date: d.date, slot: 7, income: 12_345, expenses: 678 },
          { tenantId, date: d.date, slot: 12, income: -12_345, expenses: -678 },
        ];
      }),
    );
  });
}

describe.each(databases())('reports over day totals in several slots (%s)', (kind) => {
  let { ctx, http } = NO_HAND_APP;
  let tokens: string[];
  const readAll = async () => {
    const out: Record<string, Json> = {};
    for (const [k, token] of tokens.entries()) {
      // The cashier reads the dashboard only (today's).
      for (const path of k === 0 ? READS : READS.filter((p) => p.startsWith('/api/dashboard'))) {
        const res = await http.get(path, { token });
        expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
        out[`${k} ${path}`] = res.body.data;
      }
    }
    return out;
  };

  useHandApp(kind, (hand) => {
    ({ ctx, http } = hand);
    tokens = [hand.admin, hand.cashier];
  });

  it('every figure is the same when a day is spread over slots', async () => {
    const tenantId = ctx.other.tenant.id;
    const before = await readAll();
    await spreadOverSlots(ctx.db, tenantId);
    const slots = await ctx.db
      .selectDistinct({ slot: salesDays.slot })
      .from(salesDays)
      .where(eq(salesDays.tenantId, tenantId));
    expect(slots.map((r) => r.slot).sort((a, b) => a - b)).toEqual([3, 7, 11, 12]);
    expect(await readAll()).toEqual(before);
  });
});
