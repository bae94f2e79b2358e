// What the store sells and to whom: products (with their price history), customers and
// expense categories.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, deletedAt, tenantId, searchIndex } from './base';

export const products = pgTable(
  'products',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    /** GTIN as typed (bare digits); null: none. Unique per store as gtin14 (migration 0014). */
    barcode: text('barcode'),
    currentStock: integer('current_stock').notNull().default(0),
    minimumStock: integer('minimum_stock').notNull().default(0),
    /** centavos */
    costPrice: bigint('cost_price', { mode: 'number' }).notNull().default(0),
    /** centavos */
    salePrice: bigint('sale_price', { mode: 'number' }).notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Set by the stamp_change trigger on every write (migration 0008, catalogue/sync.ts). */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /** The writing transaction's id (pg_current_xact_id), set by the same trigger: what the sync cursor follows. */
    txid: bigint('txid', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    primaryKey({ name: 'products_pkey', columns: [t.tenantId, t.id] }),
    // SKU unique per tenant among live rows, case-insensitively.
    uniqueIndex('products_tenant_sku_key')
      .on(t.tenantId, sql`lower(${t.sku})`)
      .where(sql`deleted_at IS NULL`),
    index('products_tenant_version_idx').on(t.tenantId, t.version),
    index('products_tenant_txid_idx').on(t.tenantId, t.txid),
    index('products_tenant_name_idx').on(t.tenantId, t.name),
    searchIndex('products_search_idx', t.tenantId, t.name, t.sku),
    uniqueIndex('products_tenant_barcode_key')
      .on(t.tenantId, sql`lpad(${t.barcode}, 14, '0')`)
      .where(sql`deleted_at IS NULL AND barcode IS NOT NULL`),
    index('products_barcode_search_idx')
      .using('gin', t.tenantId, sql`${t.barcode} gin_trgm_ops`)
      .where(sql`barcode IS NOT NULL`),
    check('products_barcode_digits', sql`${t.barcode} ~ '^[0-9]{8,14}$'`),
  ],
);

export const customers = pgTable(
  'customers',
  {
    tenantId: tenantId(),
    /** May be chosen by the client (customers created offline). */
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** CPF or CNPJ, bare (digits, or uppercase letters for alphanumeric CNPJ). */
    document: text('document'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    /** centavos of open crediário the customer may owe; null: the store's default (migration 0018). */
    creditLimit: bigint('credit_limit', { mode: 'number' }),
    active: boolean('active').notNull().default(true),
    /** Set by the stamp_change trigger on every write (migration 0008, catalogue/sync.ts). */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /** The writing transaction's id (pg_current_xact_id), set by the same trigger: what the sync cursor follows. */
    txid: bigint('txid', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    primaryKey({ name: 'customers_pkey', columns: [t.tenantId, t.id] }),
    index('customers_tenant_version_idx').on(t.tenantId, t.version),
    index('customers_tenant_txid_idx').on(t.tenantId, t.txid),
    index('customers_tenant_name_idx').on(t.tenantId, t.name),
    searchIndex('customers_search_idx', t.tenantId, t.name),
  ],
);

export const expenseCategories = pgTable(
  'expense_categories',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'expense_categories_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('expense_categories_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/**
 * Each product's sale prices with the time each took effect: a row per product created
 * and per change of its sale_price. Written by triggers on products (migration 0004) in
 * the transaction of the write itself, whoever writes (the API, the seed, a bulk load).
 * An offline sale's unit price is checked against it (sales/sale-price.ts).
 */
export const productPrices = pgTable(
  'product_prices',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    productId: uuid('product_id').notNull(),
    /** centavos */
    salePrice: bigint('sale_price', { mode: 'number' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'product_prices_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'product_prices_product_fk',
      columns: [t.tenantId, t.productId],
      foreignColumns: [products.tenantId, products.id],
    }).onDelete('cascade'),
    index('product_prices_product_idx').on(t.tenantId, t.productId, t.changedAt),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type ExpenseCategoryRow = typeof expenseCategories.$inferSelect;
