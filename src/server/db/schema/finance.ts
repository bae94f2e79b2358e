// Money owed and moved: accounts receivable and payable, and the cash book.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PAYABLE_PAYMENT_METHODS } from '../../../shared/contract/accounts';
import { PAYMENT_METHODS } from '../../../shared/contract/sales';
import {
  createdAt,
  updatedAt,
  tenantId,
  searchIndex,
  day,
  at,
  bigNumber,
  rowId,
  tenantKey,
  sameStoreRef,
} from './base';
import { customers } from './catalogue';
import { PAYMENT_METHOD_CHECK, sales } from './sales';

/** Stored status is pending/paid/cancelled; overdue is derived when read. */
export const accountsReceivable = pgTable(
  'accounts_receivable',
  {
    tenantId: tenantId(),
    id: rowId(),
    customerId: uuid('customer_id'),
    saleId: uuid('sale_id'),
    /** 1..n for a crediário installment */
    installmentNumber: integer('installment_number'),
    description: text('description').notNull(),
    /** centavos */
    amount: bigNumber('amount').notNull(),
    dueDate: day('due_date').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] })
      .notNull()
      .default('pending'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    referenceNumber: text('reference_number'),
    notes: text('notes'),
    paymentDate: day('payment_date'),
    /** When it was cancelled (balance sheets as of a past date need it). */
    cancelledAt: at('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey('accounts_receivable', t),
    sameStoreRef('accounts_receivable_customer_fk', t, t.customerId, customers),
    sameStoreRef('accounts_receivable_sale_fk', t, t.saleId, sales),
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
    id: rowId(),
    supplierName: text('supplier_name').notNull(),
    description: text('description').notNull(),
    /** centavos */
    amount: bigNumber('amount').notNull(),
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
    cancelledAt: at('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey('accounts_payable', t),
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
    id: rowId(),
    /** São Paulo day the money moved */
    date: day('date').notNull(),
    type: text('type', { enum: ['income', 'expense'] }).notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    /** centavos, always positive; the type gives the sign */
    amount: bigNumber('amount').notNull(),
    saleId: uuid('sale_id'),
    accountPayableId: uuid('account_payable_id'),
    accountReceivableId: uuid('account_receivable_id'),
    /** How the money moved: a sale's part, its entrada (migration 0012); null when not told. */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    /** The till session an instalment received at the counter came into. */
    cashSessionId: uuid('cash_session_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey('cash_flow_entries', t),
    sameStoreRef('cash_flow_entries_sale_fk', t, t.saleId, sales),
    sameStoreRef('cash_flow_entries_receivable_fk', t, t.accountReceivableId, accountsReceivable),
    sameStoreRef('cash_flow_entries_payable_fk', t, t.accountPayableId, accountsPayable),
    index('cash_flow_entries_date_idx').on(t.tenantId, t.date),
    index('cash_flow_entries_sale_idx').on(t.tenantId, t.saleId),
    index('cash_flow_entries_receivable_idx').on(t.tenantId, t.accountReceivableId),
    index('cash_flow_entries_payable_idx').on(t.tenantId, t.accountPayableId),
    index('cash_flow_entries_session_idx')
      .on(t.tenantId, t.cashSessionId)
      .where(sql`cash_session_id IS NOT NULL`),
    check('cash_flow_entries_type_check', sql`${t.type} IN ('income', 'expense')`),
    check('cash_flow_entries_amount_check', sql`${t.amount} > 0`),
    check(
      'cash_flow_entries_payment_method_check',
      sql`${t.paymentMethod} IS NULL OR ${t.paymentMethod} IN ${PAYMENT_METHOD_CHECK}`,
    ),
  ],
);

export type AccountReceivableRow = typeof accountsReceivable.$inferSelect;
export type CashFlowEntryRow = typeof cashFlowEntries.$inferSelect;
export type AccountPayableRow = typeof accountsPayable.$inferSelect;
