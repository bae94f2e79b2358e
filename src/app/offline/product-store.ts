// Where the mirrored products live. A first load writes them in chunks of many products
// per IndexedDB record (productChunks): Chromium spends about 0.1 ms on every record it
// writes, so a record per product made a 50,000-product catalogue take seconds. Every
// later write of a product (a delta, a sale's acknowledgement) moves it into the
// products table, one record per product. A product's chunk is found through an
// in-memory directory (chunk-directory.ts), not an IndexedDB index.
// A product is in exactly one of the two places. Call these inside a transaction over
// products and productChunks.
import { changeDirectory, chunkDirectory, noteAdded } from './chunk-directory';
import type { BalcaoDb, MirrorProduct, ProductChunk } from './db';

/**
 * Products per chunk record: moving one product out rewrites at most this many. Also, a
 * 5,000-row page makes 50 records, and Dexie notes each written key one by one only for
 * writes of fewer than 50 records (its liveQuery bookkeeping of a page's keys cost more
 * than writing them); larger writes are noted as "the whole table changed", which every
 * reader of productChunks handles.
 */
export const CHUNK_ROWS = 100;

/** The chunks holding any of these ids (read whole; the caller finds the rows in them). */
async function chunksHolding(db: BalcaoDb, ids: readonly string[]): Promise<ProductChunk[]> {
  if (ids.length === 0) return [];
  const { chunkOf } = await chunkDirectory(db);
  const keys = [...new Set(ids.flatMap((id) => chunkOf.get(id) ?? []))];
  if (keys.length === 0) return [];
  return (await db.productChunks.bulkGet(keys)).filter((chunk) => chunk !== undefined);
}

/** Takes these ids out of their chunks; a chunk left empty is deleted. */
async function removeFromChunks(db: BalcaoDb, chunks: ProductChunk[], ids: ReadonlySet<string>): Promise<void> {
  const rewritten: ProductChunk[] = [];
  const emptied: number[] = [];
  const left: [string, number][] = [];
  for (const chunk of chunks) {
    const rows = chunk.rows.filter((row) => !ids.has(row.id));
    if (rows.length === chunk.rows.length) continue;
    for (const row of chunk.rows) if (ids.has(row.id)) left.push([row.id, chunk.key!]);
    if (rows.length > 0) rewritten.push({ key: chunk.key!, rows });
    else emptied.push(chunk.key!);
  }
  if (rewritten.length > 0) await db.productChunks.bulkPut(rewritten);
  if (emptied.length > 0) await db.productChunks.bulkDelete(emptied);
  changeDirectory(db, ({ chunkOf }) => {
    for (const [id, key] of left) if (chunkOf.get(id) === key) chunkOf.delete(id);
  });
}

/**
 * Writes rows as new chunks. The caller knows none of them is older than what the
 * mirror holds; ids already in a chunk (changed again while a first load ran) leave it.
 */
export async function addProductChunks(db: BalcaoDb, rows: readonly MirrorProduct[]): Promise<void> {
  const directory = await chunkDirectory(db);
  const again = rows.filter((row) => directory.chunkOf.has(row.id)).map((row) => row.id);
  if (again.length > 0) await removeFromChunks(db, await chunksHolding(db, again), new Set(again));
  const chunks: ProductChunk[] = [];
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) chunks.push({ rows: rows.slice(i, i + CHUNK_ROWS) });
  const keys = await db.productChunks.bulkAdd(chunks, { allKeys: true });
  noteAdded(
    db,
    chunks.map((chunk, i) => ({ ...chunk, key: keys[i]! })),
  );
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

/** How many products the mirror holds (reads every chunk). */
export async function countProducts(db: BalcaoDb): Promise<number> {
  let chunked = 0;
  await db.productChunks.each((chunk) => {
    chunked += chunk.rows.length;
  });
  return (await db.products.count()) + chunked;
}

/** Whether the mirror holds any product (cheap). */
export async function hasProducts(db: BalcaoDb): Promise<boolean> {
  return (await db.products.limit(1).count()) + (await db.productChunks.limit(1).count()) > 0;
}
