// Stock movements and counts (migration 0014). The foreign keys (to tenants, products and
// a count's items to their count) are in the migration; they are not repeated here so this
// file needs nothing of schema.ts (which re-exports it).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { STOCK_MOVEMENT_KINDS } from '../../../shared/contract/stock-movements';
import { at, bigNumber, rowId, tenantKey } from './base';

export type { StockMovementKind } from '../../../shared/contract/stock-movements';

const tenantId = () => uuid('tenant_id').notNull();

/** Every change of a product's stock (server/sales/stock.ts writes them with the change). */
export const stockMovements = pgTable(
  'stock_movements',
  {
    tenantId: tenantId(),
    id: rowId(),
    /** Insertion order: a product's movements newest first by it. */
    seq: bigNumber('seq').generatedAlwaysAsIdentity(),
    productId: uuid('product_id').notNull(),
    kind: text('kind', { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    /** Signed: units into stock (positive) or out of it (negative); 0 only for a sale a count had already taken (count_id). */
    quantity: integer('quantity').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason'),
    userId: uuid('user_id'),
    saleId: uuid('sale_id'),
    /** A stock entry (NF-e import). */
    entryId: uuid('entry_id'),
    countId: uuid('count_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey('stock_movements', t),
    index('stock_movements_product_idx').on(t.tenantId, t.productId, t.seq),
    index('stock_movements_sale_idx')
      .on(t.tenantId, t.saleId)
      .where(sql`sale_id IS NOT NULL`),
    index('stock_movements_entry_idx')
      .on(t.tenantId, t.entryId)
      .where(sql`entry_id IS NOT NULL`),
  ],
);

/** Inventário: one open per store; confirmed into 'count' movements. */
export const stockCounts = pgTable(
  'stock_counts',
  {
    tenantId: tenantId(),
    id: rowId(),
    status: text('status', { enum: ['open', 'confirmed', 'cancelled'] })
      .notNull()
      .default('open'),
    /** The products it covers: those this search finds (null: all). */
    search: text('search'),
    createdBy: uuid('created_by'),
    confirmedBy: uuid('confirmed_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
  },
  (t) => [
    tenantKey('stock_counts', t),
    uniqueIndex('stock_counts_one_open_key')
      .on(t.tenantId)
      .where(sql`status = 'open'`),
  ],
);

/** A counted product: what was counted and the stock the system had at that moment. */
export const stockCountItems = pgTable(
  'stock_count_items',
  {
    tenantId: tenantId(),
    countId: uuid('count_id').notNull(),
    productId: uuid('product_id').notNull(),
    counted: integer('counted').notNull(),
    stockWhenCounted: integer('stock_when_counted').notNull(),
    countedAt: at('counted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'stock_count_items_pkey', columns: [t.tenantId, t.countId, t.productId] }),
    index('stock_count_items_product_idx').on(t.tenantId, t.productId, t.countedAt),
  ],
);

export type StockMovementRow = typeof stockMovements.$inferSelect;
