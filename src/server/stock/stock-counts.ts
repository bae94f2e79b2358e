// Inventário: opening a count, recording what was counted, finishing or cancelling it.
//
// Sales during a count: each counted line keeps the stock the system had at the moment it
// was counted (stock_when_counted), and finishing moves the stock by counted minus that
// figure, not to the counted figure. A sale after a product was counted has already taken
// its units from the stock, and the difference is added on top, so the sale is never
// counted away (counted 8 when the system said 10; one sold since: 9 - 2 = 7).
//
// A count typed offline arrives later with the device's counted_at: the line compares with
// the stock the system had at that moment (today's stock with every movement since undone,
// a sale's by when it was sold), and a line counted later on another device is not
// replaced by an older one that arrives after it.
//
// Finishing is one transaction: the count row locked, one 'count' movement per product
// whose count differs (the one stock writer, reason 'Inventário', the count's id), the
// count marked confirmed. Finishing a confirmed count again writes nothing and answers
// the same count, so a repeat after a lost answer never moves stock twice. Products not
// counted keep their stock.
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  STOCK_COUNT_NOT_OPEN,
  STOCK_COUNT_OPEN_ALREADY,
  STOCK_COUNT_OUTSIDE,
  STOCK_COUNT_REASON,
  type StockCount,
  type StockCountCreate,
  type StockCountLine,
  type StockCountLineUpdate,
} from '../../shared/contract';
import { inTransaction, type DbOrTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { products, stockCountItems, stockCounts } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { moveStock } from '../ledgers/stock-moves';
import { saleTime } from '../core/sale-time';
import { STOCK_COUNT_NOT_FOUND, coveredProducts, getStockCount, stockCountLine } from './stock-count-reads';

interface Caller {
  tenantId: string;
  userId: string | null;
}

export async function openStockCount(db: DbOrTx, caller: Caller, input: StockCountCreate, tx?: DbOrTx) {
  const search = input.search?.trim() || null;
  try {
    return await inTransaction(db, tx, async (t) => {
      const [row] = await t
        .insert(stockCounts)
        .values({ tenantId: caller.tenantId, search, createdBy: caller.userId })
        .returning({ id: stockCounts.id });
      return getStockCount(t, caller.tenantId, row!.id);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'stock_counts_one_open_key')) throw conflict(STOCK_COUNT_OPEN_ALREADY);
    throw err;
  }
}

/** The count row locked until the transaction ends (a finish waits for a line being written, and the other way round). */
async function lockCount(t: DbOrTx, tenantId: string, id: string, mode: 'update' | 'share') {
  const [row] = await t
    .select()
    .from(stockCounts)
    .where(and(eq(stockCounts.tenantId, tenantId), eq(stockCounts.id, id)))
    .for(mode);
  if (!row) throw notFound(STOCK_COUNT_NOT_FOUND);
  return row;
}

/** What was counted of one product, with the stock the system has at this moment. */
export async function setCounted(
  db: DbOrTx,
  caller: Caller,
  id: string,
  productId: string,
  { counted, counted_at }: StockCountLineUpdate,
  tx?: DbOrTx,
): Promise<StockCountLine> {
  const { tenantId } = caller;
  const now = new Date();
  // The device's clock under the sale's rule; never later than now.
  const countedAt = counted_at ? new Date(Math.min(saleTime(counted_at, now).soldAt.getTime(), now.getTime())) : now;
  return inTransaction(db, tx, async (t) => {
    const count = await lockCount(t, tenantId, id, 'share');
    if (count.status !== 'open') throw conflict(STOCK_COUNT_NOT_OPEN);
    // Share-locked: a sale of the product in flight commits first, and one after it sees this line (sale-counted.ts).
    const [covered] = await t
      .select({ id: products.id })
      .from(products)
      .where(and(coveredProducts(tenantId, count.search), eq(products.id, productId)))
      .for('share');
    if (!covered) throw badRequest(STOCK_COUNT_OUTSIDE);
    // The stock read in the same statement that records the count: committed sales only.
    const since = sql`(SELECT coalesce(sum(m.quantity), 0) FROM stock_movements m
        LEFT JOIN sales s ON m.kind = 'sale' AND s.tenant_id = m.tenant_id AND s.id = m.sale_id
       WHERE m.tenant_id = p.tenant_id AND m.product_id = p.id
         AND coalesce(s.sold_at, m.created_at) > ${countedAt.toISOString()}::timestamptz)`;
    await t.execute(sql`
      INSERT INTO stock_count_items (tenant_id, count_id, product_id, counted, stock_when_counted, counted_at)
      SELECT p.tenant_id, ${id}, p.id, ${counted},
             p.current_stock ${counted_at ? sql`- ${since}` : sql``}, ${countedAt.toISOString()}::timestamptz
        FROM products p WHERE p.tenant_id = ${tenantId} AND p.id = ${productId}
      ON CONFLICT (tenant_id, count_id, product_id) DO UPDATE
        SET counted = EXCLUDED.counted, stock_when_counted = EXCLUDED.stock_when_counted, counted_at = EXCLUDED.counted_at
        WHERE stock_count_items.counted_at <= EXCLUDED.counted_at`);
    return stockCountLine(t, tenantId, id, productId);
  });
}

export async function confirmStockCount(db: DbOrTx, caller: Caller, id: string, tx?: DbOrTx): Promise<StockCount> {
  const { tenantId } = caller;
  return inTransaction(db, tx, async (t) => {
    const count = await lockCount(t, tenantId, id, 'update');
    if (count.status === 'confirmed') return getStockCount(t, tenantId, id);
    if (count.status !== 'open') throw conflict(STOCK_COUNT_NOT_OPEN);
    const differing = await t
      .select({
        productId: stockCountItems.productId,
        counted: stockCountItems.counted,
        was: stockCountItems.stockWhenCounted,
      })
      .from(stockCountItems)
      .innerJoin(
        products,
        and(eq(products.tenantId, stockCountItems.tenantId), eq(products.id, stockCountItems.productId)),
      )
      .where(
        and(
          eq(stockCountItems.tenantId, tenantId),
          eq(stockCountItems.countId, id),
          ne(stockCountItems.counted, stockCountItems.stockWhenCounted),
          sql`${products.deletedAt} IS NULL`,
        ),
      );
    await moveStock(
      t,
      tenantId,
      differing.map((d) => ({ productId: d.productId, quantity: d.counted - d.was })),
      { kind: 'count', countId: id, userId: caller.userId, reason: STOCK_COUNT_REASON },
    );
    await t
      .update(stockCounts)
      .set({ status: 'confirmed', confirmedBy: caller.userId, closedAt: new Date() })
      .where(and(eq(stockCounts.tenantId, tenantId), eq(stockCounts.id, id)));
    return getStockCount(t, tenantId, id);
  });
}

/** Cancelling leaves every stock as it is; cancelling a cancelled count again is the same answer. */
export async function cancelStockCount(db: DbOrTx, caller: Caller, id: string, tx?: DbOrTx): Promise<StockCount> {
  const { tenantId } = caller;
  return inTransaction(db, tx, async (t) => {
    const count = await lockCount(t, tenantId, id, 'update');
    if (count.status === 'confirmed') throw conflict(STOCK_COUNT_NOT_OPEN);
    if (count.status === 'open') {
      await t
        .update(stockCounts)
        .set({ status: 'cancelled', closedAt: new Date() })
        .where(and(eq(stockCounts.tenantId, tenantId), eq(stockCounts.id, id)));
    }
    return getStockCount(t, tenantId, id);
  });
}
