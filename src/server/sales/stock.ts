// Stock movements caused by sales. Callers read what they move with lockProducts (row
// locks, in id order, until commit), then write it; every write of a product row gets a
// new sync version from the stamp_change trigger (migration 0008, catalogue/sync.ts).
// Online moves never take stock below zero: a conditional UPDATE guards each decrement,
// and a shortfall is 409 INSUFFICIENT_STOCK naming each product. Offline moves (sales
// replayed from a till's outbox) always apply and report the shortfalls as conflicts.
import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { StockAfter, StockConflict } from '../../shared/contract';
import type { DbOrTx } from '../db/client';
import { products, type ProductRow } from '../db/schema';
import { AppError } from '../errors';

export interface StockMove {
  productId: string;
  /** Units taken from stock (negative: returned to stock). */
  take: number;
}

/**
 * Live and deleted rows of the given products in the tenant, by id, row-locked until
 * commit. In id order: two transactions locking overlapping products never wait for
 * each other in a circle. NO KEY UPDATE, the lock the stock UPDATE takes anyway: it does
 * not block the KEY SHARE of other sales' lines referencing the product.
 */
export async function lockProducts(
  t: DbOrTx,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await t
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenantId), inArray(products.id, [...new Set(ids)])))
    .orderBy(products.id)
    .for('no key update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** Adds up the moves of each product (several lines may name one product). */
export function mergeMoves(moves: readonly StockMove[]): StockMove[] {
  const byProduct = new Map<string, number>();
  for (const m of moves) byProduct.set(m.productId, (byProduct.get(m.productId) ?? 0) + m.take);
  return [...byProduct]
    .filter(([, take]) => take !== 0)
    .map(([productId, take]) => ({ productId, take }))
    .sort((a, b) => (a.productId < b.productId ? -1 : 1));
}

/** The products whose stock cannot cover what the moves take. */
export function shortfalls(moves: readonly StockMove[], rows: ReadonlyMap<string, ProductRow>): StockConflict[] {
  const out: StockConflict[] = [];
  for (const m of moves) {
    const row = rows.get(m.productId);
    if (!row || m.take <= 0 || row.currentStock >= m.take) continue;
    out.push({
      product_id: row.id,
      product_name: row.name,
      requested: m.take,
      available: Math.max(0, row.currentStock),
    });
  }
  return out;
}

export function insufficientStock(conflicts: readonly StockConflict[]): AppError {
  const parts = conflicts.map((c) => `${c.product_name} (pedido ${c.requested}, disponível ${c.available})`);
  return new AppError('INSUFFICIENT_STOCK', `Estoque insuficiente: ${parts.join('; ')}`, conflicts);
}

/** Online moves (`allowNegative` false): INSUFFICIENT_STOCK when the locked rows cannot cover them. */
export function checkStockMoves(
  moves: readonly StockMove[],
  rows: ReadonlyMap<string, ProductRow>,
  options: { allowNegative: boolean },
): void {
  if (options.allowNegative) return;
  const short = shortfalls(mergeMoves(moves), rows);
  if (short.length > 0) throw insufficientStock(short);
}

/**
 * Applies the (merged) moves and returns each product's stock and sync version
 * afterwards. `allowNegative` false: a decrement beyond stock fails the whole call with
 * INSUFFICIENT_STOCK (the caller's transaction rolls back); check first with
 * checkStockMoves to refuse before writing anything.
 */
export async function applyStockMoves(
  t: DbOrTx,
  tenantId: string,
  moves: readonly StockMove[],
  rows: ReadonlyMap<string, ProductRow>,
  options: { allowNegative: boolean },
): Promise<StockAfter[]> {
  const merged = mergeMoves(moves);
  if (merged.length === 0) return [];
  checkStockMoves(merged, rows, options);
  const after: StockAfter[] = [];
  const now = new Date();
  for (const move of merged) {
    const guard = options.allowNegative || move.take <= 0 ? undefined : gte(products.currentStock, move.take);
    const [row] = await t
      .update(products)
      .set({ currentStock: sql`${products.currentStock} - ${move.take}`, updatedAt: now })
      .where(and(eq(products.tenantId, tenantId), eq(products.id, move.productId), guard))
      .returning({ id: products.id, currentStock: products.currentStock, version: products.version });
    if (!row) {
      // Only reachable if a writer changed stock without locking the product.
      const known = rows.get(move.productId);
      throw insufficientStock([
        {
          product_id: move.productId,
          product_name: known?.name ?? move.productId,
          requested: move.take,
          available: Math.max(0, known?.currentStock ?? 0),
        },
      ]);
    }
    after.push({ product_id: row.id, current_stock: row.currentStock, version: row.version });
  }
  return after;
}

/** A product's stock before and after a run of sales, and its sync version after it. */
export interface StockWrite {
  productId: string;
  /** the stock read under the product's row lock */
  from: number;
  to: number;
  /** drawn after the row lock (sale-reads.ts) */
  version: number;
}

/**
 * The UPDATE (for a WITH: sale-writes.ts) that writes the final stock of every product a
 * run of sales moved, RETURNING the ids written. Each row is guarded by the stock read
 * under its lock: a row another writer changed meanwhile (which the locks rule out) is not
 * written, and the caller fails the transaction instead of overwriting it.
 */
export function stockWriteSql(tenantId: string, writes: readonly StockWrite[], now: Date): SQL {
  const json = JSON.stringify(
    writes.map((w) => ({ id: w.productId, stock_from: w.from, stock_to: w.to, version: w.version })),
  );
  return sql`UPDATE ${products} AS p
     SET current_stock = x.stock_to, version = x.version, updated_at = ${now}
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, stock_from integer, stock_to integer, version bigint)
   WHERE p.tenant_id = ${tenantId} AND p.id = x.id AND p.current_stock = x.stock_from
  RETURNING p.id`;
}
