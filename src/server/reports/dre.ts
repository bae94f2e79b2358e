// DRE (income statement) for a range of São Paulo days, by accrual (DESIGN.md, finance
// rules): sales_revenue = totals of the completed sales sold in the range; product_costs =
// their quantities x the unit costs snapshotted on the sale; other_revenue = manual
// income entries dated in the range plus receivables not born of a sale due in it (not
// cancelled), plus the late charges received in it (multa and juros of instalments paid
// late, 'Juros e multas': revenue of their own on the day paid, the instalment itself
// counting as its sale's or its receivable's). Bills due in the range (not cancelled) and
// manual expense entries dated in it count by category (DRE_LINE_OF_CATEGORY). A paid
// bill's cash entry is not manual, so a bill counts once, on its due date; a sale's
// entries (and a paid installment's) are not manual either, so a sale counts once, on its
// day. Goods bought for resale (their own category) count nowhere here: they are
// inventory, and reach product_costs when sold.
// Returns deduct from sales_revenue (and their cost from product_costs) on the return's
// day: the day totals are kept net (sales/returns/sale-return-effects.ts), and the deduction is
// shown beside them ('Devoluções e abatimentos', gross = net + returns).
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PAYABLE_CATEGORIES } from '../../shared/constants';
import { LATE_CHARGES_CATEGORY } from '../../shared/contract/receipts';
import type { Dre } from '../../shared/contract/reports';
import type { DbOrTx } from '../db/client';
import { accountsPayable, accountsReceivable, cashFlowEntries, isCrediario, saleReturns, salesDays } from '../db/schema';
import { manualEntry } from '../ledgers/cash-book';
import { centavos, rowsOf, type Days } from './period';
import { percentOf } from './percent';

type PayableCategory = (typeof PAYABLE_CATEGORIES)[number];
type OperatingLine = Exclude<keyof Dre['operating_expenses'], 'total_operating_expenses'>;
/** Where a bill or a manual expense lands: the COGS line other_costs, or an operating line. */
export type ExpenseLine = 'other_costs' | OperatingLine;

/** Where each category lands; null: not in the DRE (goods for resale are inventory). */
export const DRE_LINE_OF_CATEGORY: Record<PayableCategory, ExpenseLine | null> = {
  'Matéria-prima': 'other_costs',
  Administrativo: 'administrative',
  Marketing: 'marketing',
  Logística: 'logistics',
  Tecnologia: 'technology',
  Utilidades: 'utilities',
  Impostos: 'taxes',
  Serviços: 'other_expenses',
  'Mercadorias para revenda': null,
};

/** Serviços and any category not mapped (a manual entry's Vendas) are other expenses. */
export function dreLineOf(category: string): ExpenseLine | null {
  const line = DRE_LINE_OF_CATEGORY[category as PayableCategory];
  return line === undefined ? 'other_expenses' : line;
}

/** Bills and manual expenses summed by the DRE line they land on (centavos). */
export function expenseLinesOf(expenses: readonly { category: string; amount: number }[]): Record<ExpenseLine, number> {
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
  for (const { category, amount } of expenses) {
    const line = dreLineOf(category);
    if (line) lines[line] += amount;
  }
  return lines;
}

/** The raw figures of a range, in centavos; `expenses` by category. */
export interface DreParts {
  /** net of returns */
  sales_revenue: number;
  /** the value of the goods returned in the range */
  returns?: number;
  product_costs: number;
  other_revenue: number;
  expenses: { category: string; amount: number }[];
}

/**
 * Revenue and product costs of the completed sales of each range, in one statement over
 * the sales' day totals (sales_days, kept by triggers: migration 0005); profitability
 * reads a range and the one before it.
 */
async function salesParts(db: DbOrTx, tenantId: string, ranges: readonly Days[]) {
  const d = salesDays;
  const span: Days = {
    start: ranges.reduce((min, r) => (r.start < min ? r.start : min), ranges[0]!.start),
    end: ranges.reduce((max, r) => (r.end > max ? r.end : max), ranges[0]!.end),
  };
  const dated = (r: Days) => sql`${d.date} BETWEEN ${r.start}::date AND ${r.end}::date`;
  const per = (amount: AnyPgColumn, name: string) =>
    ranges.map(
      (r, k) => sql`coalesce(sum(${amount}) FILTER (WHERE ${dated(r)}), 0)::float8 AS ${sql.raw(`"${name}${k}"`)}`,
    );
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT ${sql.join([...per(d.revenue, 'revenue'), ...per(d.cost, 'cost')], sql`, `)}
          FROM ${d} WHERE ${d.tenantId} = ${tenantId} AND ${dated(span)}`,
  );
  const r = saleReturns;
  const returned = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT ${sql.join(
      ranges.map(
        (range, k) =>
          sql`coalesce(sum(${r.amount}) FILTER (WHERE sp_day(${r.returnedAt}) BETWEEN ${range.start}::date AND ${range.end}::date), 0)::float8 AS ${sql.raw(`"returns${k}"`)}`,
      ),
      sql`, `,
    )}
          FROM ${r} WHERE ${r.tenantId} = ${tenantId}
           AND ${r.returnedAt} >= ${span.start}::date - interval '1 day' AND ${r.returnedAt} < ${span.end}::date + interval '2 days'`,
  );
  return ranges.map((_, k) => ({
    sales_revenue: centavos(row?.[`revenue${k}`]),
    returns: centavos(returned[0]?.[`returns${k}`]),
    product_costs: centavos(row?.[`cost${k}`]),
  }));
}

/** Other revenue and the expenses by category of a range (small tables, by their date indexes). */
async function otherParts(db: DbOrTx, tenantId: string, days: Days) {
  const e = cashFlowEntries;
  const r = accountsReceivable;
  const p = accountsPayable;
  const dated = (column: AnyPgColumn) => sql`${column} BETWEEN ${days.start}::date AND ${days.end}::date`;
  const rows = await rowsOf<{ line: string; category: string | null; amount: unknown }>(
    db,
    sql`
    SELECT 'other_revenue' AS line, NULL AS category,
           ((SELECT coalesce(sum(${e.amount}), 0) FROM ${e}
              WHERE ${e.tenantId} = ${tenantId} AND ${e.type} = 'income' AND ${dated(e.date)}
                AND (${manualEntry} OR ${e.category} = ${LATE_CHARGES_CATEGORY}))
          + (SELECT coalesce(sum(${r.amount}), 0) FROM ${r}
              WHERE ${r.tenantId} = ${tenantId} AND NOT ${isCrediario(r)} AND ${r.status} <> 'cancelled'
                AND ${dated(r.dueDate)}))::float8 AS amount
    UNION ALL
    SELECT 'expense', category, sum(amount)::float8 FROM (
      SELECT ${p.category} AS category, ${p.amount} AS amount FROM ${p}
       WHERE ${p.tenantId} = ${tenantId} AND ${p.status} <> 'cancelled' AND ${dated(p.dueDate)}
      UNION ALL
      SELECT ${e.category}, ${e.amount} FROM ${e}
       WHERE ${e.tenantId} = ${tenantId} AND ${e.type} = 'expense' AND ${manualEntry} AND ${dated(e.date)}
    ) AS costs GROUP BY category`,
  );
  return {
    other_revenue: centavos(rows.find((row) => row.line === 'other_revenue')?.amount),
    expenses: rows
      .filter((row) => row.line === 'expense')
      .map((row) => ({ category: row.category!, amount: centavos(row.amount) })),
  };
}

export async function dreParts(db: DbOrTx, tenantId: string, ranges: readonly Days[]): Promise<DreParts[]> {
  const [salesOf, others] = await Promise.all([
    salesParts(db, tenantId, ranges),
    Promise.all(ranges.map((days) => otherParts(db, tenantId, days))),
  ]);
  return ranges.map((_, k) => ({ ...salesOf[k]!, ...others[k]! }));
}

/** The statement from its parts: subtotals, results and percentages of total revenue. */
export function buildDre(parts: DreParts): Dre {
  const { other_costs, ...operating } = expenseLinesOf(parts.expenses);
  const total_revenue = parts.sales_revenue + parts.other_revenue;
  const direct_labor = 0;
  const total_cogs = parts.product_costs + direct_labor + other_costs;
  const gross_profit = total_revenue - total_cogs;
  const total_operating_expenses = Object.values(operating).reduce((sum, v) => sum + v, 0);
  const operating_income = gross_profit - total_operating_expenses;
  const net_income = operating_income;
  return {
    revenue: {
      sales_revenue: parts.sales_revenue,
      other_revenue: parts.other_revenue,
      total_revenue,
      gross_sales_revenue: parts.sales_revenue + (parts.returns ?? 0),
      returns: parts.returns ?? 0,
    },
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

/** The DRE of each range (several ranges share one pass over the sales' lines). */
export async function dres(db: DbOrTx, tenantId: string, ranges: readonly Days[]): Promise<Dre[]> {
  return (await dreParts(db, tenantId, ranges)).map(buildDre);
}

export async function dre(db: DbOrTx, tenantId: string, days: Days): Promise<Dre> {
  const [statement] = await dres(db, tenantId, [days]);
  return statement!;
}
