// How Inventário reaches its counts on this device (stock-counts.ts): the quantities still
// queued for a count (live: they change as they are sent), and counting one product.

import { useCallback } from 'react';
import { getDb } from '../offline/db';
import { useLiveDeviceQuery, useSyncEngine } from '../offline/hooks';
import { queuedCounts, recordCount, type CountInput } from './stock-counts';

const NONE: ReadonlyMap<string, number> = new Map();

/** Product id => the quantity counted here and not yet on the server. */
export function useQueuedCounts(countId: string): ReadonlyMap<string, number> {
  return useLiveDeviceQuery(() => queuedCounts(getDb(), countId), [countId], NONE);
}

/** Keeps a counted quantity on this device and asks for it to be sent now. */
export function useRecordCount(): (input: CountInput) => Promise<void> {
  const engine = useSyncEngine();
  return useCallback(
    async (input) => {
      await recordCount(getDb(), input);
      void engine?.drain();
    },
    [engine],
  );
}
