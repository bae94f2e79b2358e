// The columns every table shares (tenant, timestamps, São Paulo days, search indexes)
// and the tenants table they all hang from.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  date,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** A moment (timestamptz), read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();
export const deletedAt = () => at('deleted_at');

/** A 64-bit integer read as a JS number: centavos, versions, counts (all far below 2^53). */
export const bigNumber = (name: string) => bigint(name, { mode: 'number' });

/** A row's own id (unique within its store: the key is (tenant_id, id)). */
export const rowId = () => uuid('id').notNull().defaultRandom();

/** The key of a store's row: (tenant_id, id), named `<table>_pkey`. */
export const tenantKey = (table: string, t: { tenantId: AnyPgColumn; id: AnyPgColumn }) =>
  primaryKey({ name: `${table}_pkey`, columns: [t.tenantId, t.id] });

/** A reference to another row of the same store: (tenant_id, column) -> (target.tenant_id, target.id). */
export const sameStoreRef = (
  name: string,
  t: { tenantId: AnyPgColumn },
  column: AnyPgColumn,
  target: { tenantId: AnyPgColumn; id: AnyPgColumn },
) => foreignKey({ name, columns: [t.tenantId, column], foreignColumns: [target.tenantId, target.id] });
export const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** The first columns of a store's row: its store and its own id (the key: tenantKey). */
export const storeRow = () => ({ tenantId: tenantId(), id: rowId() });

/** When the row was created and last changed. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** What the device mirror syncs by (catalogue/sync.ts), both set by the stamp_change trigger on every write (migration 0008). */
export const syncStamps = () => ({
  version: bigNumber('version').notNull().default(0),
  /** The writing transaction's id (pg_current_xact_id): what the sync cursor follows. */
  txid: bigNumber('txid').notNull().default(0),
});

/**
 * What text searches use (server/core/like.ts): GIN over the trigrams of each column folded
 * by balcao_fold (case and accents aside; migration 0010), tenant_id first (btree_gin).
 */
export const searchIndex = (name: string, tenant: AnyPgColumn, ...columns: AnyPgColumn[]) =>
  index(name).using('gin', tenant, ...columns.map((column) => sql`balcao_fold(${column}) gin_trgm_ops`));

/** The index of the rows a till session (caixa) took in: (tenant_id, cash_session_id), where there is one. */
export const sessionIndex = (name: string, t: { tenantId: AnyPgColumn; cashSessionId: AnyPgColumn }) =>
  index(name)
    .on(t.tenantId, t.cashSessionId)
    .where(sql`cash_session_id IS NOT NULL`);

/** A calendar day ('YYYY-MM-DD', São Paulo), read and written as a string. */
export const day = (name: string) => date(name, { mode: 'string' });

/**
 * A day's totals are written in up to 16 rows (slot: migration 0007), one per writing
 * connection's backend pid modulo 16, so two sales of one store on the same day do not
 * wait for each other's row lock: a day's figure is the sum over its slots, never one row.
 */
export const slot = () => smallint('slot').notNull().default(0);

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

export type TenantRow = typeof tenants.$inferSelect;
