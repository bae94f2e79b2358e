// The till's sessions (caixa) and their cash movements (migration 0013). The foreign keys
// (the store, the users, the difference's cash-book entry, a movement's session, a sale's
// session) are written in the migration; they are not repeated here so that this file
// imports nothing of schema.ts, which re-exports it.
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, bigNumber, rowId, tenantKey } from './base';

/** One method's line of a close, in centavos: what the system expected and what was counted. */
export interface CashCloseFigure {
  method: string;
  expected: number;
  counted: number;
  difference: number;
}

export const CASH_SESSION_STATUSES = ['open', 'closed'] as const;
export const CASH_MOVEMENT_KINDS = ['sangria', 'suprimento'] as const;

export const cashSessions = pgTable(
  'cash_sessions',
  {
    tenantId: uuid('tenant_id').notNull(),
    /** May be chosen by the device (the session is opened offline too). */
    id: rowId(),
    /** The till: the random id the device keeps, and the name a person reads. */
    deviceId: uuid('device_id').notNull(),
    deviceLabel: text('device_label'),
    status: text('status', { enum: CASH_SESSION_STATUSES }).notNull().default('open'),
    /** centavos: the fundo de troco */
    openingFloat: bigNumber('opening_float').notNull(),
    openedBy: uuid('opened_by').notNull(),
    /** The device's time when believable (as a sale's sold_at), else when the server received it. */
    openedAt: at('opened_at').notNull(),
    /** The device's time when it was not believed. */
    claimedOpenedAt: at('claimed_opened_at'),
    closedBy: uuid('closed_by'),
    closedAt: at('closed_at'),
    /** The close's figures per method (expected, counted, difference), kept as they were. */
    figures: jsonb('figures').$type<CashCloseFigure[]>(),
    closeReason: text('close_reason'),
    /** centavos: counted - expected over every method (what went to the cash book). */
    difference: bigNumber('difference'),
    /** The first of its 'Quebra de caixa' / 'Sobra de caixa' entries (one per method that differed); null when every count matched. */
    differenceEntryId: uuid('difference_entry_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey('cash_sessions', t),
    uniqueIndex('cash_sessions_one_open_idx')
      .on(t.tenantId, t.deviceId)
      .where(sql`status = 'open'`),
    index('cash_sessions_opened_idx').on(t.tenantId, t.openedAt),
    index('cash_sessions_user_idx').on(t.tenantId, t.openedBy, t.openedAt),
    check('cash_sessions_status_check', sql`${t.status} IN ('open', 'closed')`),
    check('cash_sessions_float_check', sql`${t.openingFloat} >= 0`),
  ],
);

export const cashSessionMovements = pgTable(
  'cash_session_movements',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: rowId(),
    sessionId: uuid('session_id').notNull(),
    kind: text('kind', { enum: CASH_MOVEMENT_KINDS }).notNull(),
    /** centavos, > 0 */
    amount: bigNumber('amount').notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').notNull(),
    /** When it was made at the till (the device's clock when believable). */
    madeAt: at('made_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey('cash_session_movements', t),
    index('cash_session_movements_session_idx').on(t.tenantId, t.sessionId, t.madeAt),
    check('cash_session_movements_kind_check', sql`${t.kind} IN ('sangria', 'suprimento')`),
    check('cash_session_movements_amount_check', sql`${t.amount} > 0`),
  ],
);

export type CashSessionRow = typeof cashSessions.$inferSelect;
export type CashSessionMovementRow = typeof cashSessionMovements.$inferSelect;
