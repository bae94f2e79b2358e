// Returns, their lines and the vale-troca ledger (migration 0017; the foreign keys are
// written there). A return's value is amount = installments (taken off the sale's open
// crediário instalments) + refunded (paid back by its method).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { REFUND_METHODS, STORE_CREDIT_KINDS } from '../../../shared/contract/returns';
import { PAYMENT_METHODS } from '../../../shared/contract/sales';
import { at, bigNumber, rowId, tenantKey, sessionIndex } from './base';

export const saleReturns = pgTable(
  'sale_returns',
  {
    tenantId: uuid('tenant_id').notNull(),
    /** May be chosen by the device (a return made offline). */
    id: rowId(),
    saleId: uuid('sale_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    reason: text('reason').notNull(),
    refundMethod: text('refund_method', { enum: REFUND_METHODS }).notNull(),
    /** The method the money went back in (cash, or the card/Pix of an estorno); null for vale-troca. */
    refundPaymentMethod: text('refund_payment_method', { enum: PAYMENT_METHODS }),
    /** centavos: the value of the goods returned */
    amount: bigNumber('amount').notNull(),
    /** centavos taken off the sale's open instalments */
    installments: bigNumber('installments').notNull().default(0),
    /** centavos paid back by the method */
    refunded: bigNumber('refunded').notNull(),
    /** centavos: the returned units x their snapshotted unit cost */
    cost: bigNumber('cost').notNull(),
    cashSessionId: uuid('cash_session_id'),
    offline: boolean('offline').notNull().default(false),
    /** An offline return beyond a cashier's limit (a conflict admins review). */
    limitConflict: boolean('limit_conflict').notNull().default(false),
    /** The admin whose sealed approval let a cashier's return over the limit through (migration 0023). */
    approvedBy: uuid('approved_by'),
    deviceId: uuid('device_id'),
    /** When it happened (the device's time for an offline return, when believable). */
    returnedAt: at('returned_at').notNull(),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey('sale_returns', t),
    index('sale_returns_sale_idx').on(t.tenantId, t.saleId),
    index('sale_returns_day_idx').on(t.tenantId, t.returnedAt),
    sessionIndex('sale_returns_session_idx', t),
    check('sale_returns_refund_method_check', sql`${t.refundMethod} IN ('dinheiro', 'estorno', 'vale_troca')`),
  ],
);

export const saleReturnLines = pgTable(
  'sale_return_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    returnId: uuid('return_id').notNull(),
    saleItemId: uuid('sale_item_id').notNull(),
    productId: uuid('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** centavos: the units' share of the line's total_price */
    amount: bigNumber('amount').notNull(),
    /** centavos: quantity x the line's unit_cost */
    cost: bigNumber('cost').notNull(),
    damaged: boolean('damaged').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'sale_return_lines_pkey', columns: [t.tenantId, t.returnId, t.saleItemId] }),
    index('sale_return_lines_item_idx').on(t.tenantId, t.saleItemId),
  ],
);

/** Each credit (a return to vale-troca), use (a sale paid with it) and payout (given back in cash) of a customer's balance. */
export const storeCreditLedger = pgTable(
  'store_credit_ledger',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: rowId(),
    seq: bigNumber('seq').generatedAlwaysAsIdentity(),
    customerId: uuid('customer_id').notNull(),
    kind: text('kind', { enum: STORE_CREDIT_KINDS }).notNull(),
    /** centavos, > 0 */
    amount: bigNumber('amount').notNull(),
    /** centavos: the balance right after, >= 0 */
    balanceAfter: bigNumber('balance_after').notNull(),
    returnId: uuid('return_id'),
    saleId: uuid('sale_id'),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey('store_credit_ledger', t),
    index('store_credit_ledger_customer_idx').on(t.tenantId, t.customerId, t.seq),
  ],
);

/**
 * The vale-troca given back in cash (migration 0023): `amount` left the caixa in cash,
 * `taken` of it came off the customer's balance (less only for an offline payout beyond
 * the balance or its return's credit: `conflict`).
 */
export const storeCreditPayouts = pgTable(
  'store_credit_payouts',
  {
    tenantId: uuid('tenant_id').notNull(),
    /** The device's id for it (its outbox row's), so a replay names the same payout. */
    id: rowId(),
    customerId: uuid('customer_id').notNull(),
    returnId: uuid('return_id').notNull(),
    /** The exchange's new sale, when the payout closes one. */
    saleId: uuid('sale_id'),
    /** centavos given in cash, > 0 */
    amount: bigNumber('amount').notNull(),
    /** centavos taken off the vale-troca, 0..amount */
    taken: bigNumber('taken').notNull(),
    cashSessionId: uuid('cash_session_id'),
    offline: boolean('offline').notNull().default(false),
    conflict: boolean('conflict').notNull().default(false),
    deviceId: uuid('device_id'),
    paidAt: at('paid_at').notNull(),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey('store_credit_payouts', t),
    index('store_credit_payouts_return_idx').on(t.tenantId, t.returnId),
    sessionIndex('store_credit_payouts_session_idx', t),
  ],
);

export type SaleReturnRow = typeof saleReturns.$inferSelect;
export type SaleReturnLineRow = typeof saleReturnLines.$inferSelect;
export type StoreCreditEntryRow = typeof storeCreditLedger.$inferSelect;
