// Margin analysis by product over the completed sales of a range (DESIGN.md, finance
// rules): per product its revenue (the lines' totals), cost (quantities x snapshotted unit
// costs), gross profit and margin. The list holds the `limit` (by default
// MARGIN_ANALYSIS_MAX_PRODUCTS; an export asks for every one) with the largest revenue (a store of 50,000 products sells thousands of them in a year: a list
// nobody reads and megabytes of JSON); best and worst by margin (ties: the larger revenue)
// and average_margin = total gross profit / total revenue cover every product sold, all
// in one statement.
import { sql } from 'drizzle-orm';
import { MARGIN_ANALYSIS_MAX_PRODUCTS, type MarginAnalysis } from '../../shared/contract/reports';
import type { DbOrTx } from '../db/client';
import { products, saleItems, sales } from '../db/schema';
import { centavos, rowsOf, withinDays, type Days } from './period';
import { percentOf } from './percent';

type ProductMargin = MarginAnalysis['product_margins'][number];

interface Row {
  kind: 'top' | 'best' | 'worst';
  product_id: string;
  product_name: string;
  revenue: unknown;
  cost: unknown;
  product_count: unknown;
  all_revenue: unknown;
  all_cost: unknown;
}

export async function marginAnalysis(
  db: DbOrTx,
  tenantId: string,
  days: Days,
  limit = MARGIN_ANALYSIS_MAX_PRODUCTS,
): Promise<MarginAnalysis> {
  const s = sales;
  const i = saleItems;
  const p = products;
  const rows = await rowsOf<Row>(
    db,
    sql`
    WITH per_product AS (
      SELECT ${i.productId} AS product_id,
             sum(${i.totalPrice}) AS revenue,
             sum(${i.quantity}::bigint * ${i.unitCost}) AS cost
        FROM ${s} JOIN ${i} ON ${i.tenantId} = ${s.tenantId} AND ${i.saleId} = ${s.id}
       WHERE ${s.tenantId} = ${tenantId} AND ${s.saleStatus} = 'completed' AND ${withinDays(s.soldAt, days)}
       GROUP BY ${i.productId}
    ), named AS (
      SELECT pp.product_id, ${p.name} AS product_name, pp.revenue, pp.cost,
             -- the exact margin (no revenue: 0, as the percentage says)
             CASE WHEN pp.revenue = 0 THEN 0 ELSE (pp.revenue - pp.cost)::numeric / pp.revenue END AS ratio
        FROM per_product pp JOIN ${p} ON ${p.tenantId} = ${tenantId} AND ${p.id} = pp.product_id
    ), picked AS (
      (SELECT 'top' AS kind, * FROM named ORDER BY revenue DESC, product_name, product_id
        LIMIT ${limit})
      UNION ALL
      (SELECT 'best', * FROM named ORDER BY ratio DESC, revenue DESC, product_name, product_id LIMIT 1)
      UNION ALL
      (SELECT 'worst', * FROM named ORDER BY ratio ASC, revenue DESC, product_name, product_id LIMIT 1)
    )
    SELECT picked.kind, picked.product_id, picked.product_name,
           picked.revenue::float8 AS revenue, picked.cost::float8 AS cost,
           totals.product_count, totals.all_revenue, totals.all_cost
      FROM picked,
           (SELECT count(*)::int AS product_count, coalesce(sum(revenue), 0)::float8 AS all_revenue,
                   coalesce(sum(cost), 0)::float8 AS all_cost FROM per_product) AS totals
     ORDER BY picked.kind = 'top' DESC, picked.revenue DESC, picked.product_name, picked.product_id`,
  );
  const margin = (row: Row): ProductMargin => {
    const revenue = centavos(row.revenue);
    const cost = centavos(row.cost);
    const gross_profit = revenue - cost;
    return {
      product_id: row.product_id,
      product_name: row.product_name,
      revenue,
      cost,
      gross_profit,
      margin_percentage: percentOf(gross_profit, revenue),
    };
  };
  const named = (kind: Row['kind']) => {
    const row = rows.find((r) => r.kind === kind);
    return row ? { product_name: row.product_name, margin_percentage: margin(row).margin_percentage } : null;
  };
  const revenue = centavos(rows[0]?.all_revenue);
  return {
    average_margin: percentOf(revenue - centavos(rows[0]?.all_cost), revenue),
    best_performing_product: named('best'),
    worst_performing_product: named('worst'),
    product_margins: rows.filter((r) => r.kind === 'top').map(margin),
    product_count: centavos(rows[0]?.product_count),
  };
}
