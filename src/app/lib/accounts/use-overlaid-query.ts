// The one query hook of the finance screens: the server's answer (cached by TanStack
// Query) with this device's queued changes of one kind laid over it. `overlay` says how
// the changes move this answer (rows merged, statistics adjusted); it only runs when
// some change of the kind is newer than the answer.
import { hashKey, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { OverlayRecord } from '../../offline/db';
import { useFinanceOverlay, type OverlayView } from '../../offline/overlay-store';
import { liveOverlays } from './overlay';

export function useOverlaidQuery<T, K extends QueryKey>(
  options: UseQueryOptions<T, Error, T, K> & { queryKey: K },
  kind: OverlayRecord['kind'],
  overlay: (fetched: T, live: OverlayView[]) => T,
) {
  const query = useQuery(options);
  const overlays = useFinanceOverlay();
  const { data: fetched, dataUpdatedAt } = query;
  // The key says everything `overlay` reads from the screen (filters, page, range).
  const key = hashKey(options.queryKey);
  const data = useMemo(
    () => {
      if (fetched === undefined) return fetched;
      const live = liveOverlays(overlays, kind, dataUpdatedAt);
      return live.length === 0 ? fetched : overlay(fetched, live);
    },
    // `overlay` is a new function each render; what it reads changes only with the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fetched, dataUpdatedAt, overlays, kind, key],
  );
  return { ...query, data };
}
