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
// Every change of stock is a movement (stock_movements: kind, signed quantity, stock
// after, reason, who, the document): writeStock writes each product's movement in the
// statement that changes its stock (a new sale run inserts its per-sale movements in its
// own one statement: sale-create-write.ts).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { StockAfter, StockConflict } from '../../shared/contract';
import { executeNamed, type DbOrTx } from '../db/client';
import { products, stockMovements, type ProductRow, type StockMovementKind } from '../db/schema';
import { AppError } from '../errors';

export interface StockMove {
  productId: string;
  /** Units taken from stock (negative: returned to stock). */
  take: number;
}

/** Why stock moved, and the document it came from: the movement written with the change. */
export interface StockMovementOf {
  kind: StockMovementKind;
  /** a person's words (required for an adjustment) */
  reason?: string | null;
  userId?: string | null;
  saleId?: string | null;
  /** a stock entry (NF-e import) */
  entryId?: string | null;
  countId?: string | null;
}

/** A product's stock before and after, and the sync version it carries (null: the trigger draws one). */
export interface StockWrite {
  productId: string;
  /** the stock read under the product's row lock */
  from: number;
  to: number;
  version: number | null;
  /** The movement writeStock records with it (a new sale run records its own per sale). */
  movement?: StockMovementOf;
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
  { allowNegative, movement }: { allowNegative: boolean; movement: StockMovementOf },
): StockWrite[] {
  const merged = mergeMoves(moves);
  const short = allowNegative ? [] : shortfalls(merged, rows);
  if (short.length > 0) throw insufficientStock(short);
  return merged.map((m) => {
    const from = rows.get(m.productId)!.currentStock;
    return { productId: m.productId, from, to: from - m.take, version: null, movement };
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
    writes.map((w) => ({
      id: w.productId,
      stock_from: w.from,
      stock_to: w.to,
      version: w.version,
      kind: w.movement?.kind ?? null,
      reason: w.movement?.reason ?? null,
      user_id: w.movement?.userId ?? null,
      sale_id: w.movement?.saleId ?? null,
      entry_id: w.movement?.entryId ?? null,
      count_id: w.movement?.countId ?? null,
    })),
  );
  return sql`UPDATE ${products} AS p
     SET current_stock = x.stock_to, version = coalesce(x.version, p.version), updated_at = ${now}
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, stock_from integer, stock_to integer, version bigint,
         kind text, reason text, user_id uuid, sale_id uuid, entry_id uuid, count_id uuid)
   WHERE p.tenant_id = ${tenantId} AND p.id = x.id AND p.current_stock = x.stock_from
  RETURNING p.id, p.current_stock, p.version, x.stock_from, x.kind, x.reason, x.user_id, x.sale_id, x.entry_id, x.count_id`;
}

/** The movements of the writes a WITH query named `stock` (stockWriteSql) made: one per product written. */
function movementsOfStockSql(tenantId: string, now: Date): SQL {
  return sql`INSERT INTO stock_movements
      (tenant_id, product_id, kind, quantity, stock_after, reason, user_id, sale_id, entry_id, count_id, created_at)
    SELECT ${tenantId}, s.id, s.kind, s.current_stock - s.stock_from, s.current_stock,
           s.reason, s.user_id, s.sale_id, s.entry_id, s.count_id, ${now}
      FROM stock s WHERE s.kind IS NOT NULL`;
}

/** Fails the transaction when fewer products were written than planned. */
export function stockWritten(written: number, planned: number): void {
  if (written !== planned) {
    throw new Error(`estoque alterado fora do lock do produto (${written} de ${planned} produtos gravados)`);
  }
}

/**
 * Writes `writes` alone (line edits, cancel, adjustments, entries, counts) with their
 * movements, in one statement: each product's stock and version after.
 */
export async function writeStock(
  t: DbOrTx,
  tenantId: string,
  writes: readonly StockWrite[],
  now: Date,
): Promise<StockAfter[]> {
  if (writes.length === 0) return [];
  if (writes.some((w) => !w.movement)) throw new Error('writeStock: toda mudança de estoque tem o seu movimento');
  const { rows } = await executeNamed<{ id: string; current_stock: number; version: number | string }>(
    t,
    sql`WITH stock AS (${stockWriteSql(tenantId, writes, now)}), moved AS (${movementsOfStockSql(tenantId, now)})
        SELECT id, current_stock, version FROM stock`,
  );
  stockWritten(rows.length, writes.length);
  return rows.map((r) => ({ product_id: r.id, current_stock: r.current_stock, version: Number(r.version) }));
}

/**
 * The first movement of products created with their stock (the stock is written with the
 * product, as a bulk import creates thousands at once): one movement per product, the whole
 * stock in, in one statement.
 */
export async function writeOpeningStock(
  t: DbOrTx,
  tenantId: string,
  opened: readonly { productId: string; stock: number }[],
  movement: StockMovementOf,
  now: Date,
): Promise<void> {
  const moved = opened.filter((o) => o.stock !== 0);
  if (moved.length === 0) return;
  await t.insert(stockMovements).values(
    moved.map((o) => ({
      tenantId,
      productId: o.productId,
      kind: movement.kind,
      quantity: o.stock,
      stockAfter: o.stock,
      reason: movement.reason ?? null,
      userId: movement.userId ?? null,
      createdAt: now,
    })),
  );
}
