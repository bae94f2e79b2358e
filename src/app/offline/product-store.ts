// Where the mirrored products live. A first load writes them in chunks of many products
// per IndexedDB record (productChunks): Chromium spends about 0.1 ms on every record it
// writes, so a record per product made a 50,000-product catalogue take seconds. Every
// later write of a product (a delta, a sale's acknowledgement) moves it into the
// products table, one record per product.
// A product is in exactly one of the two places. Call these inside a transaction over
// products and productChunks.
import type { BalcaoDb, MirrorProduct, ProductChunk } from './db';

/**
 * Products per chunk record: moving one product out rewrites at most this many. Also, a
 * 5,000-row page makes 50 records, and Dexie notes each written key of each index one by
 * one only for writes of fewer than 50 records (its liveQuery bookkeeping of the 5,000
 * ids of a page cost more than writing them); larger writes are noted as "the whole
 * table changed", which every reader of productChunks handles.
 */
export const CHUNK_ROWS = 100;

/** The chunks holding any of these ids. */
async function chunksHolding(db: BalcaoDb, ids: readonly string[]): Promise<ProductChunk[]> {
  if (ids.length === 0 || (await db.productChunks.limit(1).count()) === 0) return [];
  return db.productChunks.where('ids').anyOf(ids).distinct().toArray();
}

/** Takes these ids out of their chunks; a chunk left empty is deleted. */
async function removeFromChunks(db: BalcaoDb, chunks: ProductChunk[], ids: ReadonlySet<string>): Promise<void> {
  const rewritten: ProductChunk[] = [];
  const emptied: number[] = [];
  for (const chunk of chunks) {
    if (!chunk.ids.some((id) => ids.has(id))) continue;
    const rows = chunk.rows.filter((row) => !ids.has(row.id));
    if (rows.length > 0) rewritten.push({ key: chunk.key, ids: rows.map((row) => row.id), rows });
    else emptied.push(chunk.key!);
  }
  if (rewritten.length > 0) await db.productChunks.bulkPut(rewritten);
  if (emptied.length > 0) await db.productChunks.bulkDelete(emptied);
}

/** The ids held in chunks (the multi-entry index's keys; no row is read). */
export async function chunkedIds(db: BalcaoDb): Promise<Set<string>> {
  return new Set((await db.productChunks.orderBy('ids').uniqueKeys()) as string[]);
}

/**
 * Writes rows as new chunks. The caller knows none of them is older than what the
 * mirror holds; ids already in a chunk (changed again while a first load ran) leave it.
 */
export async function addProductChunks(
  db: BalcaoDb,
  rows: readonly MirrorProduct[],
  alreadyChunked: ReadonlySet<string>,
): Promise<void> {
  const again = rows.filter((row) => alreadyChunked.has(row.id)).map((row) => row.id);
  if (again.length > 0) await removeFromChunks(db, await chunksHolding(db, again), new Set(again));
  const chunks: ProductChunk[] = [];
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    const part = rows.slice(i, i + CHUNK_ROWS);
    chunks.push({ ids: part.map((row) => row.id), rows: part });
  }
  await db.productChunks.bulkAdd(chunks);
}

/** Products by id, wherever they are. */
export async function getProducts(db: BalcaoDb, ids: readonly string[]): Promise<(MirrorProduct | undefined)[]> {
  const inTable = await db.products.bulkGet([...ids]);
  const missing = ids.filter((_, i) => !inTable[i]);
  if (missing.length === 0) return inTable;
  const wanted = new Set(missing);
  const inChunks = new Map<string, MirrorProduct>();
  for (const chunk of await chunksHolding(db, missing)) {
    for (const row of chunk.rows) if (wanted.has(row.id)) inChunks.set(row.id, row);
  }
  return ids.map((id, i) => inTable[i] ?? inChunks.get(id));
}

/** Keeps the newer of two versions of each row (a late page never undoes a newer write). */
export async function putNewerProducts(db: BalcaoDb, rows: readonly MirrorProduct[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((row) => row.id);
  const inTable = await db.products.bulkGet(ids);
  const chunks = await chunksHolding(db, ids);
  const inChunks = new Map<string, MirrorProduct>();
  for (const chunk of chunks) for (const row of chunk.rows) inChunks.set(row.id, row);
  const newer = rows.filter((row, i) => {
    const current = inTable[i] ?? inChunks.get(row.id);
    return !current || current.version <= row.version;
  });
  if (newer.length > 0) await db.products.bulkPut(newer);
  await removeFromChunks(db, chunks, new Set(newer.map((row) => row.id)));
}

export async function deleteProducts(db: BalcaoDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.products.bulkDelete([...ids]);
  await removeFromChunks(db, await chunksHolding(db, ids), new Set(ids));
}

/** How many products the mirror holds. */
export async function countProducts(db: BalcaoDb): Promise<number> {
  return (await db.products.count()) + (await db.productChunks.orderBy('ids').count());
}

/** Whether the mirror holds any product (cheap). */
export async function hasProducts(db: BalcaoDb): Promise<boolean> {
  return (await db.products.limit(1).count()) + (await db.productChunks.limit(1).count()) > 0;
}
