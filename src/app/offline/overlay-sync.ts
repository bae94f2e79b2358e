// The overlay rows' life beside the outbox (no screen code: the service worker runs it
// too): marked synced once the server acknowledged the last queued change of their
// resource, dropped a day later, and the newest such moment, after which screens refetch.
import type { BalcaoDb, OutboxEntry } from './db';

/**
 * In the transaction that acknowledges an outbox entry (its row already deleted): once
 * the resource has nothing more queued, its overlay is marked synced.
 */
export async function settleAccountChange(db: BalcaoDb, entry: OutboxEntry, now = Date.now()): Promise<void> {
  if (!entry.resource) return;
  if ((await db.outbox.where('resource').equals(entry.resource).count()) > 0) return;
  await db.financeOverlay.where('resource').equals(entry.resource).modify({ syncedAt: now });
}

/** Synced overlay rows older than this are gone from every screen: dropped. */
export const OVERLAY_SYNCED_KEEP_MS = 24 * 60 * 60 * 1000;

export async function pruneOverlay(db: BalcaoDb, now = Date.now()): Promise<void> {
  await db.financeOverlay
    .filter((row) => row.syncedAt !== null && row.syncedAt < now - OVERLAY_SYNCED_KEEP_MS)
    .delete();
}

/** The newest time the server confirmed queued changes (0: none kept); the screens refetch after it. */
export async function lastOverlaySyncAt(db: BalcaoDb): Promise<number> {
  let last = 0;
  await db.financeOverlay.each((row) => {
    if (row.syncedAt !== null && row.syncedAt > last) last = row.syncedAt;
  });
  return last;
}
