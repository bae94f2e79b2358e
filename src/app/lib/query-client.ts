import { QueryClient, onlineManager } from '@tanstack/react-query';
import { GC_TIME_DEFAULT_MS, QUERY_RETRIES, STALE_TIME_DEFAULT_MS } from '../../shared/constants';
import { ApiError } from './api-error';

/** Spec §9 defaults: 5 min fresh, 10 min kept, one retry, no refetch on focus. */
export function createQueryClient(): QueryClient {
  // TanStack assumes online until an 'offline' event; a till that opens without network
  // must pause its queries (showing the persisted cache) instead of failing them.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_DEFAULT_MS,
        gcTime: GC_TIME_DEFAULT_MS,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on a retry; network errors and 5xx may.
        retry: (failureCount, error) =>
          failureCount < QUERY_RETRIES && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
