// Margin analysis by product over the completed sales of a range (DESIGN.md, finance
// rules): per product its revenue (the lines' totals), cost (quantities x snapshotted unit
// costs), gross profit and margin; the list by revenue, largest first; the best and worst
// by margin (null without sales); average_margin = total gross profit / total revenue.
import { sql } from 'drizzle-orm';
import type { MarginAnalysis } from '../../shared/contract/reports';
import type { DbOrTx } from '../db/client';
import { products, saleItems, sales } from '../db/schema';
import { centavos, rowsOf, withinDays, type Days } from './period';
import { percentOf } from './percent';

type ProductMargin = MarginAnalysis['product_margins'][number];

export async function marginAnalysis(db: DbOrTx, tenantId: string, days: Days): Promise<MarginAnalysis> {
  const s = sales;
  const i = saleItems;
  const p = products;
  const rows = await rowsOf<{ product_id: string; product_name: string; revenue: unknown; cost: unknown }>(
    db,
    sql`
    WITH lines AS (
      SELECT ${i.productId} AS product_id,
             sum(${i.totalPrice}) AS revenue,
             sum(${i.quantity}::bigint * ${i.unitCost}) AS cost
        FROM ${s} JOIN ${i} ON ${i.tenantId} = ${s.tenantId} AND ${i.saleId} = ${s.id}
       WHERE ${s.tenantId} = ${tenantId} AND ${s.saleStatus} = 'completed' AND ${withinDays(s.soldAt, days)}
       GROUP BY ${i.productId}
    )
    SELECT lines.product_id, ${p.name} AS product_name, lines.revenue::float8 AS revenue, lines.cost::float8 AS cost
      FROM lines JOIN ${p} ON ${p.tenantId} = ${tenantId} AND ${p.id} = lines.product_id
     ORDER BY lines.revenue DESC, ${p.name}, lines.product_id`,
  );
  const margins: ProductMargin[] = rows.map((row) => {
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
  });
  return buildMarginAnalysis(margins);
}

/** Best and worst by margin (ties: the larger revenue first, the list's order) and the average. */
export function buildMarginAnalysis(margins: ProductMargin[]): MarginAnalysis {
  let best: ProductMargin | null = null;
  let worst: ProductMargin | null = null;
  let revenue = 0;
  let profit = 0;
  for (const m of margins) {
    if (!best || m.margin_percentage > best.margin_percentage) best = m;
    if (!worst || m.margin_percentage < worst.margin_percentage) worst = m;
    revenue += m.revenue;
    profit += m.gross_profit;
  }
  const named = (m: ProductMargin | null) =>
    m && { product_name: m.product_name, margin_percentage: m.margin_percentage };
  return {
    average_margin: percentOf(profit, revenue),
    best_performing_product: named(best),
    worst_performing_product: named(worst),
    product_margins: margins,
  };
}
