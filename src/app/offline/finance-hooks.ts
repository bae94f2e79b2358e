// How the finance screens reach their offline side: the overlay of queued account
// changes (with each resource's state in the outbox) and the submit that sends a change
// now or queues it (account-changes.ts).
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import { api } from '../lib/api';
import type { ChangeOutcome } from '../lib/finance';
import { useFinanceChange } from '../lib/use-finance-change';
import { submitAccountChange, type AccountChange, type SubmitResult } from './account-changes';
import { getDb, type BalcaoDb } from './db';
import type { LocalState, OverlayView } from './finance-overlay';
import { useSyncEngine } from './hooks';
import { useScreenPainted } from './screen-painted';
import { OUTBOX_REQUEST_TIMEOUT_MS } from './send';

const NONE: OverlayView[] = [];

/** Every overlay row with its state: pending / rejected while its resource has entries queued. */
export async function readOverlay(db: BalcaoDb): Promise<OverlayView[]> {
  const rows = await db.financeOverlay.toArray();
  if (rows.length === 0) return NONE;
  const resources = [...new Set(rows.map((r) => r.resource))];
  const entries = await db.outbox.where('resource').anyOf(resources).toArray();
  const state = new Map<string, LocalState>();
  for (const e of entries) {
    if (e.status === 'rejected') state.set(e.resource!, 'rejected');
    else if (!state.has(e.resource!)) state.set(e.resource!, 'pending');
  }
  return rows.map((r) => ({ ...r, state: state.get(r.resource) ?? 'synced' }));
}

export function useFinanceOverlay(): OverlayView[] {
  // Read once the first signed-in screen is painted, as every device query (hooks.ts).
  const painted = useScreenPainted();
  return useLiveQuery(() => (painted ? readOverlay(getDb()) : NONE), [painted], NONE);
}

/** Sends an account change now, or queues it for the outbox (offline, or its account has changes queued). */
export function useSubmitAccountChange(): (change: AccountChange) => Promise<SubmitResult> {
  const engine = useSyncEngine();
  return useCallback(
    (change: AccountChange) =>
      submitAccountChange(getDb(), change, {
        send: (c) =>
          api.send(c.method, c.path.replace(/^\/api/, ''), {
            body: c.body,
            headers: { 'Idempotency-Key': c.id },
            // No answer in time: queued under the same key (exactly once if it did arrive).
            timeoutMs: OUTBOX_REQUEST_TIMEOUT_MS,
          }),
        online: () =>
          (typeof navigator === 'undefined' || navigator.onLine !== false) && (engine?.getState().online ?? true),
        queued: () => void engine?.drain(),
      }),
    [engine],
  );
}

/**
 * A finance change as a mutation: `build` turns the screen's variables into the change
 * (request, overlay, summary); the server's answer, when it came now, is read by `parse`.
 */
export function useAccountChange<V, T>(build: (value: V) => AccountChange, parse: (body: unknown) => T) {
  const submit = useSubmitAccountChange();
  return useFinanceChange(async (value: V): Promise<ChangeOutcome<T>> => {
    const result = await submit(build(value));
    return result.queued ? { queued: true } : { queued: false, data: parse(result.body) };
  });
}
