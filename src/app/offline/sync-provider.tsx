// Runs the sync engine while someone is signed in, keeps the service worker's copy of
// the access token current, persists/restores the signed-in user's query cache for
// offline reading, and refetches the finance screens once the server has confirmed
// account changes they do not yet include. All of it after the first paint (but the answer
// journal, answer-journal.ts, which keeps what a page leaves before then), and only once
// someone is signed in: Dexie and the engine come in their own chunk
// (load-offline-runtime.ts), which the sign-in screen never loads. Signing out, or a
// session the server ends, clears the token copy itself (SessionProvider).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { tokenStore } from '../lib/api';
import { keepUnsavedAnswers } from './answer-journal';
import { withOfflineRuntime } from './load-offline-runtime';
import type { SyncEngine } from './sync-engine';
import { SyncEngineContext } from './sync-engine-context';

/**
 * `userId`: who is signed in (null: nobody), from the session (app.tsx). `outboxKinds` loads
 * the module that registers what each kind of queued change does (outbox-kinds.ts): the
 * engine starts once it is loaded, so no acknowledgement finds the table empty.
 */
export function SyncProvider({
  userId,
  outboxKinds,
  children,
}: {
  userId: string | null;
  outboxKinds: () => Promise<unknown>;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [engine, setEngine] = useState<SyncEngine | null>(null);
  const signedIn = userId !== null;
  const owner = userId;

  useEffect(() => {
    if (!signedIn) return;
    return withOfflineRuntime((runtime) => {
      const stopCopy = runtime.keepAccessTokenCopy(tokenStore);
      const next = runtime.startSyncEngine();
      setEngine(next);
      return () => {
        stopCopy();
        next.stop();
        setEngine(null);
      };
    }, outboxKinds);
  }, [signedIn, outboxKinds]);

  useEffect(() => {
    if (!owner) return;
    // From the start, not after the paint: a page left before the database opens keeps its answers.
    const stopJournal = keepUnsavedAnswers(queryClient, owner);
    const stopPersisting = withOfflineRuntime((runtime) => runtime.persistUserQueries(queryClient, owner));
    return () => {
      stopJournal();
      stopPersisting();
    };
  }, [owner, queryClient]);

  useEffect(() => {
    if (!signedIn) return;
    return withOfflineRuntime((runtime) =>
      runtime.watchOverlaySync((lastSyncedAt) => {
        if (lastSyncedAt > 0) void queryClient.invalidateQueries({ queryKey: ['finance'] });
      }),
    );
  }, [signedIn, queryClient]);

  return <SyncEngineContext.Provider value={engine}>{children}</SyncEngineContext.Provider>;
}
