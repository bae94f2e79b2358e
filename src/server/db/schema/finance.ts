// Money owed and moved: accounts receivable and payable, and the cash book.
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PAYABLE_PAYMENT_METHODS } from '../../../shared/contract/accounts';
import { PAYMENT_METHODS } from '../../../shared/contract/sales';
import { searchIndex, day, at, bigNumber, tenantKey, sameStoreRef, storeRow, timestamps, sessionIndex } from './base';
import { customers } from './catalogue';
import { imports } from './imports';
import { PAYMENT_METHOD_CHECK, sales } from './sales';

/** An account's state: pending, paid on a day, or cancelled at a moment; overdue is derived when read. */
const accountState = () => ({
  status: text('status', { enum: ['pending', 'paid', 'cancelled'] })
    .notNull()
    .default('pending'),
  paymentDate: day('payment_date'),
  /** When it was cancelled (balance sheets as of a past date need it). */
  cancelledAt: at('cancelled_at'),
});

type AccountColumns = { [K in 'status' | 'amount' | 'paymentMethod' | 'paymentDate' | 'cancelledAt']: AnyPgColumn };

/**
 * What every account row holds to: a known status and payment method (of `methods`), a
 * positive amount, a payment day exactly when paid and a cancel time exactly when cancelled.
 */
const accountChecks = (table: string, t: AccountColumns, methods: SQL) => [
  check(`${table}_status_check`, sql`${t.status} IN ('pending', 'paid', 'cancelled')`),
  check(`${table}_payment_method_check`, sql`${t.paymentMethod} IS NULL OR ${t.paymentMethod} IN ${methods}`),
  check(`${table}_amount_check`, sql`${t.amount} > 0`),
  check(`${table}_paid_check`, sql`(${t.status} = 'paid') = (${t.paymentDate} IS NOT NULL)`),
  check(`${table}_cancelled_check`, sql`(${t.status} = 'cancelled') = (${t.cancelledAt} IS NOT NULL)`),
];

/**
 * A sale's instalment or another amount a customer owes the store. Crediário is a sale's
 * instalment or one brought in by a spreadsheet (`isCrediario`); the rest are other revenue.
 */
export const accountsReceivable = pgTable(
  'accounts_receivable',
  {
    ...storeRow(),
    customerId: uuid('customer_id'),
    saleId: uuid('sale_id'),
    /** 1..n for a crediário installment */
    installmentNumber: integer('installment_number'),
    /** open crediário brought in from a spreadsheet (migration 0029): crediário, never revenue */
    importId: uuid('import_id'),
    description: text('description').notNull(),
    /** centavos */
    amount: bigNumber('amount').notNull(),
    dueDate: day('due_date').notNull(),
    ...accountState(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    referenceNumber: text('reference_number'),
    notes: text('notes'),
    ...timestamps(),
  },
  (t) => [
    tenantKey('accounts_receivable', t),
    sameStoreRef('accounts_receivable_customer_fk', t, t.customerId, customers),
    sameStoreRef('accounts_receivable_sale_fk', t, t.saleId, sales),
    sameStoreRef('accounts_receivable_import_fk', t, t.importId, imports),
    index('accounts_receivable_due_idx').on(t.tenantId, t.status, t.dueDate),
    index('accounts_receivable_sale_idx').on(t.tenantId, t.saleId),
    index('accounts_receivable_customer_idx').on(t.tenantId, t.customerId),
    index('accounts_receivable_import_idx')
      .on(t.tenantId, t.importId)
      .where(sql`import_id IS NOT NULL`),
    ...accountChecks('accounts_receivable', t, PAYMENT_METHOD_CHECK),
  ],
);

/** A crediário instalment: of a sale here, or of one made before Balcão (imported). */
export const isCrediario = (r: typeof accountsReceivable): SQL =>
  sql`(${r.saleId} IS NOT NULL OR ${r.importId} IS NOT NULL)`;

const PAYABLE_METHOD_CHECK = sql.raw(`(${PAYABLE_PAYMENT_METHODS.map((m) => `'${m}'`).join(', ')})`);

/** A bill the store owes. */
export const accountsPayable = pgTable(
  'accounts_payable',
  {
    /** May be chosen by the client (a bill entered offline, then paid offline). */
    ...storeRow(),
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
    ...accountState(),
    ...timestamps(),
  },
  (t) => [
    tenantKey('accounts_payable', t),
    index('accounts_payable_due_idx').on(t.tenantId, t.status, t.dueDate),
    searchIndex('accounts_payable_search_idx', t.tenantId, t.supplierName, t.description),
    ...accountChecks('accounts_payable', t, PAYABLE_METHOD_CHECK),
  ],
);

export const cashFlowEntries = pgTable(
  'cash_flow_entries',
  {
    ...storeRow(),
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
    ...timestamps(),
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
    sessionIndex('cash_flow_entries_session_idx', t),
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
