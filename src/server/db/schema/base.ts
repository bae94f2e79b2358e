// The columns every table shares (tenant, timestamps, São Paulo days, search indexes)
// and the tenants table they all hang from.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, date, index, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true, mode: 'date' });
export const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/**
 * What text searches use (server/core/like.ts): GIN over the trigrams of each column folded
 * by balcao_fold (case and accents aside; migration 0010), tenant_id first (btree_gin).
 */
export const searchIndex = (name: string, tenant: AnyPgColumn, ...columns: AnyPgColumn[]) =>
  index(name).using('gin', tenant, ...columns.map((column) => sql`balcao_fold(${column}) gin_trgm_ops`));

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
