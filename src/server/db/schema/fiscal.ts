// The store's fiscal setup for the NFC-e (migration 0031): its settings as one JSON object
// (contract/fiscal-settings.ts reads it, defaults filling what is missing), the CSC and the
// A1 certificate sealed (fiscal/secret-box.ts), and what may be shown of the certificate.
// Each till's series is on devices. The notes, their events and the inutilizações (0032); a
// note signed at a till in offline contingency (0037); a note replaced by the till's (0038).
import { boolean, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import type { FiscalEnvironment, FiscalNoteStatus } from '../../../shared/contract/fiscal-notes';
import { at, bigNumber, createdAt, day, storeRow, tenantId, tenantKey, timestamps, updatedAt } from './base';

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

/** The next NFC-e number of each series, per environment (migration 0032). */
export const fiscalSeries = pgTable(
  'fiscal_series',
  {
    tenantId: tenantId(),
    environment: text('environment').$type<FiscalEnvironment>().notNull(),
    series: integer('series').notNull(),
    nextNumber: integer('next_number').notNull().default(1),
  },
  (t) => [primaryKey({ name: 'fiscal_series_pkey', columns: [t.tenantId, t.environment, t.series] })],
);

/** Every NFC-e: its signed bytes, SEFAZ's answer and the queue's state (migration 0032). */
export const fiscalNotes = pgTable(
  'fiscal_notes',
  {
    ...storeRow(),
    saleId: uuid('sale_id'),
    deviceId: uuid('device_id'),
    environment: text('environment').$type<FiscalEnvironment>().notNull(),
    series: integer('series').notNull(),
    number: integer('number').notNull(),
    key: text('key').notNull(),
    numericCode: text('numeric_code').notNull(),
    issuedAt: at('issued_at').notNull(),
    issuedAtLocal: text('issued_at_local').notNull(),
    status: text('status').$type<FiscalNoteStatus>().notNull().default('pendente'),
    /** The signed <NFe>, never rebuilt once written. */
    xml: text('xml').notNull(),
    /** protNFe as SEFAZ returned it (nfeProc = xml + this). */
    protocolXml: text('protocol_xml'),
    protocol: text('protocol'),
    authorizedAt: text('authorized_at'),
    cstat: integer('cstat'),
    reason: text('reason'),
    qrCode: text('qr_code').notNull(),
    urlChave: text('url_chave').notNull(),
    customerDocument: text('customer_document'),
    /** centavos: vNF, vTroco and the tributos aproximados. */
    total: bigNumber('total').notNull(),
    change: bigNumber('change').notNull().default(0),
    approximateTaxes: bigNumber('approximate_taxes'),
    attempts: integer('attempts').notNull().default(0),
    /** Sent without an answer: consult SEFAZ before sending it again. */
    inDoubt: boolean('in_doubt').notNull().default(false),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** A sender's lease: no other process sends the note before it ends. */
    claimedUntil: at('claimed_until'),
    claimedBy: text('claimed_by'),
    cancelledAt: at('cancelled_at'),
    /** The cancel's justification (xJust): the registered one, or the one waiting while cancel_requested_at is set. */
    cancelReason: text('cancel_reason'),
    /** Its sale was cancelled in Balcão and the note still waits for SEFAZ to be consulted or cancelled (migration 0036). */
    cancelRequestedAt: at('cancel_requested_at'),
    /** tpEmis: 1 normal, 9 offline contingency (signed at the till; migration 0037). */
    emissionType: smallint('emission_type').$type<1 | 9>().notNull().default(1),
    /** dhCont and xJust of a contingency note, as the till wrote them. */
    contingencyAt: at('contingency_at'),
    contingencyReason: text('contingency_reason'),
    /** The till's key (till_signing_keys) that signed a contingency note. */
    tillKeyId: uuid('till_key_id'),
    /** The note that stands for the sale instead of this one (its contingency note, issued after this one got no answer; migration 0038). */
    replacedBy: uuid('replaced_by'),
    /** A replaced note resolved: what the admin must know (two valid notes...); null while the queue still resolves it, or nothing to know. */
    replacementNotice: text('replacement_notice'),
    ...timestamps(),
  },
  (t) => [tenantKey('fiscal_notes', t)],
);

/** Events registered for a note: cancel 110111 (migration 0032). */
export const fiscalNoteEvents = pgTable(
  'fiscal_note_events',
  {
    ...storeRow(),
    noteId: uuid('note_id').notNull(),
    type: text('type').notNull(),
    sequence: integer('sequence').notNull().default(1),
    justification: text('justification').notNull(),
    /** The signed <evento>. */
    xml: text('xml').notNull(),
    protocolXml: text('protocol_xml'),
    protocol: text('protocol'),
    registeredAt: text('registered_at'),
    cstat: integer('cstat'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [tenantKey('fiscal_note_events', t)],
);

/** Runs of numbers voided with SEFAZ (inutilização; migration 0032). */
export const fiscalInutilizations = pgTable(
  'fiscal_inutilizations',
  {
    ...storeRow(),
    environment: text('environment').$type<FiscalEnvironment>().notNull(),
    series: integer('series').notNull(),
    first: integer('first').notNull(),
    last: integer('last').notNull(),
    justification: text('justification').notNull(),
    status: text('status').$type<'pendente' | 'homologada' | 'rejeitada'>().notNull().default('pendente'),
    /** The signed <inutNFe>. */
    xml: text('xml').notNull(),
    protocolXml: text('protocol_xml'),
    protocol: text('protocol'),
    cstat: integer('cstat'),
    reason: text('reason'),
    ...timestamps(),
  },
  (t) => [tenantKey('fiscal_inutilizations', t)],
);

export type FiscalNoteRow = typeof fiscalNotes.$inferSelect;

/** A sale made with emission on that has no note, and why (migration 0033). */
export const fiscalUnissued = pgTable(
  'fiscal_unissued',
  {
    tenantId: tenantId(),
    saleId: uuid('sale_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'fiscal_unissued_pkey', columns: [t.tenantId, t.saleId] })],
);

/** The IBPT table of the store's state, per NCM and exception; rates in percent (migration 0034). */
export const ibptRates = pgTable(
  'ibpt_rates',
  {
    tenantId: tenantId(),
    ncm: text('ncm').notNull(),
    ex: text('ex').notNull().default(''),
    /** tipo: 0 NCM (the only kind imported), 1 NBS, 2 LC 116. */
    kind: smallint('kind').notNull().default(0),
    description: text('description').notNull(),
    federalNational: numeric('federal_national', { precision: 8, scale: 4 }).notNull(),
    federalImported: numeric('federal_imported', { precision: 8, scale: 4 }).notNull(),
    state: numeric('state', { precision: 8, scale: 4 }).notNull(),
    municipal: numeric('municipal', { precision: 8, scale: 4 }).notNull(),
    validFrom: day('valid_from').notNull(),
    validUntil: day('valid_until').notNull(),
    key: text('key').notNull(),
    version: text('version').notNull(),
    source: text('source').notNull(),
    /** The UF the file's name gave, if any. */
    uf: text('uf'),
    importedAt: at('imported_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'ibpt_rates_pkey', columns: [t.tenantId, t.ncm, t.ex] })],
);
export type FiscalInutilizationRow = typeof fiscalInutilizations.$inferSelect;
