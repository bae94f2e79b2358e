// What the app's providers need from the device's database and the sync engine, bound to
// the app's one database. Loaded after the first paint (load-offline-runtime.ts): nothing
// in the first chunk imports this module statically.
import type { QueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import type { User } from '../../shared/contract';
import { api } from '../lib/api';
import type { TokenStore } from '../lib/token-store';
import { lastOverlaySyncAt, pruneOverlay } from './overlay-sync';
import { clearJournal } from './answer-journal';
import { getDb } from './db';
import { persistQueryCache, pruneQueryCache } from './query-persister';
import { createTransport } from './send';
import { clearSessionData, loadLastUser, mirrorAccessToken, saveLastUser } from './session-cache';
import { createSyncEngine, type SyncEngine } from './sync-engine';
import { createFetchPage } from './sync-io';

export const rememberUser = (user: User): Promise<void> => saveLastUser(getDb(), user);
export const lastKnownUser = (): Promise<User | null> => loadLastUser(getDb());
/** Sign-out: the session's cached data goes, the answers waiting in the journal too. */
export const forgetSession = (): Promise<void> => {
  clearJournal();
  return clearSessionData(getDb());
};
export const keepAccessTokenCopy = (tokens: TokenStore): (() => void) => mirrorAccessToken(getDb(), tokens);

/** A started engine for the signed-in device (stop it when the session ends). */
export function startSyncEngine(): SyncEngine {
  const engine = createSyncEngine({ db: getDb(), fetchPage: createFetchPage(api), ...createTransport(api) });
  engine.start();
  return engine;
}

/** Persists and restores `owner`'s query cache (after dropping stale rows); returns the stop. */
export function persistUserQueries(client: QueryClient, owner: string): () => void {
  const db = getDb();
  void pruneQueryCache(db, owner).catch(() => undefined);
  void pruneOverlay(db).catch(() => undefined);
  return persistQueryCache(db, client, owner);
}

/** Calls `listener` with the newest time the server confirmed queued account changes, at start and on each change. */
export function watchOverlaySync(listener: (lastSyncedAt: number) => void): () => void {
  let last: number | null = null;
  const subscription = liveQuery(() => lastOverlaySyncAt(getDb())).subscribe({
    next: (value) => {
      if (value === last) return;
      last = value;
      listener(value);
    },
    error: () => undefined,
  });
  return () => subscription.unsubscribe();
}
