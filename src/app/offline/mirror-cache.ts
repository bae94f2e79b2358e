// An in-memory copy of a mirror table (products or customers) and its search index,
// for the till. Read whole once; afterwards only the rows Dexie reports as written (its
// 'storagemutated' event, which also carries other tabs' writes) are read again, and
// the index is rebuilt only when a searchable key changed: a sale acknowledged against
// a 50,000-product catalogue costs a few row reads, not a table scan.
import Dexie, { RangeSet, type IntervalTree, type ObservabilitySet } from 'dexie';
import type { BalcaoDb, MirrorCustomer, MirrorProduct } from './db';
import { updateCustomerIndex, updateProductIndex, type SearchIndex } from './search-index';

export interface MirrorChange {
  /** everything may have changed (first read, a clear, a range write) */
  full: boolean;
  /** ids written or deleted */
  ids: ReadonlySet<string>;
}

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
  private queued: { full: boolean; ids: Set<string> } | null = null;
  private draining = false;
  private started = false;
  private readonly prefix: string;

  constructor(
    private readonly db: BalcaoDb,
    private readonly table: N,
    private readonly updateIndex: UpdateIndex<RowOf<N>>,
  ) {
    this.prefix = `idb://${db.name}/${table}/`;
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
    this.enqueue(true, []);
  }

  private onMutated = (parts: ObservabilitySet) => {
    const written = parts[this.prefix];
    const deleted = parts[`${this.prefix}:dels`];
    if (!written && !deleted) return;
    const ids: string[] = [];
    let full = false;
    for (const tree of [written, deleted]) {
      if (!tree) continue;
      for (const node of new RangeSet().add(tree as IntervalTree)) {
        if (typeof node.from === 'string' && node.from === node.to) ids.push(node.from);
        else full = true;
      }
    }
    this.enqueue(full, ids);
  };

  private enqueue(full: boolean, ids: string[]) {
    this.queued ??= { full: false, ids: new Set() };
    this.queued.full ||= full;
    for (const id of ids) this.queued.ids.add(id);
    if (!this.draining) void this.drain();
  }

  /** Applies queued changes one batch at a time (changes arriving meanwhile form the next batch). */
  private async drain() {
    this.draining = true;
    try {
      while (this.queued) {
        const batch = this.queued;
        this.queued = null;
        const table = this.db.table<RowOf<N>, string>(this.table);
        if (batch.full) {
          const all = await table.toArray();
          this.rows = new Map(all.map((row) => [row.id, row]));
        } else {
          const ids = [...batch.ids];
          const found = await table.bulkGet(ids);
          // A copy, so a snapshot handed to React never changes under it.
          const next = new Map(this.rows);
          ids.forEach((id, i) => {
            const row = found[i];
            if (row) next.set(id, row);
            else next.delete(id);
          });
          this.rows = next;
        }
        this.snapshot = {
          ready: true,
          rows: this.rows,
          index: this.updateIndex(this.snapshot.index, this.rows, batch),
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
