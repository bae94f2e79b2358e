// A page of rows from the server with this device's queued changes laid over it
// (the figures: src/shared/account-overlay.ts). A row the server has confirmed (synced)
// still counts for data fetched before that confirmation, never for data fetched after it.
import type { OverlayRecord } from '../../offline/db';
import type { LocalState, OverlayView } from '../../offline/overlay-store';
import type { WithLocal } from './common';

export type { LocalState, OverlayView };

/** The overlay rows of one kind that data fetched at `fetchedAt` does not already include. */
export function liveOverlays(overlays: readonly OverlayView[], kind: OverlayRecord['kind'], fetchedAt: number) {
  return overlays.filter((o) => o.kind === kind && (o.syncedAt === null || o.syncedAt > fetchedAt));
}

const mark = (o: OverlayView): LocalState | undefined => (o.state === 'synced' ? undefined : o.state);

/** Strips the screen's mark before a record is stored as an overlay's before/after. */
export function plain<T extends object>(row: WithLocal<T>): T {
  const { local: _local, ...rest } = row as WithLocal<T> & { local?: unknown };
  return rest as T;
}

/**
 * A page of rows with the overlay laid over it: changed rows replaced (and marked),
 * deleted ones removed, rows that no longer match the screen's filters removed, and
 * records that now match but were not in the server's answer (created here, or moved into
 * the filter by a change here) put first, on the first page only.
 */
export function mergeRows<T extends { id: string }>(
  rows: readonly T[],
  overlays: readonly OverlayView[],
  options: { matches: (record: T) => boolean; firstPage: boolean },
): WithLocal<T>[] {
  const byId = new Map(overlays.map((o) => [o.id, o]));
  const merged: WithLocal<T>[] = [];
  for (const row of rows) {
    const o = byId.get(row.id);
    if (!o) {
      merged.push(row);
      continue;
    }
    const local = o.local as T | null;
    if (local && options.matches(local)) merged.push({ ...local, local: mark(o) });
  }
  if (!options.firstPage) return merged;
  const shown = new Set(rows.map((r) => r.id));
  const added = overlays
    .filter((o) => {
      const local = o.local as T | null;
      const server = o.server as T | null;
      return local && !shown.has(o.id) && options.matches(local) && !(server && options.matches(server));
    })
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .map((o) => ({ ...(o.local as T), local: mark(o) }));
  return [...added, ...merged];
}
