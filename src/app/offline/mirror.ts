// The mirror of products and customers: delta pulls on the cursor the server hands back
// (opaque text; never device clocks). Each page is applied in one transaction together with
// the cursor, so an interrupted first load resumes where it stopped instead of
// starting over. The next page is requested while the current one is written. Large
// pages of products go into chunk records while nothing written one at a time could be
// newer (product-store.ts).
import type { z } from 'zod/mini';
import type { SyncPullSchema } from '../../shared/contract';
import type { BalcaoDb, MirrorCustomer, MirrorProduct } from './db';
import { pricesInCentavos } from './mirror-prices';
import { CHUNK_ROWS, addProductChunks, deleteProducts, hasProducts, putNewerProducts } from './product-store';

export type PullPage = z.input<typeof SyncPullSchema>;
/** `since`: the stored cursor, null before the first page. */
export type FetchPage = (since: string | null, limit: number) => Promise<PullPage>;

export interface MirrorProgress {
  loaded: number;
  total: number;
}

export const MIRROR_PAGE_SIZE = 5000;
export const META_CURSOR = 'mirror.cursor';
export const META_LAST_SYNC = 'mirror.lastSyncAt';

/** The stored cursor; an older app stored a number (the server still reads it). */
export async function mirrorCursor(db: BalcaoDb): Promise<string | null> {
  const value = (await db.meta.get(META_CURSOR))?.value as string | number | undefined;
  return value === undefined ? null : String(value);
}

export async function lastSyncAt(db: BalcaoDb): Promise<number | null> {
  return ((await db.meta.get(META_LAST_SYNC))?.value as number | undefined) ?? null;
}

/** Keeps the newer of two versions of a row (a late page never undoes a newer write). */
async function putNewer<T extends { id: string; version: number }>(
  table: { bulkGet: (ids: string[]) => Promise<(T | undefined)[]>; bulkPut: (rows: T[]) => Promise<unknown> },
  rows: T[],
  nothingToCompare: boolean,
): Promise<void> {
  if (rows.length === 0) return;
  if (nothingToCompare) {
    await table.bulkPut(rows);
    return;
  }
  const current = await table.bulkGet(rows.map((r) => r.id));
  await table.bulkPut(rows.filter((row, i) => !current[i] || current[i]!.version <= row.version));
}

/** Pulls every change after the stored cursor. Returns how many rows changed. */
export async function pullMirror(
  db: BalcaoDb,
  fetchPage: FetchPage,
  options: { pageSize?: number; onProgress?: (p: MirrorProgress) => void; now?: () => number } = {},
): Promise<number> {
  const pageSize = options.pageSize ?? MIRROR_PAGE_SIZE;
  const now = options.now ?? Date.now;
  let cursor = await mirrorCursor(db);
  // A first load into an empty mirror, with no sale of this device waiting, has no local
  // customer a page could overwrite: skip the version check and its reads.
  const emptyMirror =
    cursor === null &&
    !(await hasProducts(db)) &&
    (await db.customers.count()) === 0 &&
    (await db.outbox.count()) === 0;
  let loaded = 0;
  let next = fetchPage(cursor, pageSize);
  for (;;) {
    const page = await next;
    const more = page.hasMore && page.cursor !== cursor;
    // The next page travels while this one is written (the cursor is known already).
    if (more) {
      next = fetchPage(page.cursor, pageSize);
      // If writing this page fails, that request's outcome no longer matters.
      next.catch(() => undefined);
    }
    await db.transaction('rw', [db.products, db.productChunks, db.customers, db.meta], async () => {
      // The server's database is an earlier copy (restored) or another one: start over.
      if (page.reset) {
        await Promise.all([db.products.clear(), db.productChunks.clear(), db.customers.clear()]);
      }
      const products: MirrorProduct[] = page.products.map(pricesInCentavos);
      const gone = (entity: 'product' | 'customer') =>
        page.tombstones.filter((t) => t.entity === entity).map((t) => t.id);
      // Page rows are newer than every chunked row (those came from earlier pages); only a
      // row written one at a time (a sale's acknowledgement) could be newer.
      if (products.length >= CHUNK_ROWS && (await db.products.count()) === 0) {
        await addProductChunks(db, products);
      } else {
        await putNewerProducts(db, products);
      }
      await deleteProducts(db, gone('product'));
      await putNewer<MirrorCustomer>(db.customers, page.customers as MirrorCustomer[], emptyMirror);
      await db.customers.bulkDelete(gone('customer'));
      await db.meta.bulkPut([
        { key: META_CURSOR, value: page.cursor },
        { key: META_LAST_SYNC, value: now() },
      ]);
    });
    loaded += page.products.length + page.customers.length + page.tombstones.length;
    options.onProgress?.({ loaded, total: loaded + page.remaining });
    if (!more) return loaded;
    cursor = page.cursor;
  }
}

/** 'Sincronizando produtos 12.000 de 50.000' */
export function progressText({ loaded, total }: MirrorProgress): string {
  const n = new Intl.NumberFormat('pt-BR');
  return `Sincronizando produtos ${n.format(loaded)} de ${n.format(total)}`;
}
