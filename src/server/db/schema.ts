// Drizzle schema shared by both drivers (PGlite and node-postgres).
// Every tenant-owned table keys on (tenant_id, id): tenant_id leads every key and index,
// so rows can later be sharded by tenant and no foreign key can cross tenants.
// Money columns are integer centavos (bigint, read as JS numbers: safe up to 2^53).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYABLE_PAYMENT_METHODS } from '../../shared/contract/accounts';
import type { PartPaymentMethod } from '../../shared/contract/payments';
import { PAYMENT_METHODS } from '../../shared/contract/sales';
import { SALE_CONFLICT_KINDS } from '../../shared/contract/sale-conflicts';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const deletedAt = () => timestamp('deleted_at', { withTimezone: true, mode: 'date' });
const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/**
 * What text searches use (server/core/like.ts): GIN over the trigrams of each column folded
 * by balcao_fold (case and accents aside; migration 0010), tenant_id first (btree_gin).
 */
const searchIndex = (name: string, tenant: AnyPgColumn, ...columns: AnyPgColumn[]) =>
  index(name).using('gin', tenant, ...columns.map((column) => sql`balcao_fold(${column}) gin_trgm_ops`));

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  subdomain: text('subdomain').notNull().unique('tenants_subdomain_key'),
  name: text('name').notNull(),
  cnpj: text('cnpj'),
  phone: text('phone'),
  email: text('email'),
  address: text('address'),
  theme: text('theme').notNull().default('claro'),
  currency: text('currency').notNull().default('BRL'),
  /** The store's settings as saved (contract/settings.ts reads it, defaults filling what is missing). */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** Always lowercase (the contract lowercases e-mails). */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'user'] }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    primaryKey({ name: 'users_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('users_tenant_email_key')
      .on(t.tenantId, t.email)
      .where(sql`deleted_at IS NULL`),
    check('users_role_check', sql`${t.role} IN ('admin', 'user')`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    /** All tokens descending from one login share a family; reuse of a spent one revokes it. */
    familyId: uuid('family_id').notNull(),
    /** sha256 (hex) of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'refresh_tokens_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'refresh_tokens_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    // The one key not led by tenant_id: a refresh call carries only the token, so the
    // lookup is by its hash (globally unique: 32 random bytes).
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.tenantId, t.familyId),
    index('refresh_tokens_user_idx').on(t.tenantId, t.userId),
  ],
);

/** Login attempts, counted in the database so the limit holds across processes. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    /** pending (counted as a failure until settled), success, failure. */
    result: text('result', { enum: ['pending', 'success', 'failure'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'login_attempts_pkey', columns: [t.tenantId, t.id] }),
    index('login_attempts_email_idx').on(t.tenantId, t.email, t.createdAt),
    // Per-IP limit spans tenants, so this index is led by ip.
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const products = pgTable(
  'products',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
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
 * Idempotency-Key records (DESIGN.md), written in the same transaction as the effect
 * (core/idempotency.ts). status_code 0 marks a key whose effect is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantId(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.tenantId, t.key] }),
    index('idempotency_keys_created_idx').on(t.tenantId, t.createdAt),
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

/** Shortfall of an offline sale replayed beyond server stock (stored on the sale). */
export interface StockConflictRecord {
  product_id: string;
  product_name: string;
  requested: number;
  available: number;
}

/** A line of an offline sale at a price the product did not have (centavos). */
export interface PriceConflictRecord {
  product_id: string;
  product_name: string;
  unit_price: number;
  current_price: number;
}

/** The credit plan as sent (entrada in centavos; one due date per installment). */
export interface CrediarioRecord {
  entrada: number;
  /** How the entrada was paid (sales before migration 0012: not told, cash). */
  entrada_method?: PartPaymentMethod;
  parcelas: number;
  vencimentos: string[];
}

const PAYMENT_METHOD_CHECK = sql.raw(`(${PAYMENT_METHODS.map((m) => `'${m}'`).join(', ')})`);
/** A calendar day ('YYYY-MM-DD', São Paulo), read and written as a string. */
const day = (name: string) => date(name, { mode: 'string' });

export const sales = pgTable(
  'sales',
  {
    tenantId: tenantId(),
    /** May be chosen by the client: the outbox row's id, so a replay names the same sale. */
    id: uuid('id').notNull().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    /** The customer's name when the sale was made. */
    customerName: text('customer_name').notNull(),
    /** centavos: sum of the items' total_price */
    total: bigint('total', { mode: 'number' }).notNull(),
    /** centavos: the discount given on the whole sale, shared out over its lines' total_price */
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    paymentStatus: text('payment_status', { enum: ['pending', 'paid', 'cancelled'] }).notNull(),
    saleStatus: text('sale_status', { enum: ['completed', 'cancelled'] }).notNull(),
    crediario: jsonb('crediario').$type<CrediarioRecord>(),
    /** [] unless an offline sale outran the stock. */
    stockConflicts: jsonb('stock_conflicts').$type<StockConflictRecord[]>().notNull().default([]),
    /** [] unless an offline sale carried a price the product did not have. */
    priceConflicts: jsonb('price_conflicts').$type<PriceConflictRecord[]>().notNull().default([]),
    /** Replayed from a till's outbox (accepted beyond stock). */
    offline: boolean('offline').notNull().default(false),
    /** When the sale happened at the till (its clock, when believable; else received_at). */
    soldAt: timestamp('sold_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the server received it. */
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The device's sold_at when it was not kept (a clock conflict). */
    claimedSoldAt: timestamp('claimed_sold_at', { withTimezone: true, mode: 'date' }),
    /** The till that sold it, as it names itself. */
    deviceId: uuid('device_id'),
    deviceLabel: text('device_label'),
    notes: text('notes'),
    createdBy: uuid('created_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'sales_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'sales_customer_fk',
      columns: [t.tenantId, t.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }),
    foreignKey({
      name: 'sales_created_by_fk',
      columns: [t.tenantId, t.createdBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('sales_tenant_sold_at_idx').on(t.tenantId, t.soldAt),
    index('sales_tenant_customer_idx').on(t.tenantId, t.customerId),
    searchIndex('sales_search_idx', t.tenantId, t.customerName),
    index('sales_tenant_conflicts_idx')
      .on(t.tenantId, t.soldAt)
      .where(sql`stock_conflicts <> '[]'::jsonb`),
    check('sales_payment_method_check', sql`${t.paymentMethod} IN ${PAYMENT_METHOD_CHECK}`),
    check('sales_payment_status_check', sql`${t.paymentStatus} IN ('pending', 'paid', 'cancelled')`),
    check('sales_sale_status_check', sql`${t.saleStatus} IN ('completed', 'cancelled')`),
    check('sales_total_check', sql`${t.total} >= 0`),
    check('sales_discount_check', sql`${t.discount} >= 0`),
  ],
);

export const saleItems = pgTable(
  'sale_items',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    saleId: uuid('sale_id').notNull(),
    /** Order of the lines as sent, then as added. */
    position: integer('position').notNull(),
    productId: uuid('product_id').notNull(),
    /** The product's name when sold. */
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    /** centavos: the price at the till when the line was added */
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    /** centavos: the product's cost_price when sold (margins) */
    unitCost: bigint('unit_cost', { mode: 'number' }).notNull(),
    /** centavos: what was charged: quantity × unit_price - discount - its share of the sale's discount */
    totalPrice: bigint('total_price', { mode: 'number' }).notNull(),
    /** centavos: the discount given on this line */
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'sale_items_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'sale_items_sale_fk',
      columns: [t.tenantId, t.saleId],
      foreignColumns: [sales.tenantId, sales.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sale_items_product_fk',
      columns: [t.tenantId, t.productId],
      foreignColumns: [products.tenantId, products.id],
    }),
    index('sale_items_sale_idx').on(t.tenantId, t.saleId, t.position),
    index('sale_items_product_idx').on(t.tenantId, t.productId),
    check('sale_items_quantity_check', sql`${t.quantity} > 0`),
    check('sale_items_discount_check', sql`${t.discount} >= 0`),
  ],
);

/**
 * What an admin must look at about a sale: a stock shortfall, a price the product did not
 * have, a device clock not believed. One row per kind per sale, written in the sale's
 * transaction; the details stay on the sale (stock_conflicts, price_conflicts,
 * claimed_sold_at). reviewed_at marks it seen.
 */
export const saleConflicts = pgTable(
  'sale_conflicts',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    saleId: uuid('sale_id').notNull(),
    kind: text('kind', { enum: SALE_CONFLICT_KINDS }).notNull(),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewedBy: uuid('reviewed_by'),
  },
  (t) => [
    primaryKey({ name: 'sale_conflicts_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'sale_conflicts_sale_fk',
      columns: [t.tenantId, t.saleId],
      foreignColumns: [sales.tenantId, sales.id],
    }).onDelete('cascade'),
    uniqueIndex('sale_conflicts_sale_kind_key').on(t.tenantId, t.saleId, t.kind),
    index('sale_conflicts_open_idx')
      .on(t.tenantId, t.createdAt)
      .where(sql`reviewed_at IS NULL`),
    check('sale_conflicts_kind_check', sql`${t.kind} IN ('stock', 'price', 'clock', 'discount')`),
  ],
);

/** Stored status is pending/paid/cancelled; overdue is derived when read. */
export const accountsReceivable = pgTable(
  'accounts_receivable',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    customerId: uuid('customer_id'),
    saleId: uuid('sale_id'),
    /** 1..n for a crediário installment */
    installmentNumber: integer('installment_number'),
    description: text('description').notNull(),
    /** centavos */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    dueDate: day('due_date').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] })
      .notNull()
      .default('pending'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    referenceNumber: text('reference_number'),
    notes: text('notes'),
    paymentDate: day('payment_date'),
    /** When it was cancelled (balance sheets as of a past date need it). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'accounts_receivable_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'accounts_receivable_customer_fk',
      columns: [t.tenantId, t.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }),
    foreignKey({
      name: 'accounts_receivable_sale_fk',
      columns: [t.tenantId, t.saleId],
      foreignColumns: [sales.tenantId, sales.id],
    }),
    index('accounts_receivable_due_idx').on(t.tenantId, t.status, t.dueDate),
    index('accounts_receivable_sale_idx').on(t.tenantId, t.saleId),
    index('accounts_receivable_customer_idx').on(t.tenantId, t.customerId),
    check('accounts_receivable_status_check', sql`${t.status} IN ('pending', 'paid', 'cancelled')`),
    check(
      'accounts_receivable_payment_method_check',
      sql`${t.paymentMethod} IS NULL OR ${t.paymentMethod} IN ${PAYMENT_METHOD_CHECK}`,
    ),
    check('accounts_receivable_amount_check', sql`${t.amount} > 0`),
    check('accounts_receivable_paid_check', sql`(${t.status} = 'paid') = (${t.paymentDate} IS NOT NULL)`),
    check('accounts_receivable_cancelled_check', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} IS NOT NULL)`),
  ],
);

const PAYABLE_METHOD_CHECK = sql.raw(`(${PAYABLE_PAYMENT_METHODS.map((m) => `'${m}'`).join(', ')})`);

/** A bill the store owes. Stored status is pending/paid/cancelled; overdue is derived when read. */
export const accountsPayable = pgTable(
  'accounts_payable',
  {
    tenantId: tenantId(),
    /** May be chosen by the client (a bill entered offline, then paid offline). */
    id: uuid('id').notNull().defaultRandom(),
    supplierName: text('supplier_name').notNull(),
    description: text('description').notNull(),
    /** centavos */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    dueDate: day('due_date').notNull(),
    paymentMethod: text('payment_method', { enum: PAYABLE_PAYMENT_METHODS }),
    /** One of PAYABLE_CATEGORIES (spec §5); its cash entry and DRE line follow it. */
    category: text('category').notNull(),
    referenceNumber: text('reference_number'),
    notes: text('notes'),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] })
      .notNull()
      .default('pending'),
    paymentDate: day('payment_date'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'accounts_payable_pkey', columns: [t.tenantId, t.id] }),
    index('accounts_payable_due_idx').on(t.tenantId, t.status, t.dueDate),
    searchIndex('accounts_payable_search_idx', t.tenantId, t.supplierName, t.description),
    check('accounts_payable_status_check', sql`${t.status} IN ('pending', 'paid', 'cancelled')`),
    check(
      'accounts_payable_payment_method_check',
      sql`${t.paymentMethod} IS NULL OR ${t.paymentMethod} IN ${PAYABLE_METHOD_CHECK}`,
    ),
    check('accounts_payable_amount_check', sql`${t.amount} > 0`),
    check('accounts_payable_paid_check', sql`(${t.status} = 'paid') = (${t.paymentDate} IS NOT NULL)`),
    check('accounts_payable_cancelled_check', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} IS NOT NULL)`),
  ],
);

export const cashFlowEntries = pgTable(
  'cash_flow_entries',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** São Paulo day the money moved */
    date: day('date').notNull(),
    type: text('type', { enum: ['income', 'expense'] }).notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    /** centavos, always positive; the type gives the sign */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    saleId: uuid('sale_id'),
    accountPayableId: uuid('account_payable_id'),
    accountReceivableId: uuid('account_receivable_id'),
    /** How the money moved: a sale's part, its entrada (migration 0012); null when not told. */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'cash_flow_entries_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'cash_flow_entries_sale_fk',
      columns: [t.tenantId, t.saleId],
      foreignColumns: [sales.tenantId, sales.id],
    }),
    foreignKey({
      name: 'cash_flow_entries_receivable_fk',
      columns: [t.tenantId, t.accountReceivableId],
      foreignColumns: [accountsReceivable.tenantId, accountsReceivable.id],
    }),
    foreignKey({
      name: 'cash_flow_entries_payable_fk',
      columns: [t.tenantId, t.accountPayableId],
      foreignColumns: [accountsPayable.tenantId, accountsPayable.id],
    }),
    index('cash_flow_entries_date_idx').on(t.tenantId, t.date),
    index('cash_flow_entries_sale_idx').on(t.tenantId, t.saleId),
    index('cash_flow_entries_receivable_idx').on(t.tenantId, t.accountReceivableId),
    index('cash_flow_entries_payable_idx').on(t.tenantId, t.accountPayableId),
    check('cash_flow_entries_type_check', sql`${t.type} IN ('income', 'expense')`),
    check('cash_flow_entries_amount_check', sql`${t.amount} > 0`),
    check(
      'cash_flow_entries_payment_method_check',
      sql`${t.paymentMethod} IS NULL OR ${t.paymentMethod} IN ${PAYMENT_METHOD_CHECK}`,
    ),
  ],
);

/**
 * A day's totals are written in up to 16 rows (slot: migration 0007), one per writing
 * connection's backend pid modulo 16, so two sales of one store on the same day do not
 * wait for each other's row lock: a day's figure is the sum over its slots, never one row.
 */
const slot = () => smallint('slot').notNull().default(0);

/**
 * The cash book's totals per São Paulo day, kept by triggers on cash_flow_entries in the
 * writing statement's own transaction (migration 0003): a summary or a chart over a
 * year of history reads a few hundred rows, not every entry since the store opened.
 * Striped in slots (above): sum them.
 */
export const cashFlowDays = pgTable(
  'cash_flow_days',
  {
    tenantId: tenantId(),
    date: day('date').notNull(),
    slot: slot(),
    /** centavos */
    income: bigint('income', { mode: 'number' }).notNull().default(0),
    /** centavos */
    expenses: bigint('expenses', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'cash_flow_days_pkey', columns: [t.tenantId, t.date, t.slot] })],
);

/**
 * The completed sales' totals per São Paulo day of sold_at, kept by triggers on sales and
 * sale_items in the writing statement's own transaction (migration 0005): the dashboard's
 * cards and sales chart and the DRE read a day's few rows, not every sale and line of the
 * range. Striped in slots (above): sum them.
 */
export const salesDays = pgTable(
  'sales_days',
  {
    tenantId: tenantId(),
    date: day('date').notNull(),
    slot: slot(),
    /** completed sales sold that day */
    sales: integer('sales').notNull().default(0),
    /** centavos: their totals */
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    /** centavos: their lines' quantity × unit_cost */
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'sales_days_pkey', columns: [t.tenantId, t.date, t.slot] })],
);

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
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    /** centavos: their quantity × unit_cost */
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'sale_product_days_pkey', columns: [t.tenantId, t.productId, t.date] })],
);

export type TenantRow = typeof tenants.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type ExpenseCategoryRow = typeof expenseCategories.$inferSelect;
export type SaleRow = typeof sales.$inferSelect;
export type SaleItemRow = typeof saleItems.$inferSelect;
export type AccountReceivableRow = typeof accountsReceivable.$inferSelect;
export type CashFlowEntryRow = typeof cashFlowEntries.$inferSelect;
export type AccountPayableRow = typeof accountsPayable.$inferSelect;

export * from './schema/payments';
