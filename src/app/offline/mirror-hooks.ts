// The device's catalogue and customers as screens search them: the mirror read once into
// memory (mirror-cache.ts) and kept current, with its search index. Nothing is read until
// the first signed-in screen is painted (screen-painted.ts), nor while `enabled` is false.
import { useCallback, useSyncExternalStore } from 'react';
import { getDb, type MirrorCustomer, type MirrorProduct } from './db';
import { mirrorCaches, type MirrorSnapshot } from './mirror-cache';
import { useScreenPainted } from './screen-painted';
import { findProductByCode, searchCustomerIds, searchProductIds, type SearchIndex } from './search-index';

const noSubscription = () => () => undefined;

export interface MirrorSearch<T> {
  /** false until the mirror has been read once */
  ready: boolean;
  /** how many rows are searchable (active ones) */
  size: number;
  /** every mirrored row by id, active or not, with its current values */
  rows: ReadonlyMap<string, T>;
  search(query: string, limit?: number): T[];
  /** the in-memory index (null until read) */
  index: SearchIndex | null;
}

const NOT_READ: MirrorSnapshot<never> = { ready: false, rows: new Map<string, never>(), index: null, revision: 0 };
const notRead = () => NOT_READ;

function useMirrorSearch<T>(
  cache: { subscribe: (l: () => void) => () => void; getSnapshot: () => MirrorSnapshot<T> } | null,
  find: (index: SearchIndex, query: string, limit?: number) => string[],
): MirrorSearch<T> {
  const { ready, rows, index } = useSyncExternalStore<MirrorSnapshot<T>>(
    cache ? cache.subscribe : noSubscription,
    cache ? cache.getSnapshot : notRead,
    cache ? cache.getSnapshot : notRead,
  );
  const search = useCallback(
    (query: string, limit?: number) => (index ? find(index, query, limit).flatMap((id) => rows.get(id) ?? []) : []),
    [index, rows, find],
  );
  return { ready, size: index?.size ?? 0, rows, search, index };
}

/**
 * The mirrored catalogue with its search (name or SKU), kept current in memory.
 * `enabled` false: nothing is read (never ready). The till waits for the end of a first
 * catalogue load this way: read during that load, the whole table would be read again
 * after every page written.
 */
export function useMirrorProducts(enabled = true): MirrorSearch<MirrorProduct> & {
  /** The active product with this barcode (any GTIN length) or else this exact SKU: what a scan adds. */
  findByCode(code: string): MirrorProduct | null;
} {
  const painted = useScreenPainted();
  const cache = enabled && painted ? mirrorCaches(getDb()).products : null;
  const mirror = useMirrorSearch(cache, searchProductIds);
  const { index, rows } = mirror;
  const findByCode = useCallback(
    (code: string) => {
      const id = index ? findProductByCode(index, code) : null;
      return id === null ? null : (rows.get(id) ?? null);
    },
    [index, rows],
  );
  return { ...mirror, findByCode };
}

/** The mirrored customers with their search (name or CPF/CNPJ); `enabled` as for products. */
export function useMirrorCustomers(enabled = true): MirrorSearch<MirrorCustomer> {
  const painted = useScreenPainted();
  return useMirrorSearch(enabled && painted ? mirrorCaches(getDb()).customers : null, searchCustomerIds);
}
