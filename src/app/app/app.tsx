// The app's providers around the router (the router and its routes come as children).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSession } from '../auth/session-context';
import { SessionProvider } from '../auth/session-provider';
import { Toaster } from '../components/toaster';
import { SyncProvider } from '../offline/sync-provider';
import { VersionChangeBanner } from '../pwa/version-change-banner';

export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <SessionSync>
          {children}
          <Toaster />
          <VersionChangeBanner />
        </SessionSync>
      </SessionProvider>
    </QueryClientProvider>
  );
}

/** What each kind of change the counter queues does (the outbox's table), loaded with the sync engine. */
const loadOutboxKinds = () => import('../counter/outbox-kinds');

/** The device syncs for whoever is signed in. */
function SessionSync({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  return (
    <SyncProvider userId={status === 'authenticated' ? (user?.id ?? null) : null} outboxKinds={loadOutboxKinds}>
      {children}
    </SyncProvider>
  );
}
