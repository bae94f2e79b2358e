// Sales, their lines and their conflicts.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PartPaymentMethod } from '../../../shared/contract/payments';
import { PAYMENT_METHODS, SALE_METHODS } from '../../../shared/contract/sales';
import { SALE_CONFLICT_KINDS } from '../../../shared/contract/sale-conflicts';
import {
  at,
  bigNumber,
  createdAt,
  sameStoreRef,
  searchIndex,
  sessionIndex,
  storeRow,
  tenantKey,
  timestamps,
} from './base';
import { users } from './access';
import { products, customers } from './catalogue';

/** Shortfall of an offline sale replayed beyond server stock (stored on the sale). */
export interface StockConflictRecord {
  product_id: string;
  product_name: string;
  requested: number;
  available: number;
}

/** A line of an offline sale at a price the product did not have (centavos). */
export interface PriceConflictRecord {
  product_id: string;
  product_name: string;
  unit_price: number;
  current_price: number;
}

/** The credit plan as sent (entrada in centavos; one due date per installment). */
export interface CrediarioRecord {
  entrada: number;
  /** How the entrada was paid (sales before migration 0012: not told, cash). */
  entrada_method?: PartPaymentMethod;
  parcelas: number;
  vencimentos: string[];
}

const methodCheck = (methods: readonly string[]) => sql.raw(`(${methods.map((m) => `'${m}'`).join(', ')})`);
export const PAYMENT_METHOD_CHECK = methodCheck(PAYMENT_METHODS);
/** A sale's method: a spec method, or the vale-troca when it paid the whole sale (migration 0024). */
const SALE_METHOD_CHECK = methodCheck(SALE_METHODS);

export const sales = pgTable(
  'sales',
  {
    /** May be chosen by the client: the outbox row's id, so a replay names the same sale. */
    ...storeRow(),
    /** What people read aloud and type ('A-0042', '0107'; shared/sale-number.ts), unique in the store. */
    // Optional when inserting: a row written without one gets the store's next number
    // (trigger sales_number_fill, db/functions.sql); the API always writes one.
    number: text('number')
      .notNull()
      .default(sql`NULL`),
    customerId: uuid('customer_id').notNull(),
    /** The customer's name when the sale was made. */
    customerName: text('customer_name').notNull(),
    /** centavos: sum of the items' total_price */
    total: bigNumber('total').notNull(),
    /** centavos: the discount given on the whole sale, shared out over its lines' total_price */
    discount: bigNumber('discount').notNull().default(0),
    paymentMethod: text('payment_method', { enum: SALE_METHODS }).notNull(),
    paymentStatus: text('payment_status', { enum: ['pending', 'paid', 'cancelled'] }).notNull(),
    saleStatus: text('sale_status', { enum: ['completed', 'cancelled'] }).notNull(),
    crediario: jsonb('crediario').$type<CrediarioRecord>(),
    /** [] unless an offline sale outran the stock. */
    stockConflicts: jsonb('stock_conflicts').$type<StockConflictRecord[]>().notNull().default([]),
    /** [] unless an offline sale carried a price the product did not have. */
    priceConflicts: jsonb('price_conflicts').$type<PriceConflictRecord[]>().notNull().default([]),
    /** Replayed from a till's outbox (accepted beyond stock). */
    offline: boolean('offline').notNull().default(false),
    /** When the sale happened at the till (its clock, when believable; else received_at). */
    soldAt: at('sold_at').notNull().defaultNow(),
    /** When the server received it. */
    receivedAt: at('received_at').notNull().defaultNow(),
    /** The device's sold_at when it was not kept (a clock conflict). */
    claimedSoldAt: at('claimed_sold_at'),
    /** The till that sold it, as it names itself. */
    deviceId: uuid('device_id'),
    deviceLabel: text('device_label'),
    /** The till session (caixa) it belongs to (schema/caixa.ts); null for sales made without one. */
    cashSessionId: uuid('cash_session_id'),
    notes: text('notes'),
    createdBy: uuid('created_by'),
    cancelledAt: at('cancelled_at'),
    /** Why an admin cancelled it, and who. */
    cancelReason: text('cancel_reason'),
    cancelledBy: uuid('cancelled_by'),
    ...timestamps(),
  },
  (t) => [
    tenantKey('sales', t),
    uniqueIndex('sales_number_key').on(t.tenantId, t.number),
    index('sales_created_by_idx').on(t.tenantId, t.createdBy, t.soldAt),
    index('sales_device_idx')
      .on(t.tenantId, t.deviceId, t.soldAt)
      .where(sql`device_id IS NOT NULL`),
    sameStoreRef('sales_customer_fk', t, t.customerId, customers),
    sameStoreRef('sales_created_by_fk', t, t.createdBy, users),
    index('sales_tenant_sold_at_idx').on(t.tenantId, t.soldAt),
    index('sales_tenant_customer_idx').on(t.tenantId, t.customerId),
    sessionIndex('sales_cash_session_idx', t),
    searchIndex('sales_search_idx', t.tenantId, t.customerName),
    index('sales_tenant_conflicts_idx')
      .on(t.tenantId, t.soldAt)
      .where(sql`stock_conflicts <> '[]'::jsonb`),
    check('sales_payment_method_check', sql`${t.paymentMethod} IN ${SALE_METHOD_CHECK}`),
    check('sales_payment_status_check', sql`${t.paymentStatus} IN ('pending', 'paid', 'cancelled')`),
    check('sales_sale_status_check', sql`${t.saleStatus} IN ('completed', 'cancelled')`),
    check('sales_total_check', sql`${t.total} >= 0`),
    check('sales_discount_check', sql`${t.discount} >= 0`),
    check('sales_number_check', sql`${t.number} ~ '^([A-Z]{1,3}-)?[0-9]{4,}$'`),
  ],
);

export const saleItems = pgTable(
  'sale_items',
  {
    ...storeRow(),
    saleId: uuid('sale_id').notNull(),
    /** Order of the lines as sent, then as added. */
    position: integer('position').notNull(),
    productId: uuid('product_id').notNull(),
    /** The product's name when sold. */
    productName: text('product_name').notNull(),
    /** The product's size and colour when sold ('' when it had none). */
    productSize: text('product_size').notNull().default(''),
    productColor: text('product_color').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** centavos: the price at the till when the line was added */
    unitPrice: bigNumber('unit_price').notNull(),
    /** centavos: the product's cost_price when sold (margins) */
    unitCost: bigNumber('unit_cost').notNull(),
    /** centavos: quantity × unit_price */
    totalPrice: bigNumber('total_price').notNull(),
    /** centavos: the discount given on this line */
    discount: bigNumber('discount').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    tenantKey('sale_items', t),
    sameStoreRef('sale_items_sale_fk', t, t.saleId, sales).onDelete('cascade'),
    sameStoreRef('sale_items_product_fk', t, t.productId, products),
    index('sale_items_sale_idx').on(t.tenantId, t.saleId, t.position),
    index('sale_items_product_idx').on(t.tenantId, t.productId),
    check('sale_items_quantity_check', sql`${t.quantity} > 0`),
    check('sale_items_discount_check', sql`${t.discount} >= 0`),
  ],
);

/**
 * What an admin must look at about a sale: a stock shortfall, a price the product did not
 * have, a device clock not believed. One row per kind per sale, written in the sale's
 * transaction; the details stay on the sale (stock_conflicts, price_conflicts,
 * claimed_sold_at). reviewed_at marks it seen.
 */
export const saleConflicts = pgTable(
  'sale_conflicts',
  {
    ...storeRow(),
    saleId: uuid('sale_id').notNull(),
    kind: text('kind', { enum: SALE_CONFLICT_KINDS }).notNull(),
    createdAt: createdAt(),
    reviewedAt: at('reviewed_at'),
    reviewedBy: uuid('reviewed_by'),
  },
  (t) => [
    tenantKey('sale_conflicts', t),
    sameStoreRef('sale_conflicts_sale_fk', t, t.saleId, sales).onDelete('cascade'),
    uniqueIndex('sale_conflicts_sale_kind_key').on(t.tenantId, t.saleId, t.kind),
    index('sale_conflicts_open_idx')
      .on(t.tenantId, t.createdAt)
      .where(sql`reviewed_at IS NULL`),
    check(
      'sale_conflicts_kind_check',
      sql`${t.kind} IN ('stock', 'price', 'clock', 'discount', 'return_limit', 'store_credit', 'credit', 'store_credit_payout', 'cash_session', 'return_period', 'cancel_reason')`,
    ),
  ],
);

export type SaleRow = typeof sales.$inferSelect;
export type SaleItemRow = typeof saleItems.$inferSelect;
