// The store's fiscal setup for the NFC-e (migration 0031): its settings as one JSON object
// (contract/fiscal-settings.ts reads it, defaults filling what is missing), the CSC and the
// A1 certificate sealed (fiscal/secret-box.ts), and what may be shown of the certificate.
// Each till's series is on devices.
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, tenantId, updatedAt } from './base';

export const fiscalSettings = pgTable('fiscal_settings', {
  tenantId: tenantId().primaryKey(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /** The CSC (QR code v2), sealed; null: none given. */
  cscSealed: text('csc_sealed'),
  /** The A1's key and certificates as PEM, sealed; null: none uploaded. */
  certificateSealed: text('certificate_sealed'),
  certificateSubject: text('certificate_subject'),
  certificateCnpj: text('certificate_cnpj'),
  certificateSerial: text('certificate_serial'),
  certificateNotBefore: at('certificate_not_before'),
  certificateNotAfter: at('certificate_not_after'),
  updatedAt: updatedAt(),
});

export type FiscalSettingsRow = typeof fiscalSettings.$inferSelect;
