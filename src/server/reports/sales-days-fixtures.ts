// What the tests of the report summaries (sales_days, sale_product_days: migration 0005)
// share: a store with a customer and three products, the summaries as the tests read them,
// and the same figures recomputed from the sales and their lines.
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { sales } from '../db/schema';
import { NO_STORE, useTestStore, type TestStore } from '../test/helpers';
import { makeCustomer, makeProduct, type ProductFixture } from '../test/sales-fixtures';
import type { TestDbKind } from '../test/testDb';
import { rowsOf } from './period';

/** By day (or day and product): [sales or lines, revenue, cost], days with all zeros left out. */
export type Totals = Record<string, number[]>;

export interface DayTotalsStock {
  customer: { id: string; name: string };
  /** At [price, cost] 1000/400, 2590/1310 and 399/0 centavos, 100,000 in stock each. */
  products: ProductFixture[];
}

const SP_DAY = (column: string) => `((${column} AT TIME ZONE 'UTC') - interval '3 hours')::date`;

const keyed = (rows: Record<string, unknown>[], key: string[], values: string[]): Totals =>
  Object.fromEntries(
    rows
      .map((r) => [key.map((k) => String(r[k])).join(' '), values.map((v) => Number(r[v]))] as const)
      .filter(([, v]) => v.some((n) => n !== 0)),
  );

/**
 * The store for the describe block, handed to `take` with its customer and products; the
 * returned reads look at the demo store.
 */
export function useDayTotals(kind: TestDbKind, take: (store: TestStore, stock: DayTotalsStock) => unknown) {
  let store = NO_STORE;
  useTestStore(kind, async (opened) => {
    store = opened;
    const customer = await makeCustomer(opened.ctx.db, opened.tenantId);
    const products: ProductFixture[] = [];
    for (const [price, cost] of [
      [1000, 400],
      [2590, 1310],
      [399, 0],
    ] as const) {
      products.push(await makeProduct(opened.ctx.db, opened.tenantId, { stock: 100_000, price, cost }));
    }
    return take(opened, { customer, products });
  });
  const query = (text: string) => rowsOf<Record<string, unknown>>(store.ctx.db, sql.raw(text));

  /** [sales, revenue, cost] by day, and [lines, revenue, cost] by day and product, from the sales. */
  const recomputed = async () => {
    const days = await query(
      `SELECT to_char(${SP_DAY('s.sold_at')}, 'YYYY-MM-DD') AS day, count(*)::int AS n, sum(s.total)::float8 AS revenue,
              coalesce(sum((SELECT sum(i.quantity::bigint * i.unit_cost) FROM sale_items i
                             WHERE i.tenant_id = s.tenant_id AND i.sale_id = s.id)), 0)::float8 AS cost
         FROM sales s WHERE s.tenant_id = '${store.tenantId}' AND s.sale_status = 'completed' GROUP BY 1`,
    );
    const lines = await query(
      `SELECT to_char(${SP_DAY('s.sold_at')}, 'YYYY-MM-DD') AS day, i.product_id::text AS product, count(*)::int AS n,
              sum(i.total_price)::float8 AS revenue, sum(i.quantity::bigint * i.unit_cost)::float8 AS cost
         FROM sales s JOIN sale_items i ON i.tenant_id = s.tenant_id AND i.sale_id = s.id
        WHERE s.tenant_id = '${store.tenantId}' AND s.sale_status = 'completed' GROUP BY 1, 2`,
    );
    return {
      days: keyed(days, ['day'], ['n', 'revenue', 'cost']),
      products: keyed(lines, ['day', 'product'], ['n', 'revenue', 'cost']),
    };
  };
  /** The same from the summaries (a day's slots added up). */
  const summaries = async () => {
    const days = await query(
      `SELECT to_char(date, 'YYYY-MM-DD') AS day, sum(sales)::int AS n, sum(revenue)::float8 AS revenue,
              sum(cost)::float8 AS cost
         FROM sales_days WHERE tenant_id = '${store.tenantId}' GROUP BY date`,
    );
    const lines = await query(
      `SELECT to_char(date, 'YYYY-MM-DD') AS day, product_id::text AS product, lines AS n, revenue::float8, cost::float8
         FROM sale_product_days WHERE tenant_id = '${store.tenantId}'`,
    );
    return {
      days: keyed(days, ['day'], ['n', 'revenue', 'cost']),
      products: keyed(lines, ['day', 'product'], ['n', 'revenue', 'cost']),
    };
  };
  return {
    recomputed,
    summaries,
    /** Expects the summaries to equal the recomputation. */
    expectExact: async () => {
      const [now, expected] = await Promise.all([summaries(), recomputed()]);
      expect(now).toEqual(expected);
    },
    /** Deletes every sale of the demo store (their lines go with them). */
    clearSales: () => store.ctx.db.delete(sales).where(eq(sales.tenantId, store.tenantId)),
  };
}
