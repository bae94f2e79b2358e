// The tills of a store, each with the code its sale numbers start with (migration 0016),
// and the store's counter that hands out device codes (shared/sale-number.ts; the numbers
// of sales that arrive without one come from the store's sequence, migration 0022).
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './base';

export const devices = pgTable(
  'devices',
  {
    tenantId: tenantId(),
    /** The random id the device keeps in its IndexedDB. */
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    /** The browser it runs in, as the till told on its first contact. */
    label: text('label'),
    /** What an admin named it ('Caixa 1'; migration 0024), unique in the store whatever the case. */
    name: text('name'),
    /** Its NFC-e series (0 to 999; migration 0031), set by an admin, unique in the store; null: none yet. */
    nfceSeries: integer('nfce_series'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'devices_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('devices_code_key').on(t.tenantId, t.code),
    uniqueIndex('devices_name_key')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`name IS NOT NULL`),
    check('devices_code_check', sql`${t.code} ~ '^[A-Z]{1,3}$'`),
    uniqueIndex('devices_nfce_series_key')
      .on(t.tenantId, t.nfceSeries)
      .where(sql`nfce_series IS NOT NULL`),
    check('devices_nfce_series_check', sql`${t.nfceSeries} BETWEEN 0 AND 999`),
  ],
);

export const saleCounters = pgTable('sale_counters', {
  tenantId: tenantId().primaryKey(),
  /** Device codes handed out (the next device is devices + 1). */
  devices: integer('devices').notNull().default(0),
});

export type DeviceRow = typeof devices.$inferSelect;
