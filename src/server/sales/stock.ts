// Stock movements caused by sales. Callers read what they move with lockProducts (row
// locks, in id order, until commit), then write it; every write of a product row gets a
// new sync version from the stamp_change trigger (migration 0008, catalogue/sync.ts).
// Online moves never take stock below zero: a conditional UPDATE guards each decrement,
// and a shortfall is 409 INSUFFICIENT_STOCK naming each product. Offline moves (sales
// replayed from a till's outbox) always apply and report the shortfalls as conflicts.
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
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

/** A product's stock before and after a run of sales. */
export interface StockWrite {
  productId: string;
  /** the stock read under the product's row lock */
  from: number;
  to: number;
}

/**
 * Writes the final stock of every product a run of sales moved, in ONE statement, and
 * draws one sync version per move: `moves` lists the product of each move in the order of
 * the sales (a product moved by three sales is there three times). The answer is each
 * product's versions, ascending: the k-th sale that moved a product answers its stock
 * after it with the k-th, and the row keeps the last, so a till applying the answers in
 * any order keeps the newest. Drawn under the rows' locks, they exceed every version those
 * rows had. Each row is guarded by the stock read under its lock: a row another writer
 * changed meanwhile (which the locks rule out) fails the whole transaction instead of
 * being overwritten.
 */
export async function writeStock(
  t: DbOrTx,
  tenantId: string,
  writes: readonly StockWrite[],
  moves: readonly string[],
): Promise<Map<string, number[]>> {
  if (writes.length === 0) return new Map();
  const now = new Date();
  // Text parameters whatever the number of products (no VALUES list to chunk).
  const list = (pick: (w: StockWrite) => string | number) => writes.map(pick).join(',');
  const { rows } = (await t.execute(sql`
    WITH v AS (
      -- In the order of the moves: one sale's versions come before the next one's.
      SELECT m.id, nextval('change_versions') AS version
        FROM unnest(string_to_array(${moves.join(',')}, ',')::uuid[]) WITH ORDINALITY AS m(id, n)
    ), w AS (
      UPDATE ${products} AS p
         SET current_stock = x.stock_to, updated_at = ${now},
             version = (SELECT max(v.version) FROM v WHERE v.id = p.id)
        FROM unnest(string_to_array(${list((w) => w.productId)}, ',')::uuid[],
                    string_to_array(${list((w) => w.from)}, ',')::integer[],
                    string_to_array(${list((w) => w.to)}, ',')::integer[]) AS x(id, stock_from, stock_to)
       WHERE p.tenant_id = ${tenantId} AND p.id = x.id AND p.current_stock = x.stock_from
      RETURNING p.id
    )
    SELECT (SELECT count(*) FROM w)::integer AS written,
           (SELECT string_agg(v.id || ':' || v.version, ',' ORDER BY v.version) FROM v) AS versions`)) as unknown as {
    rows: { written: number | string; versions: string | null }[];
  };
  const row = rows[0]!;
  const written = Number(row.written);
  if (written !== writes.length) {
    throw new Error(`estoque alterado fora do lock do produto (${written} de ${writes.length} produtos gravados)`);
  }
  const versions = new Map<string, number[]>();
  for (const pair of (row.versions ?? '').split(',')) {
    const [id, version] = pair.split(':');
    const list = versions.get(id!);
    if (list) list.push(Number(version));
    else versions.set(id!, [Number(version)]);
  }
  return versions;
}
