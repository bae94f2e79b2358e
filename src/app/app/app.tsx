// The app's providers around the router.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { SessionProvider } from '../auth/session-provider';
import { Toaster } from '../components/toaster';
import { SyncProvider } from '../offline/sync-provider';
import { VersionChangeBanner } from '../pwa/version-change-banner';

type Router = ReturnType<typeof createBrowserRouter>;

export function App({ router, queryClient }: { router: Router; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <SyncProvider>
          <RouterProvider router={router} />
          <Toaster />
          <VersionChangeBanner />
        </SyncProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
