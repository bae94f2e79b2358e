// Runs the sync engine while someone is signed in, keeps the service worker's copy of
// the access token current, persists/restores the signed-in user's query cache for
// offline reading, and refetches the finance screens once the server has confirmed
// account changes they do not yet include.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useSession } from '../auth/session-context';
import { api, tokenStore } from '../lib/api';
import { getDb } from './db';
import { SyncEngineContext } from './hooks';
import { pruneOverlay } from './account-changes';
import { useLastOverlaySync } from './finance-hooks';
import { persistQueryCache, pruneQueryCache } from './query-persister';
import { createTransport } from './send';
import { mirrorAccessToken } from './session-cache';
import { createSyncEngine, type SyncEngine } from './sync-engine';
import { createFetchPage } from './sync-io';

export function SyncProvider({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const queryClient = useQueryClient();
  const [engine, setEngine] = useState<SyncEngine | null>(null);
  const signedIn = status === 'authenticated';
  const owner = signedIn ? (user?.id ?? null) : null;
  const lastOverlaySync = useLastOverlaySync();

  useEffect(() => mirrorAccessToken(getDb(), tokenStore), []);

  useEffect(() => {
    if (!signedIn) return;
    const next = createSyncEngine({ db: getDb(), fetchPage: createFetchPage(api), ...createTransport(api) });
    next.start();
    setEngine(next);
    return () => {
      next.stop();
      setEngine(null);
    };
  }, [signedIn]);

  useEffect(() => {
    if (!owner) return;
    const db = getDb();
    void pruneQueryCache(db, owner).catch(() => undefined);
    void pruneOverlay(db).catch(() => undefined);
    return persistQueryCache(db, queryClient, owner);
  }, [owner, queryClient]);

  useEffect(() => {
    if (lastOverlaySync > 0) void queryClient.invalidateQueries({ queryKey: ['finance'] });
  }, [lastOverlaySync, queryClient]);

  return <SyncEngineContext.Provider value={engine}>{children}</SyncEngineContext.Provider>;
}
