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
import { products, saleProductDays } from '../db/schema';
import { centavos, rowsOf, type Days } from './period';
import { percentOf } from './percent';

type ProductMargin = MarginAnalysis['product_margins'][number];

interface Row {
  kind: 'top' | 'best' | 'worst';
  product_id: string;
  product_name: string;
  sku: string;
  size: string;
  color: string;
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
  const d = saleProductDays;
  const p = products;
  // Per product over the lines' day totals (sale_product_days, kept by triggers: migration
  // 0005), read in product order from its key (0006: product first, figures included), so
  // the sums need no hashing. Sums are float8: exact for integers below 2^53 centavos
  // (90 trillion reais), and far cheaper than numeric. Products are named only among the
  // candidates (those at or above the limit-th largest revenue, and those with the best or
  // the worst (margin, revenue)), one key lookup each, since a year sells tens of thousands
  // of products; ties among them are then broken by name, as the list and picks are ordered.
  const rows = await rowsOf<Row>(
    db,
    sql`
    WITH per_product AS MATERIALIZED (
      SELECT ${d.productId} AS product_id, sum(${d.revenue}::float8) AS revenue, sum(${d.cost}::float8) AS cost,
             -- the margin as a fraction (no revenue: 0, as the percentage says); equal fractions
             -- of integers give equal float8 quotients (IEEE division is correctly rounded)
             CASE WHEN sum(${d.revenue}::float8) = 0 THEN 0
                  ELSE (sum(${d.revenue}::float8) - sum(${d.cost}::float8)) / sum(${d.revenue}::float8) END AS ratio
        FROM ${d}
       WHERE ${d.tenantId} = ${tenantId} AND ${d.date} BETWEEN ${days.start}::date AND ${days.end}::date
       GROUP BY ${d.productId}
      HAVING sum(${d.lines}) > 0
    ), cut AS (
      SELECT revenue FROM per_product ORDER BY revenue DESC OFFSET ${limit - 1} LIMIT 1
    ), best AS (
      SELECT ratio, revenue FROM per_product ORDER BY ratio DESC, revenue DESC LIMIT 1
    ), worst AS (
      SELECT ratio, revenue FROM per_product ORDER BY ratio ASC, revenue DESC LIMIT 1
    ), candidates AS MATERIALIZED (
      SELECT * FROM per_product
       WHERE NOT EXISTS (SELECT 1 FROM cut) OR revenue >= (SELECT revenue FROM cut)
          OR (ratio, revenue) = (SELECT ratio, revenue FROM best)
          OR (ratio, revenue) = (SELECT ratio, revenue FROM worst)
    ), named AS (
      SELECT c.*, n.product_name, n.sku, n.size, n.color
        FROM candidates c,
             -- a correlated lookup by key per candidate (a join would hash every product)
             LATERAL (SELECT ${p.name} AS product_name, ${p.sku} AS sku, ${p.size} AS size, ${p.color} AS color
                        FROM ${p} WHERE ${p.tenantId} = ${tenantId} AND ${p.id} = c.product_id OFFSET 0) n
    ), picked AS (
      (SELECT 'top' AS kind, * FROM named ORDER BY revenue DESC, product_name, product_id
        LIMIT ${limit})
      UNION ALL
      (SELECT 'best', * FROM named ORDER BY ratio DESC, revenue DESC, product_name, product_id LIMIT 1)
      UNION ALL
      (SELECT 'worst', * FROM named ORDER BY ratio ASC, revenue DESC, product_name, product_id LIMIT 1)
    )
    SELECT picked.kind, picked.product_id, picked.product_name, picked.sku, picked.size, picked.color,
           picked.revenue, picked.cost, totals.product_count, totals.all_revenue, totals.all_cost
      FROM picked,
           (SELECT count(*)::int AS product_count, coalesce(sum(revenue), 0) AS all_revenue,
                   coalesce(sum(cost), 0) AS all_cost FROM per_product) AS totals
     ORDER BY picked.kind = 'top' DESC, picked.revenue DESC, picked.product_name, picked.product_id`,
  );
  const margin = (row: Row): ProductMargin => {
    const revenue = centavos(row.revenue);
    const cost = centavos(row.cost);
    const gross_profit = revenue - cost;
    return {
      product_id: row.product_id,
      product_name: row.product_name,
      sku: row.sku,
      size: row.size,
      color: row.color,
      revenue,
      cost,
      gross_profit,
      margin_percentage: percentOf(gross_profit, revenue),
    };
  };
  const named = (kind: Row['kind']) => {
    const row = rows.find((r) => r.kind === kind);
    if (!row) return null;
    const { product_name, sku, size, color, margin_percentage } = margin(row);
    return { product_name, sku, size, color, margin_percentage };
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
