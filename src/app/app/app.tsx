// The app's providers around the router (the router and its routes come as children).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider } from '../auth/session-provider';
import { Toaster } from '../components/toaster';
import { SyncProvider } from '../offline/sync-provider';
import { VersionChangeBanner } from '../pwa/version-change-banner';

export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <SyncProvider>
          {children}
          <Toaster />
          <VersionChangeBanner />
        </SyncProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
