// An in-memory copy of a mirror table (products or customers) and its search index,
// for the till. Read whole once; afterwards only the rows Dexie reports as written (its
// 'storagemutated' event, which also carries other tabs' writes) are read again, and
// the index is rebuilt only when a searchable key changed: a sale acknowledged against
// a 50,000-product catalogue costs a few row reads, not a table scan. Products also live
// in chunk records (product-store.ts): a written chunk is read again whole, and the ids
// it no longer holds are looked up in the products table (moved there) or dropped.
import Dexie, { RangeSet, type IntervalTree, type ObservabilitySet } from 'dexie';
import { readAllChunks } from './chunk-directory';
import type { BalcaoDb, MirrorCustomer, MirrorProduct, ProductChunk } from './db';
import { updateCustomerIndex, updateProductIndex, type MirrorChange, type SearchIndex } from './search-index';

export interface MirrorSnapshot<T> {
  ready: boolean;
  rows: ReadonlyMap<string, T>;
  index: SearchIndex | null;
  /** bumps on every applied change */
  revision: number;
}

type UpdateIndex<T> = (previous: SearchIndex | null, rows: ReadonlyMap<string, T>, change: MirrorChange) => SearchIndex;

type TableName = 'products' | 'customers';
type RowOf<N extends TableName> = N extends 'products' ? MirrorProduct : MirrorCustomer;

export class MirrorCache<N extends TableName> {
  private rows = new Map<string, RowOf<N>>();
  private snapshot: MirrorSnapshot<RowOf<N>> = { ready: false, rows: this.rows, index: null, revision: 0 };
  private listeners = new Set<() => void>();
  private queued: { full: boolean; ids: Set<string>; chunks: Set<number> } | null = null;
  private draining = false;
  private started = false;
  private readonly prefix: string;
  /** products only: the chunk records' ids as last read, and each id's chunk */
  private readonly chunkPrefix: string | null;
  private chunkIds = new Map<number, string[]>();
  private chunkOf = new Map<string, number>();

  constructor(
    private readonly db: BalcaoDb,
    private readonly table: N,
    private readonly updateIndex: UpdateIndex<RowOf<N>>,
  ) {
    this.prefix = `idb://${db.name}/${table}/`;
    this.chunkPrefix = table === 'products' ? `idb://${db.name}/productChunks/` : null;
  }

  getSnapshot = (): MirrorSnapshot<RowOf<N>> => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    // Once read, the copy is kept current for the rest of the page's life: going back
    // to the till must not read the whole catalogue again.
    if (!this.started) this.start();
    return () => {
      this.listeners.delete(listener);
    };
  };

  private start() {
    this.started = true;
    Dexie.on('storagemutated', this.onMutated);
    this.enqueue(true, [], []);
  }

  private onMutated = (parts: ObservabilitySet) => {
    const rows = keysWritten(parts, this.prefix, 'string');
    const chunks = this.chunkPrefix ? keysWritten(parts, this.chunkPrefix, 'number') : null;
    if (!rows && !chunks) return;
    this.enqueue(rows?.full === true || chunks?.full === true, rows?.keys ?? [], chunks?.keys ?? []);
  };

  private enqueue(full: boolean, ids: string[], chunks: number[]) {
    this.queued ??= { full: false, ids: new Set(), chunks: new Set() };
    this.queued.full ||= full;
    for (const id of ids) this.queued.ids.add(id);
    for (const key of chunks) this.queued.chunks.add(key);
    if (!this.draining) void this.drain();
  }

  /** Every row: the table's, and for products the chunks' too. */
  private async readAll(): Promise<Map<string, RowOf<N>>> {
    const rows = new Map<string, RowOf<N>>();
    for (const row of await this.db.table<RowOf<N>, string>(this.table).toArray()) rows.set(row.id, row);
    this.chunkIds = new Map();
    this.chunkOf = new Map();
    if (this.chunkPrefix) {
      for (const chunk of await readAllChunks(this.db)) this.takeChunk(rows, chunk.key!, chunk);
    }
    return rows;
  }

  /** Puts a chunk's rows in `rows` and records what it holds. */
  private takeChunk(rows: Map<string, RowOf<N>>, key: number, chunk: ProductChunk): string[] {
    const ids = chunk.rows.map((row) => row.id);
    for (const row of chunk.rows) {
      rows.set(row.id, row as RowOf<N>);
      this.chunkOf.set(row.id, key);
    }
    this.chunkIds.set(key, ids);
    return ids;
  }

  /** Applies written chunks to `rows`; returns every id they held before or hold now. */
  private async applyChunks(rows: Map<string, RowOf<N>>, keys: number[]): Promise<string[]> {
    const chunks = await this.db.productChunks.bulkGet(keys);
    const touched: string[] = [];
    keys.forEach((key, i) => {
      for (const id of this.chunkIds.get(key) ?? []) {
        if (this.chunkOf.get(id) !== key) continue;
        // Left the chunk: moved into the table (read below) or deleted.
        rows.delete(id);
        this.chunkOf.delete(id);
        touched.push(id);
      }
      this.chunkIds.delete(key);
      const chunk = chunks[i];
      if (chunk) touched.push(...this.takeChunk(rows, key, chunk));
    });
    return touched;
  }

  /** Applies queued changes one batch at a time (changes arriving meanwhile form the next batch). */
  private async drain() {
    this.draining = true;
    try {
      while (this.queued) {
        const batch = this.queued;
        this.queued = null;
        const table = this.db.table<RowOf<N>, string>(this.table);
        const change: MirrorChange = batch;
        if (batch.full) {
          this.rows = await this.readAll();
        } else {
          // A copy, so a snapshot handed to React never changes under it.
          const next = new Map(this.rows);
          const chunkTouched = batch.chunks.size > 0 ? await this.applyChunks(next, [...batch.chunks]) : [];
          const ids = [...new Set([...batch.ids, ...chunkTouched])].filter((id) => !this.chunkOf.has(id));
          const found = await table.bulkGet(ids);
          ids.forEach((id, i) => {
            const row = found[i];
            if (row) next.set(id, row);
            else next.delete(id);
          });
          this.rows = next;
          if (chunkTouched.length > 0) change.ids = new Set([...batch.ids, ...chunkTouched]);
        }
        this.snapshot = {
          ready: true,
          rows: this.rows,
          index: this.updateIndex(this.snapshot.index, this.rows, change),
          revision: this.snapshot.revision + 1,
        };
        this.listeners.forEach((listener) => listener());
      }
    } catch {
      // The database closed (another tab upgraded it; see VersionChangeBanner): keep
      // the last copy, the page is about to be reloaded.
    } finally {
      this.draining = false;
    }
  }
}

/** The single keys written or deleted under a table's prefix; `full` for a range (a clear). */
function keysWritten<K extends 'string' | 'number'>(
  parts: ObservabilitySet,
  prefix: string,
  type: K,
): { full: boolean; keys: (K extends 'string' ? string : number)[] } | null {
  const written = parts[prefix];
  const deleted = parts[`${prefix}:dels`];
  if (!written && !deleted) return null;
  const keys: (K extends 'string' ? string : number)[] = [];
  let full = false;
  for (const tree of [written, deleted]) {
    if (!tree) continue;
    for (const node of new RangeSet().add(tree as IntervalTree)) {
      if (typeof node.from === type && node.from === node.to)
        keys.push(node.from as K extends 'string' ? string : number);
      else full = true;
    }
  }
  return { full, keys };
}

const caches = new WeakMap<BalcaoDb, { products: MirrorCache<'products'>; customers: MirrorCache<'customers'> }>();

/** The page's caches of a database (one per table). */
export function mirrorCaches(db: BalcaoDb) {
  let entry = caches.get(db);
  if (!entry) {
    entry = {
      products: new MirrorCache(db, 'products', updateProductIndex),
      customers: new MirrorCache(db, 'customers', updateCustomerIndex),
    };
    caches.set(db, entry);
  }
  return entry;
}
