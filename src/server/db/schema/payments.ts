// The parts a sale was paid in (migration 0012; DESIGN.md, Counter rules): one row per
// part, written with the sale in its statement. A single-method sale has one part with its
// total; a crediário sale one part for its entrada (when > 0). amount is what the part paid
// toward the sale, net of change; received and change only for cash handed over. The
// caixa counts a session's figures per method from these rows.
import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { SALE_PART_METHODS } from '../../../shared/contract/payments';
import { sales } from './sales';
import { bigNumber, sameStoreRef } from './base';

const PART_METHOD_CHECK = sql.raw(`(${SALE_PART_METHODS.map((m) => `'${m}'`).join(', ')})`);

export const salePayments = pgTable(
  'sale_payments',
  {
    tenantId: uuid('tenant_id').notNull(),
    saleId: uuid('sale_id').notNull(),
    /** 1, 2, ...: the parts in the order the till sent them */
    seq: smallint('seq').notNull(),
    method: text('method', { enum: SALE_PART_METHODS }).notNull(),
    /** centavos paid toward the sale by this part (net of change), > 0 */
    amount: bigNumber('amount').notNull(),
    /** centavos handed over (cash only; null when not told) */
    received: bigNumber('received'),
    /** centavos given back: received - amount (cash only) */
    change: bigNumber('change'),
  },
  (t) => [
    primaryKey({ name: 'sale_payments_pkey', columns: [t.tenantId, t.saleId, t.seq] }),
    sameStoreRef('sale_payments_sale_fk', t, t.saleId, sales).onDelete('cascade'),
    check('sale_payments_method_check', sql`${t.method} IN ${PART_METHOD_CHECK}`),
    check('sale_payments_amount_check', sql`${t.amount} > 0`),
    check(
      'sale_payments_cash_check',
      sql`(${t.received} IS NULL AND ${t.change} IS NULL) OR (${t.method} = 'cash' AND ${t.change} >= 0 AND ${t.received} = ${t.amount} + ${t.change})`,
    ),
  ],
);

export type SalePaymentRow = typeof salePayments.$inferSelect;
