// The tills that hold the store's signing key for the NFC-e offline contingency (migration
// 0035): one row per import of the A1 on a till, with the certificate (public: DER in
// base64) and who enabled and who removed it. At most one in force per till.
import { sql } from 'drizzle-orm';
import { foreignKey, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './access';
import { at, storeRow, tenantKey } from './base';
import { devices } from './devices';

export const tillSigningKeys = pgTable(
  'till_signing_keys',
  {
    ...storeRow(),
    deviceId: uuid('device_id').notNull(),
    /** The certificate, DER in base64 (public: the key never leaves the till). */
    certificateDer: text('certificate_der').notNull(),
    certificateSerial: text('certificate_serial').notNull(),
    /** SHA-256 of the DER, upper-case hex. */
    certificateFingerprint: text('certificate_fingerprint').notNull(),
    certificateCnpj: text('certificate_cnpj').notNull(),
    notBefore: at('not_before').notNull(),
    notAfter: at('not_after').notNull(),
    enabledBy: uuid('enabled_by'),
    enabledAt: at('enabled_at').notNull().defaultNow(),
    /** null while the till holds it. */
    revokedAt: at('revoked_at'),
    revokedBy: uuid('revoked_by'),
  },
  (t) => [
    tenantKey('till_signing_keys', t),
    foreignKey({
      name: 'till_signing_keys_device_fk',
      columns: [t.tenantId, t.deviceId],
      foreignColumns: [devices.tenantId, devices.id],
    }),
    foreignKey({
      name: 'till_signing_keys_enabled_by_fk',
      columns: [t.tenantId, t.enabledBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      name: 'till_signing_keys_revoked_by_fk',
      columns: [t.tenantId, t.revokedBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    uniqueIndex('till_signing_keys_in_force_key')
      .on(t.tenantId, t.deviceId)
      .where(sql`revoked_at IS NULL`),
  ],
);

export type TillSigningKeyRow = typeof tillSigningKeys.$inferSelect;
