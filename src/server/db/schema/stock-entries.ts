// Goods in from suppliers' NF-e (migration 0015). Kept apart from schema.ts; the foreign
// keys (to tenants, products and the entry) are in the migration's SQL, not repeated here,
// so this file imports nothing of schema.ts (which re-exports it).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, bigNumber, rowId, tenantKey } from './base';

/** One supplier's NF-e entered into stock: its access key enters once per store. */
export const stockEntries = pgTable(
  'stock_entries',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: rowId(),
    accessKey: text('access_key').notNull(),
    number: integer('number').notNull(),
    series: integer('series').notNull(),
    issuedAt: at('issued_at').notNull(),
    /** The supplier's CNPJ (or CPF), bare. */
    supplierDocument: text('supplier_document').notNull(),
    supplierName: text('supplier_name').notNull(),
    /** vNF, centavos */
    total: bigNumber('total').notNull(),
    lineCount: integer('line_count').notNull(),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey('stock_entries', t),
    uniqueIndex('stock_entries_tenant_key_key').on(t.tenantId, t.accessKey),
    index('stock_entries_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/** A line of an entry: the product it entered and the units (quantity x units per package). */
export const stockEntryLines = pgTable(
  'stock_entry_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    entryId: uuid('entry_id').notNull(),
    itemNumber: integer('item_number').notNull(),
    productId: uuid('product_id').notNull(),
    supplierCode: text('supplier_code').notNull(),
    ean: text('ean'),
    description: text('description').notNull(),
    ncm: text('ncm').notNull(),
    /** uCom: the unit the supplier sold in. */
    unit: text('unit').notNull(),
    /** qCom, exact (decimal text). */
    quantity: numeric('quantity', { precision: 15, scale: 4 }).notNull(),
    unitsPerPackage: integer('units_per_package').notNull(),
    /** Units into stock. */
    units: integer('units').notNull(),
    /** Cost of one unit into stock, centavos (cost_total over its units, rounded). */
    unitCost: bigNumber('unit_cost').notNull(),
    /** vProd, centavos */
    total: bigNumber('total').notNull(),
    /** Acquisition cost, centavos: vProd + IPI + ICMS-ST + FCP-ST + freight + insurance + other - discount. */
    costTotal: bigNumber('cost_total').notNull(),
    productCreated: boolean('product_created').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'stock_entry_lines_pkey', columns: [t.tenantId, t.entryId, t.itemNumber] }),
    index('stock_entry_lines_product_idx').on(t.tenantId, t.productId),
    check('stock_entry_lines_units_check', sql`${t.units} > 0 AND ${t.unitsPerPackage} > 0`),
  ],
);

/** What a supplier's own code was entered as last time, and how many units its package holds. */
export const supplierProductLinks = pgTable(
  'supplier_product_links',
  {
    tenantId: uuid('tenant_id').notNull(),
    supplierDocument: text('supplier_document').notNull(),
    supplierCode: text('supplier_code').notNull(),
    productId: uuid('product_id').notNull(),
    unitsPerPackage: integer('units_per_package').notNull().default(1),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'supplier_product_links_pkey', columns: [t.tenantId, t.supplierDocument, t.supplierCode] }),
  ],
);

export type StockEntryRow = typeof stockEntries.$inferSelect;
