// Drizzle schema shared by both drivers (PGlite and node-postgres).
// Every tenant-owned table keys on (tenant_id, id): tenant_id leads every key and index,
// so rows can later be sharded by tenant and no foreign key can cross tenants.
// Money columns are integer centavos (bigint, read as JS numbers: safe up to 2^53).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const deletedAt = () => timestamp('deleted_at', { withTimezone: true, mode: 'date' });
const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

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
  /** Per-tenant change counter: the sync cursor. Bumped (row-locked) by every product/customer write. */
  changeVersion: bigint('change_version', { mode: 'number' }).notNull().default(0),
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
    /** tenants.change_version at this row's last write (sync cursor). */
    version: bigint('version', { mode: 'number' }).notNull(),
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
    index('products_tenant_name_idx').on(t.tenantId, t.name),
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
    version: bigint('version', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    primaryKey({ name: 'customers_pkey', columns: [t.tenantId, t.id] }),
    index('customers_tenant_version_idx').on(t.tenantId, t.version),
    index('customers_tenant_name_idx').on(t.tenantId, t.name),
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

/** Idempotency-Key records (DESIGN.md), written in the same transaction as the effect. Used from the next slice. */
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

export type TenantRow = typeof tenants.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type ExpenseCategoryRow = typeof expenseCategories.$inferSelect;
