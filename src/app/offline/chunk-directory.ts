// Which chunk record holds each chunked product (product-store.ts), kept in memory: an
// IndexedDB index of every product's id (multi-entry) made writing a large first load
// several times slower, and only deltas and acknowledgements look a product up.
// The directory may lag the database but is never wrong where it matters, because of
// two rules of the chunks: a chunk is only ever added with a new, larger key (the
// autoincrement never reuses a committed one), and a rewritten chunk only loses rows.
// So a directory read at any moment, plus the chunks added after its largest key (read
// on every use), finds every chunked product; an entry whose chunk has since lost the
// row (another tab moved it) is harmless, as callers look for the row in the chunk read.
import Dexie, { type Transaction } from 'dexie';
import type { BalcaoDb, ProductChunk } from './db';

export interface ChunkDirectory {
  /** product id => key of the chunk that held it when last seen */
  chunkOf: Map<string, number>;
  /** the largest chunk key seen; larger ones are read on the next use */
  lastKey: number;
}

const directories = new WeakMap<BalcaoDb, ChunkDirectory>();
const watched = new WeakSet<object>();

function note(directory: ChunkDirectory, chunks: readonly ProductChunk[]): void {
  for (const chunk of chunks) {
    for (const row of chunk.rows) directory.chunkOf.set(row.id, chunk.key!);
    directory.lastKey = Math.max(directory.lastKey, chunk.key!);
  }
}

function fromChunks(chunks: readonly ProductChunk[]): ChunkDirectory {
  const directory: ChunkDirectory = { chunkOf: new Map(), lastKey: 0 };
  note(directory, chunks);
  return directory;
}

/**
 * The directory, current with every committed chunk. Call inside a transaction over
 * productChunks; the first call of a page reads every chunk, unless a full read of the
 * mirror (readAllChunks) already gave it.
 */
export async function chunkDirectory(db: BalcaoDb): Promise<ChunkDirectory> {
  const known = directories.get(db);
  if (known) {
    const added = await db.productChunks.where(':id').above(known.lastKey).toArray();
    if (directories.get(db) !== known) return chunkDirectory(db);
    if (added.length > 0) changeDirectory(db, (directory) => note(directory, added));
    return known;
  }
  const built = fromChunks(await db.productChunks.toArray());
  // A caller that finished building meanwhile read the database no earlier than this one.
  if (directories.has(db)) return chunkDirectory(db);
  directories.set(db, built);
  // Read inside a transaction, it may hold that transaction's own writes.
  dropOnAbort(db, built);
  return built;
}

/** Every chunk (a consistent read); gives the directory to a page that has none yet. */
export async function readAllChunks(db: BalcaoDb): Promise<ProductChunk[]> {
  const chunks = await db.productChunks.toArray();
  if (!directories.has(db)) directories.set(db, fromChunks(chunks));
  return chunks;
}

/**
 * Records a change the current transaction made to the chunks. If that transaction is
 * then rolled back (and with it the autoincrement), the directory is dropped and read
 * again on the next use.
 */
export function changeDirectory(db: BalcaoDb, change: (directory: ChunkDirectory) => void): void {
  const directory = directories.get(db);
  // None: the next use reads the chunks as they are.
  if (!directory) return;
  change(directory);
  dropOnAbort(db, directory);
}

/** Outside a transaction every write has committed already. */
function dropOnAbort(db: BalcaoDb, directory: ChunkDirectory): void {
  const tx = Dexie.currentTransaction as Transaction | null | undefined;
  if (!tx || watched.has(tx)) return;
  watched.add(tx);
  tx.on('abort', () => {
    if (directories.get(db) === directory) directories.delete(db);
  });
}

/** Notes chunks just added by the current transaction. */
export function noteAdded(db: BalcaoDb, chunks: readonly ProductChunk[]): void {
  changeDirectory(db, (directory) => note(directory, chunks));
}
