// The one writer of stock. Whatever moves stock (a new sale, a line edit, a cancel) reads
// the products it moves row-locked (in id order: two transactions locking overlapping
// products never wait for each other in a circle), works out each product's stock after
// the moves, and writes them with stockWriteSql: one UPDATE for any number of products,
// each row guarded by the stock read under its lock. Every product write carries a new
// sync version (catalogue/sync.ts): the one the writer drew after its locks (a sale run:
// one per sale that moved the product), or else one drawn by the stamp_change trigger.
// Online moves never take stock below zero (a shortfall is 409 INSUFFICIENT_STOCK naming
// each product); offline ones (sales replayed from a till's outbox) always apply, and the
// caller records the shortfalls as conflicts.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { StockAfter, StockConflict } from '../../shared/contract';
import { executeNamed, type DbOrTx } from '../db/client';
import { products, type ProductRow } from '../db/schema';
import { AppError } from '../errors';

export interface StockMove {
  productId: string;
  /** Units taken from stock (negative: returned to stock). */
  take: number;
}

/** A product's stock before and after, and the sync version it carries (null: the trigger draws one). */
export interface StockWrite {
  productId: string;
  /** the stock read under the product's row lock */
  from: number;
  to: number;
  version: number | null;
}

/**
 * Live and deleted rows of the given products in the tenant, by id, row-locked until
 * commit. NO KEY UPDATE, the lock the stock UPDATE takes anyway: it does not block the KEY
 * SHARE of other sales' lines referencing the product. (A new sale run locks its products
 * in its own read: sale-create-read.ts.)
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

/** Adds up the moves of each product (several lines may name one product), in id order. */
export function mergeMoves(moves: readonly StockMove[]): StockMove[] {
  const byProduct = new Map<string, number>();
  for (const m of moves) byProduct.set(m.productId, (byProduct.get(m.productId) ?? 0) + m.take);
  return [...byProduct]
    .filter(([, take]) => take !== 0)
    .map(([productId, take]) => ({ productId, take }))
    .sort((a, b) => (a.productId < b.productId ? -1 : 1));
}

/** The products whose stock cannot cover what the (merged) moves take. */
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

/**
 * The writes of `moves` on the locked `rows`; online (`allowNegative` false) a move
 * beyond stock throws INSUFFICIENT_STOCK before anything is written.
 */
export function stockWritesOf(
  moves: readonly StockMove[],
  rows: ReadonlyMap<string, ProductRow>,
  { allowNegative }: { allowNegative: boolean },
): StockWrite[] {
  const merged = mergeMoves(moves);
  const short = allowNegative ? [] : shortfalls(merged, rows);
  if (short.length > 0) throw insufficientStock(short);
  return merged.map((m) => {
    const from = rows.get(m.productId)!.currentStock;
    return { productId: m.productId, from, to: from - m.take, version: null };
  });
}

/**
 * The UPDATE writing `writes`, RETURNING each product written with its stock and version
 * (for a WITH, as a new sale run writes everything in one statement). A row another writer
 * changed after it was read (which the locks rule out) is not written: the caller fails
 * the transaction (stockWritten) instead of overwriting it.
 */
export function stockWriteSql(tenantId: string, writes: readonly StockWrite[], now: Date): SQL {
  const json = JSON.stringify(
    writes.map((w) => ({ id: w.productId, stock_from: w.from, stock_to: w.to, version: w.version })),
  );
  return sql`UPDATE ${products} AS p
     SET current_stock = x.stock_to, version = coalesce(x.version, p.version), updated_at = ${now}
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, stock_from integer, stock_to integer, version bigint)
   WHERE p.tenant_id = ${tenantId} AND p.id = x.id AND p.current_stock = x.stock_from
  RETURNING p.id, p.current_stock, p.version`;
}

/** Fails the transaction when fewer products were written than planned. */
export function stockWritten(written: number, planned: number): void {
  if (written !== planned) {
    throw new Error(`estoque alterado fora do lock do produto (${written} de ${planned} produtos gravados)`);
  }
}

/** Writes `writes` alone (line edits, cancel): each product's stock and version after. */
export async function writeStock(
  t: DbOrTx,
  tenantId: string,
  writes: readonly StockWrite[],
  now: Date,
): Promise<StockAfter[]> {
  if (writes.length === 0) return [];
  const { rows } = await executeNamed<{ id: string; current_stock: number; version: number | string }>(
    t,
    stockWriteSql(tenantId, writes, now),
  );
  stockWritten(rows.length, writes.length);
  return rows.map((r) => ({ product_id: r.id, current_stock: r.current_stock, version: Number(r.version) }));
}
