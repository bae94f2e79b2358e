// What the store sells and to whom: products (with their price history), customers and
// expense categories.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  deletedAt,
  searchIndex,
  at,
  bigNumber,
  tenantKey,
  sameStoreRef,
  storeRow,
  timestamps,
  syncStamps,
} from './base';

export const products = pgTable(
  'products',
  {
    ...storeRow(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    /** GTIN as typed (bare digits); null: none. Unique per store as gtin14 (migration 0014). */
    barcode: text('barcode'),
    currentStock: integer('current_stock').notNull().default(0),
    minimumStock: integer('minimum_stock').notNull().default(0),
    /** centavos */
    costPrice: bigNumber('cost_price').notNull().default(0),
    /**
     * centavos: what the stock on hand cost beyond positive stock x cost_price (one cost
     * per unit cannot carry every centavo of an NF-e's lines). Inventory = stock x cost +
     * this while stock > 0; 0 once the cost price is set by hand.
     */
    costRemainder: bigNumber('cost_remainder').notNull().default(0),
    /** centavos */
    salePrice: bigNumber('sale_price').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Fiscal data of its NFC-e item (migration 0030); null takes the store's default, NCM has none. */
    ncm: text('ncm'),
    cest: text('cest'),
    cfop: text('cfop'),
    csosn: text('csosn'),
    origin: smallint('origin'),
    unit: text('unit').notNull().default('UN'),
    ...syncStamps(),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    tenantKey('products', t),
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
    check(
      'products_fiscal_check',
      sql`(${t.ncm} IS NULL OR ${t.ncm} ~ '^[0-9]{8}$') AND (${t.cest} IS NULL OR ${t.cest} ~ '^[0-9]{7}$')
          AND (${t.cfop} IS NULL OR ${t.cfop} ~ '^5[0-9]{3}$') AND (${t.csosn} IS NULL OR ${t.csosn} IN ('102', '103', '300', '400', '500', '900'))
          AND (${t.origin} IS NULL OR ${t.origin} BETWEEN 0 AND 8)`,
    ),
    index('products_without_ncm_idx')
      .on(t.tenantId)
      .where(sql`${t.ncm} IS NULL AND ${t.deletedAt} IS NULL`),
  ],
);

export const customers = pgTable(
  'customers',
  {
    /** May be chosen by the client (customers created offline). */
    ...storeRow(),
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
    creditLimit: bigNumber('credit_limit'),
    active: boolean('active').notNull().default(true),
    /** centavos: the vale-troca balance (store credit), never below zero; its ledger: store_credit_ledger. */
    storeCredit: bigNumber('store_credit').notNull().default(0),
    /** The store's built-in 'Consumidor final' (one per store; migration 0024): told by this, never by the name. */
    finalConsumer: boolean('final_consumer').notNull().default(false),
    ...syncStamps(),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    tenantKey('customers', t),
    check('customers_store_credit_check', sql`${t.storeCredit} >= 0`),
    uniqueIndex('customers_final_consumer_key')
      .on(t.tenantId)
      .where(sql`final_consumer`),
    index('customers_tenant_version_idx').on(t.tenantId, t.version),
    index('customers_tenant_txid_idx').on(t.tenantId, t.txid),
    index('customers_tenant_name_idx').on(t.tenantId, t.name),
    searchIndex('customers_search_idx', t.tenantId, t.name),
  ],
);

export const expenseCategories = pgTable(
  'expense_categories',
  {
    ...storeRow(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantKey('expense_categories', t),
    uniqueIndex('expense_categories_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/**
 * Each product's sale prices with the time each took effect: a row per product created
 * and per change of its sale_price. Written by triggers on products (migration 0004) in
 * the transaction of the write itself, whoever writes (the API, the seed, a bulk load).
 * An offline sale's unit price is checked against it (sales/create/sale-price.ts).
 */
export const productPrices = pgTable(
  'product_prices',
  {
    ...storeRow(),
    productId: uuid('product_id').notNull(),
    /** centavos */
    salePrice: bigNumber('sale_price').notNull(),
    changedAt: at('changed_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey('product_prices', t),
    sameStoreRef('product_prices_product_fk', t, t.productId, products).onDelete('cascade'),
    index('product_prices_product_idx').on(t.tenantId, t.productId, t.changedAt),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type ExpenseCategoryRow = typeof expenseCategories.$inferSelect;
