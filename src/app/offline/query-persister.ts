// A small persister for the TanStack Query cache: successful queries are written to
// db.queryCache (throttled) and restored on start, so screens show the last data they
// had when the device opens offline. Cleared on sign-out (session-cache.ts).
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { BalcaoDb } from './db';

export const QUERY_PERSIST_THROTTLE_MS = 1_000;
/** Older cached answers are not worth showing (nor keeping). */
export const QUERY_PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

type DehydratedQuery = DehydratedState['queries'][number];

/** Puts the stored queries back into the client (a newer answer already there wins). */
export async function restoreQueryCache(db: BalcaoDb, client: QueryClient, now = Date.now()): Promise<number> {
  const rows = await db.queryCache.toArray();
  const fresh = rows.filter((row) => now - row.updatedAt <= QUERY_PERSIST_MAX_AGE_MS);
  const stale = rows.filter((row) => !fresh.includes(row)).map((row) => row.key);
  if (stale.length) await db.queryCache.bulkDelete(stale);
  hydrate(client, { mutations: [], queries: fresh.map((row) => row.value as DehydratedQuery) });
  return fresh.length;
}

/** Writes every successful query whose data changed since the last write. */
export async function writeQueryCache(db: BalcaoDb, client: QueryClient, written: Map<string, number>): Promise<void> {
  const { queries } = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' });
  const changed = queries.filter((q) => written.get(q.queryHash) !== q.state.dataUpdatedAt);
  if (changed.length === 0) return;
  await db.queryCache.bulkPut(changed.map((q) => ({ key: q.queryHash, value: q, updatedAt: q.state.dataUpdatedAt })));
  for (const q of changed) written.set(q.queryHash, q.state.dataUpdatedAt);
}

/** Starts persisting; returns the function that stops it (flushing nothing more). */
export function persistQueryCache(
  db: BalcaoDb,
  client: QueryClient,
  throttleMs = QUERY_PERSIST_THROTTLE_MS,
): () => void {
  const written = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const flush = () => {
    timer = null;
    if (!stopped) writeQueryCache(db, client, written).catch(() => undefined);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || timer) return;
    timer = setTimeout(flush, throttleMs);
  });
  return () => {
    stopped = true;
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
