// The answers a screen showed that are not yet in the device's database, kept where a page
// that is being left can still write synchronously: localStorage. The database opens only
// after the first paint (screen-painted.ts) and an IndexedDB write still in flight when the
// page goes away is dropped with it, so an answer that arrived just before the person left
// the screen (a bookmark, a reload, another address) would be lost. When the page is hidden
// or left, every successful answer of the signed-in user whose copy is not confirmed in
// IndexedDB is written here; the query persister moves them into IndexedDB the next time
// the database opens (query-persister.ts), and sign-out clears them with the rest of the
// cache. This module is in the first chunk: no Dexie here.
import { dehydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import type { KeyValueStorage } from '../lib/token-store';

export const ANSWER_JOURNAL_KEY = 'balcao.unsavedAnswers';
/**
 * The journal's size bound (localStorage holds a few MB per origin, shared with the tokens):
 * answers are kept while they fit, and one larger than this alone (the whole catalogue of a
 * big store) never is; the screens' lists and figures are far smaller.
 */
export const ANSWER_JOURNAL_MAX_CHARS = 1_000_000;

export type DehydratedQuery = DehydratedState['queries'][number];

/** One answer as the persister stores it in db.queryCache. */
export interface JournalRow {
  key: string;
  value: DehydratedQuery;
  updatedAt: number;
  owner: string;
}

/** Each query's answer whose copy is confirmed in IndexedDB (written or read back): its dataUpdatedAt. */
const saved = new WeakMap<Query, number>();

export function markSaved(query: Query, dataUpdatedAt: number): void {
  saved.set(query, dataUpdatedAt);
}

/** Whether the query's current answer is in IndexedDB. */
export function isSaved(query: Query): boolean {
  return saved.get(query) === query.state.dataUpdatedAt;
}

const browserStorage = (): KeyValueStorage | null => {
  try {
    return (globalThis as unknown as { localStorage?: KeyValueStorage }).localStorage ?? null;
  } catch {
    return null; // storage blocked by the browser's settings
  }
};

/** The journal's rows (none when absent or unreadable). */
export function readJournal(storage: KeyValueStorage | null = browserStorage()): JournalRow[] {
  try {
    const raw = storage?.getItem(ANSWER_JOURNAL_KEY);
    const rows: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(rows) ? (rows as JournalRow[]) : [];
  } catch {
    return [];
  }
}

/** Writes the rows that fit ANSWER_JOURNAL_MAX_CHARS, in order (none: the journal goes). */
function writeJournal(rows: JournalRow[], storage: KeyValueStorage | null): void {
  if (!storage) return;
  try {
    const kept: string[] = [];
    let size = 2;
    for (const row of rows) {
      const text = JSON.stringify(row);
      if (size + text.length + 1 > ANSWER_JOURNAL_MAX_CHARS) continue;
      kept.push(text);
      size += text.length + 1;
    }
    if (kept.length === 0) storage.removeItem(ANSWER_JOURNAL_KEY);
    else storage.setItem(ANSWER_JOURNAL_KEY, `[${kept.join(',')}]`);
  } catch {
    // quota or blocked storage: the answers stay only in memory, as before the journal
  }
}

/** Removes the rows the persister has moved into IndexedDB (a row written since stays). */
export function dropFromJournal(moved: readonly JournalRow[], storage = browserStorage()): void {
  const done = new Set(moved.map((row) => `${row.key}@${row.updatedAt}`));
  writeJournal(
    readJournal(storage).filter((row) => !done.has(`${row.key}@${row.updatedAt}`)),
    storage,
  );
}

/** Sign-out: no answer of the person who left stays on the device. */
export function clearJournal(storage = browserStorage()): void {
  writeJournal([], storage);
}

/** Adds `owner`'s unsaved answers to the journal, keeping per query the newest answer. */
export function journalUnsavedAnswers(client: QueryClient, owner: string, storage = browserStorage()): void {
  const { queries } = dehydrate(client, {
    shouldDehydrateQuery: (q) => q.state.status === 'success' && !isSaved(q),
  });
  if (queries.length === 0) return;
  const rows = new Map<string, JournalRow>();
  for (const row of readJournal(storage)) if (row.owner === owner) rows.set(row.key, row);
  for (const q of queries) {
    const known = rows.get(q.queryHash);
    if (!known || known.updatedAt < q.state.dataUpdatedAt) {
      rows.set(q.queryHash, { key: q.queryHash, value: q, updatedAt: q.state.dataUpdatedAt, owner });
    }
  }
  writeJournal([...rows.values()], storage);
}

/**
 * While `owner` is signed in, journals the unsaved answers whenever the page is hidden or
 * left (the last moments a page surely runs). Returns the function that stops it.
 */
export function keepUnsavedAnswers(client: QueryClient, owner: string, storage = browserStorage()): () => void {
  const keep = () => journalUnsavedAnswers(client, owner, storage);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') keep();
  };
  window.addEventListener('pagehide', keep);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', keep);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
