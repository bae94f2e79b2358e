// DRE (income statement) for a range of São Paulo days, by accrual (DESIGN.md, finance
// rules): sales_revenue = totals of the completed sales sold in the range; product_costs =
// their quantities x the unit costs snapshotted on the sale; other_revenue = manual
// income entries dated in the range plus receivables not born of a sale due in it (not
// cancelled). Bills due in the range (not cancelled) and manual expense entries dated in
// it count by category (DRE_LINE_OF_CATEGORY). A paid bill's cash entry is not manual, so
// a bill counts once, on its due date; a sale's entries (and a paid installment's) are not
// manual either, so a sale counts once, on its day.
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PAYABLE_CATEGORIES } from '../../shared/constants';
import type { Dre } from '../../shared/contract/reports';
import type { DbOrTx } from '../db/client';
import { accountsPayable, accountsReceivable, cashFlowEntries, saleItems, sales } from '../db/schema';
import { manualEntry } from '../finance/cash-flow';
import { centavos, rowsOf, withinDays, type Days } from './period';
import { percentOf } from './percent';

type PayableCategory = (typeof PAYABLE_CATEGORIES)[number];
type OperatingLine = Exclude<keyof Dre['operating_expenses'], 'total_operating_expenses'>;
/** Where a bill or a manual expense lands: the COGS line other_costs, or an operating line. */
export type ExpenseLine = 'other_costs' | OperatingLine;

export const DRE_LINE_OF_CATEGORY: Record<PayableCategory, ExpenseLine> = {
  'Matéria-prima': 'other_costs',
  Administrativo: 'administrative',
  Marketing: 'marketing',
  Logística: 'logistics',
  Tecnologia: 'technology',
  Utilidades: 'utilities',
  Impostos: 'taxes',
  Serviços: 'other_expenses',
};

/** Serviços and any category not mapped (a manual entry's Vendas) are other expenses. */
export function dreLineOf(category: string): ExpenseLine {
  return DRE_LINE_OF_CATEGORY[category as PayableCategory] ?? 'other_expenses';
}

/** The raw figures of a range, in centavos; `expenses` by category. */
export interface DreParts {
  sales_revenue: number;
  product_costs: number;
  other_revenue: number;
  expenses: { category: string; amount: number }[];
}

export async function dreParts(db: DbOrTx, tenantId: string, days: Days): Promise<DreParts> {
  const s = sales;
  const i = saleItems;
  const e = cashFlowEntries;
  const r = accountsReceivable;
  const p = accountsPayable;
  const dated = (column: AnyPgColumn) => sql`${column} BETWEEN ${days.start}::date AND ${days.end}::date`;
  const rows = await rowsOf<{ line: string; category: string | null; amount: unknown }>(
    db,
    sql`
    WITH sold AS (
      SELECT ${s.id} AS id, ${s.total} AS total FROM ${s}
       WHERE ${s.tenantId} = ${tenantId} AND ${s.saleStatus} = 'completed' AND ${withinDays(s.soldAt, days)}
    )
    SELECT 'sales_revenue' AS line, NULL AS category, (SELECT coalesce(sum(total), 0) FROM sold)::float8 AS amount
    UNION ALL
    SELECT 'product_costs', NULL,
           (SELECT coalesce(sum(${i.quantity}::bigint * ${i.unitCost}), 0)
              FROM ${i} JOIN sold ON sold.id = ${i.saleId}
             WHERE ${i.tenantId} = ${tenantId})::float8
    UNION ALL
    SELECT 'other_revenue', NULL,
           ((SELECT coalesce(sum(${e.amount}), 0) FROM ${e}
              WHERE ${e.tenantId} = ${tenantId} AND ${e.type} = 'income' AND ${manualEntry} AND ${dated(e.date)})
          + (SELECT coalesce(sum(${r.amount}), 0) FROM ${r}
              WHERE ${r.tenantId} = ${tenantId} AND ${r.saleId} IS NULL AND ${r.status} <> 'cancelled'
                AND ${dated(r.dueDate)}))::float8
    UNION ALL
    SELECT 'expense', category, sum(amount)::float8 FROM (
      SELECT ${p.category} AS category, ${p.amount} AS amount FROM ${p}
       WHERE ${p.tenantId} = ${tenantId} AND ${p.status} <> 'cancelled' AND ${dated(p.dueDate)}
      UNION ALL
      SELECT ${e.category}, ${e.amount} FROM ${e}
       WHERE ${e.tenantId} = ${tenantId} AND ${e.type} = 'expense' AND ${manualEntry} AND ${dated(e.date)}
    ) AS costs GROUP BY category`,
  );
  const one = (line: string) => centavos(rows.find((row) => row.line === line)?.amount);
  return {
    sales_revenue: one('sales_revenue'),
    product_costs: one('product_costs'),
    other_revenue: one('other_revenue'),
    expenses: rows
      .filter((row) => row.line === 'expense')
      .map((row) => ({ category: row.category!, amount: centavos(row.amount) })),
  };
}

/** The statement from its parts: subtotals, results and percentages of total revenue. */
export function buildDre(parts: DreParts): Dre {
  const lines: Record<ExpenseLine, number> = {
    other_costs: 0,
    administrative: 0,
    marketing: 0,
    logistics: 0,
    technology: 0,
    utilities: 0,
    taxes: 0,
    other_expenses: 0,
  };
  for (const { category, amount } of parts.expenses) lines[dreLineOf(category)] += amount;
  const { other_costs, ...operating } = lines;
  const total_revenue = parts.sales_revenue + parts.other_revenue;
  const direct_labor = 0;
  const total_cogs = parts.product_costs + direct_labor + other_costs;
  const gross_profit = total_revenue - total_cogs;
  const total_operating_expenses = Object.values(operating).reduce((sum, v) => sum + v, 0);
  const operating_income = gross_profit - total_operating_expenses;
  const net_income = operating_income;
  return {
    revenue: { sales_revenue: parts.sales_revenue, other_revenue: parts.other_revenue, total_revenue },
    cost_of_goods_sold: { product_costs: parts.product_costs, direct_labor, other_costs, total_cogs },
    gross_profit,
    gross_margin_percentage: percentOf(gross_profit, total_revenue),
    operating_expenses: { ...operating, total_operating_expenses },
    operating_income,
    operating_margin_percentage: percentOf(operating_income, total_revenue),
    net_income,
    net_margin_percentage: percentOf(net_income, total_revenue),
  };
}

export async function dre(db: DbOrTx, tenantId: string, days: Days): Promise<Dre> {
  return buildDre(await dreParts(db, tenantId, days));
}
