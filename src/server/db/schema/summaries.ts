// Totals per São Paulo day kept by triggers (db/functions.sql), so a year of history
// reads a few hundred rows.
import { integer, pgTable, primaryKey, uuid, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { tenantId, day, slot, bigNumber } from './base';

/** A store's figures per São Paulo day striped in slots (base.ts: slot): key (tenant, day, slot). */
function slottedDayTotals<F extends Record<string, PgColumnBuilderBase>>(name: string, figures: F) {
  return pgTable(name, { tenantId: tenantId(), date: day('date').notNull(), slot: slot(), ...figures }, (t) => [
    primaryKey({ name: `${name}_pkey`, columns: [t.tenantId, t.date, t.slot] }),
  ]);
}

/**
 * The cash book's totals per São Paulo day, kept by triggers on cash_flow_entries in the
 * writing statement's own transaction (migration 0003): a summary or a chart over a
 * year of history reads a few hundred rows, not every entry since the store opened.
 * Striped in slots (above): sum them.
 */
export const cashFlowDays = slottedDayTotals('cash_flow_days', {
  /** centavos */
  income: bigNumber('income').notNull().default(0),
  /** centavos */
  expenses: bigNumber('expenses').notNull().default(0),
});

/**
 * The completed sales' totals per São Paulo day of sold_at, kept by triggers on sales and
 * sale_items in the writing statement's own transaction (migration 0005): the dashboard's
 * cards and sales chart and the DRE read a day's few rows, not every sale and line of the
 * range. Striped in slots (above): sum them.
 */
export const salesDays = slottedDayTotals('sales_days', {
  /** completed sales sold that day */
  sales: integer('sales').notNull().default(0),
  /** centavos: their totals */
  revenue: bigNumber('revenue').notNull().default(0),
  /** centavos: their lines' quantity × unit_cost */
  cost: bigNumber('cost').notNull().default(0),
});

/**
 * The completed sales' lines per São Paulo day and product (migration 0005, kept as
 * sales_days is): the margin analysis sums these instead of joining sales to their lines.
 * A row whose lines were all cancelled stays with lines = 0 (not a product sold).
 */
export const saleProductDays = pgTable(
  'sale_product_days',
  {
    tenantId: tenantId(),
    date: day('date').notNull(),
    productId: uuid('product_id').notNull(),
    /** completed lines of the product sold that day */
    lines: integer('lines').notNull().default(0),
    /** centavos: their total_price */
    revenue: bigNumber('revenue').notNull().default(0),
    /** centavos: their quantity × unit_cost */
    cost: bigNumber('cost').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'sale_product_days_pkey', columns: [t.tenantId, t.productId, t.date] })],
);
