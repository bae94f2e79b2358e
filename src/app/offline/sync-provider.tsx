// Runs the sync engine while someone is signed in, keeps the service worker's copy of
// the access token current, and persists/restores the query cache for offline reading.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useSession } from '../auth/session-context';
import { api, tokenStore } from '../lib/api';
import { getDb } from './db';
import { SyncEngineContext } from './hooks';
import { persistQueryCache, restoreQueryCache } from './query-persister';
import { createTransport } from './send';
import { mirrorAccessToken } from './session-cache';
import { createSyncEngine, type SyncEngine } from './sync-engine';
import { createFetchPage } from './sync-io';

export function SyncProvider({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const queryClient = useQueryClient();
  const [engine, setEngine] = useState<SyncEngine | null>(null);
  const signedIn = status === 'authenticated';

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
    if (!signedIn) return;
    const db = getDb();
    let stop: (() => void) | null = null;
    let cancelled = false;
    restoreQueryCache(db, queryClient)
      .catch(() => 0)
      .then(() => {
        if (!cancelled) stop = persistQueryCache(db, queryClient);
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [signedIn, queryClient]);

  return <SyncEngineContext.Provider value={engine}>{children}</SyncEngineContext.Provider>;
}
