// A small persister for the TanStack Query cache, so screens show the last data they had
// when the device is offline (DESIGN.md: financial screens read from cache). Successful
// queries are written to db.queryCache as they arrive, each row owned by the signed-in
// user; a query that has no data looks for its row when it enters the cache, so a screen
// opened offline (after an app restart, or after its data left memory) shows what was
// last fetched, with that fetch's time. Online, spec §9's freshness and retention hold:
// a restored answer keeps its own fetch time and is refetched when stale. Rows of another
// user are never read; sign-out clears the table (session-cache.ts).
//
// The database opens after the first paint, so a screen's answers may come before it: they
// wait in the query client's memory and are written the moment persisting starts. Answers a
// page left before they reached IndexedDB wait in the answer journal (answer-journal.ts),
// which persisting moves into the table first.
import { dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { dropFromJournal, isSaved, markSaved, readJournal, type DehydratedQuery } from './answer-journal';
import type { BalcaoDb } from './db';

/** Older cached answers are not worth showing (nor keeping). */
export const QUERY_PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Drops rows too old to show and rows of other users. */
export async function pruneQueryCache(db: BalcaoDb, owner: string, now = Date.now()): Promise<void> {
  await db.queryCache.filter((row) => row.owner !== owner || now - row.updatedAt > QUERY_PERSIST_MAX_AGE_MS).delete();
}

/** Puts one stored answer back into the client (a newer answer already there wins). */
async function restoreQuery(db: BalcaoDb, client: QueryClient, owner: string, queryHash: string): Promise<boolean> {
  const row = await db.queryCache.get(queryHash);
  if (!row || row.owner !== owner || Date.now() - row.updatedAt > QUERY_PERSIST_MAX_AGE_MS) return false;
  hydrate(client, { mutations: [], queries: [row.value as DehydratedQuery] });
  // A newer answer already in memory keeps its place, and is still to be written.
  const query = client.getQueryCache().get(queryHash);
  if (query?.state.dataUpdatedAt === row.updatedAt) markSaved(query, row.updatedAt);
  return true;
}

/** Restores every stored answer of `owner` (tests, and a warm start). Returns how many. */
export async function restoreQueryCache(db: BalcaoDb, client: QueryClient, owner: string): Promise<number> {
  await pruneQueryCache(db, owner);
  const rows = await db.queryCache.toArray();
  hydrate(client, { mutations: [], queries: rows.map((row) => row.value as DehydratedQuery) });
  for (const row of rows) {
    const query = client.getQueryCache().get(row.key);
    if (query?.state.dataUpdatedAt === row.updatedAt) markSaved(query, row.updatedAt);
  }
  return rows.length;
}

/** Writes every successful query not yet saved as it is now (or only `hashes`). */
export async function writeQueryCache(
  db: BalcaoDb,
  client: QueryClient,
  owner: string,
  hashes?: ReadonlySet<string>,
): Promise<void> {
  const unsaved: Query[] = [];
  const { queries } = dehydrate(client, {
    shouldDehydrateQuery: (q) => {
      const due = q.state.status === 'success' && (!hashes || hashes.has(q.queryHash)) && !isSaved(q);
      if (due) unsaved.push(q);
      return due;
    },
  });
  if (queries.length === 0) return;
  await db.queryCache.bulkPut(
    queries.map((q) => ({ key: q.queryHash, value: q, updatedAt: q.state.dataUpdatedAt, owner })),
  );
  queries.forEach((q, i) => markSaved(unsaved[i]!, q.state.dataUpdatedAt));
}

/**
 * Moves `owner`'s journaled answers into the table, where the table's copy is not newer,
 * then takes them out of the journal. Other users' rows are dropped.
 */
export async function importAnswerJournal(db: BalcaoDb, owner: string): Promise<void> {
  const journal = readJournal();
  if (journal.length === 0) return;
  const mine = journal.filter((row) => row.owner === owner);
  await db.transaction('rw', db.queryCache, async () => {
    const stored = await db.queryCache.bulkGet(mine.map((row) => row.key));
    const newer = mine.filter((row, i) => (stored[i]?.updatedAt ?? -Infinity) < row.updatedAt);
    await db.queryCache.bulkPut(newer);
  });
  dropFromJournal(journal);
}

/**
 * Starts persisting `owner`'s answers and restoring them on demand; returns the function
 * that stops both. Answers are written as they arrive (those of one moment in one
 * transaction): a person who leaves a screen right after it showed its data finds that
 * data offline. A hidden page writes whatever is still unsaved.
 */
export function persistQueryCache(db: BalcaoDb, client: QueryClient, owner: string): () => void {
  const due = new Set<string>();
  let scheduled = false;
  let stopped = false;
  // Journaled answers go in first: a screen asking for its row finds them.
  const ready = importAnswerJournal(db, owner).catch(() => undefined);
  const write = (hashes?: ReadonlySet<string>) => {
    if (!stopped) writeQueryCache(db, client, owner, hashes).catch(() => undefined);
  };
  const flush = () => {
    scheduled = false;
    const hashes = new Set(due);
    due.clear();
    write(hashes);
  };
  const restore = (queryHash: string) => {
    void ready.then(() => (stopped ? false : restoreQuery(db, client, owner, queryHash))).catch(() => false);
  };
  // Queries already in memory when persisting starts (the first screen, which is drawn
  // before the device's database opens) look for their row, or are written now.
  for (const query of client.getQueryCache().getAll()) {
    if (query.state.data === undefined) restore(query.queryHash);
  }
  write();
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (stopped) return;
    if (event.type === 'added' && event.query.state.data === undefined) restore(event.query.queryHash);
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    due.add(event.query.queryHash);
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(flush);
    }
  });
  const onHidden = () => {
    if (document.visibilityState === 'hidden') write();
  };
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    stopped = true;
    unsubscribe();
    document.removeEventListener('visibilitychange', onHidden);
  };
}
