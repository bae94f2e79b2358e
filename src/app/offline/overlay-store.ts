// The overlay rows as stored on this device: each account or cash entry changed here and
// not yet confirmed, with its resource's state in the outbox. What the rows do to the
// screens is src/app/lib/accounts (overlay.ts) and src/shared/account-overlay.ts.
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb, type BalcaoDb, type OverlayRecord } from './db';
import { useScreenPainted } from './screen-painted';

/** pending: made here, not yet on the server; rejected: the server refused it. */
export type LocalState = 'pending' | 'rejected';

export interface OverlayView extends OverlayRecord {
  /** pending / rejected: its resource still has entries in the outbox; synced: none left. */
  state: LocalState | 'synced';
}

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
