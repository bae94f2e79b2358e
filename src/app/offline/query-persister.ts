// A small persister for the TanStack Query cache, so screens show the last data they had
// when the device is offline (DESIGN.md: financial screens read from cache). Successful
// queries are written to db.queryCache (throttled), each row owned by the signed-in
// user; a query that has no data looks for its row when it enters the cache, so a screen
// opened offline (after an app restart, or after its data left memory) shows what was
// last fetched, with that fetch's time. Online, spec §9's freshness and retention hold:
// a restored answer keeps its own fetch time and is refetched when stale. Rows of another
// user are never read; sign-out clears the table (session-cache.ts).
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { BalcaoDb } from './db';

/** Answers arriving within this of each other are written in one transaction. */
export const QUERY_PERSIST_BATCH_MS = 50;
/** Older cached answers are not worth showing (nor keeping). */
export const QUERY_PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

type DehydratedQuery = DehydratedState['queries'][number];

/** Drops rows too old to show and rows of other users. */
export async function pruneQueryCache(db: BalcaoDb, owner: string, now = Date.now()): Promise<void> {
  await db.queryCache.filter((row) => row.owner !== owner || now - row.updatedAt > QUERY_PERSIST_MAX_AGE_MS).delete();
}

/** Puts one stored answer back into the client (a newer answer already there wins). */
async function restoreQuery(db: BalcaoDb, client: QueryClient, owner: string, queryHash: string): Promise<boolean> {
  const row = await db.queryCache.get(queryHash);
  if (!row || row.owner !== owner || Date.now() - row.updatedAt > QUERY_PERSIST_MAX_AGE_MS) return false;
  hydrate(client, { mutations: [], queries: [row.value as DehydratedQuery] });
  return true;
}

/** Restores every stored answer of `owner` (tests, and a warm start). Returns how many. */
export async function restoreQueryCache(db: BalcaoDb, client: QueryClient, owner: string): Promise<number> {
  await pruneQueryCache(db, owner);
  const rows = await db.queryCache.toArray();
  hydrate(client, { mutations: [], queries: rows.map((row) => row.value as DehydratedQuery) });
  return rows.length;
}

/** Writes every successful query whose data changed since the last write (or only `hashes`). */
export async function writeQueryCache(
  db: BalcaoDb,
  client: QueryClient,
  owner: string,
  written: Map<string, number>,
  hashes?: ReadonlySet<string>,
): Promise<void> {
  const { queries } = dehydrate(client, {
    shouldDehydrateQuery: (q) => q.state.status === 'success' && (!hashes || hashes.has(q.queryHash)),
  });
  const changed = queries.filter((q) => written.get(q.queryHash) !== q.state.dataUpdatedAt);
  if (changed.length === 0) return;
  await db.queryCache.bulkPut(
    changed.map((q) => ({ key: q.queryHash, value: q, updatedAt: q.state.dataUpdatedAt, owner })),
  );
  for (const q of changed) written.set(q.queryHash, q.state.dataUpdatedAt);
}

/**
 * Starts persisting `owner`'s answers and restoring them on demand; returns the function
 * that stops both (flushing nothing more). An answer is written as soon as it arrives
 * (answers arriving together are written together): a person who closes the app right
 * after a screen showed its data finds that data offline.
 */
export function persistQueryCache(
  db: BalcaoDb,
  client: QueryClient,
  owner: string,
  batchMs = QUERY_PERSIST_BATCH_MS,
): () => void {
  const written = new Map<string, number>();
  const due = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const flush = () => {
    timer = null;
    const hashes = new Set(due);
    due.clear();
    if (!stopped) writeQueryCache(db, client, owner, written, hashes).catch(() => undefined);
  };
  const restore = (queryHash: string) => {
    restoreQuery(db, client, owner, queryHash).catch(() => false);
  };
  // Queries already in memory when persisting starts (the first screen, which is drawn
  // before the device's database opens) look for their row, or are written.
  for (const query of client.getQueryCache().getAll()) {
    if (query.state.data === undefined) restore(query.queryHash);
    else if (query.state.status === 'success') due.add(query.queryHash);
  }
  if (due.size > 0) timer = setTimeout(flush, batchMs);
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (stopped) return;
    if (event.type === 'added' && event.query.state.data === undefined) restore(event.query.queryHash);
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    due.add(event.query.queryHash);
    timer ??= setTimeout(flush, batchMs);
  });
  return () => {
    stopped = true;
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
