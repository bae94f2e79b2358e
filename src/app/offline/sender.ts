// Delivering the outbox. One sender per device (Web Locks; a lease on each row is a
// second safety net), FIFO, Idempotency-Key = the row's id. Network errors and 5xx retry
// with backoff; 4xx marks the row rejected (kept, visible) and the queue goes on; a row
// is deleted only in the same transaction that records the server's acknowledgement.
import type { BalcaoDb, OutboxEntry } from './db';

export type SendResult =
  | { kind: 'ok'; status: number; body: unknown }
  | { kind: 'http'; status: number; code: string | null; error: string }
  | { kind: 'network'; error: string };

/** Sends one entry (with its Idempotency-Key); refresh-and-retry on 401 happens inside. */
export type Send = (entry: OutboxEntry) => Promise<SendResult>;

export type Outcome = 'ack' | 'retry' | 'reject' | 'auth';

export const OUTBOX_RETRY_BASE_S = 2;
export const OUTBOX_RETRY_MAX_S = 300;
export const OUTBOX_LEASE_MS = 60_000;
export const OUTBOX_LOCK_NAME = 'balcao-outbox-sender';
/** Background Sync tag under which the service worker drains the outbox. */
export const BACKGROUND_SYNC_TAG = 'balcao-outbox';

/** What to do with a send result. */
export function classify(result: SendResult): Outcome {
  if (result.kind === 'ok') return 'ack';
  if (result.kind === 'network') return 'retry';
  const { status } = result;
  if (status === 401) return 'auth';
  if (status === 408 || status === 425 || status === 429 || status >= 500) return 'retry';
  return 'reject';
}

/** Exponential backoff with ±20% jitter, capped: 2 s, 4 s, 8 s ... 300 s. */
export function backoffMs(attempts: number, random = Math.random): number {
  const seconds = Math.min(OUTBOX_RETRY_MAX_S, OUTBOX_RETRY_BASE_S * 2 ** Math.max(0, attempts - 1));
  return Math.round(seconds * 1000 * (0.8 + 0.4 * random()));
}

export interface DrainResult {
  delivered: number;
  rejected: number;
  /** why the drain stopped early, if it did */
  stopped: 'network' | 'auth' | null;
}

export interface DrainOptions {
  send: Send;
  now?: () => number;
  /** Called in the acknowledging transaction (e.g. to mark the local sale synced). */
  onAck?: (db: BalcaoDb, entry: OutboxEntry, body: unknown) => Promise<void>;
}

/** Takes the row for this sender unless another one holds it. */
async function claim(db: BalcaoDb, entry: OutboxEntry, now: number): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const fresh = await db.outbox.get(entry.seq!);
    if (!fresh || fresh.status !== 'pending' || fresh.leaseUntil > now) return false;
    await db.outbox.update(entry.seq!, { leaseUntil: now + OUTBOX_LEASE_MS });
    return true;
  });
}

/** Sends ready entries until none is left or the network/auth stops it. */
export async function drainOutbox(db: BalcaoDb, options: DrainOptions): Promise<DrainResult> {
  const now = options.now ?? Date.now;
  const result: DrainResult = { delivered: 0, rejected: 0, stopped: null };
  for (;;) {
    // One read per pass, not per entry: a pass over 1,000 queued sales stays linear.
    const pending = await db.outbox.where('status').equals('pending').sortBy('seq');
    const outstanding = new Set((await db.outbox.toArray()).map((r) => r.id));
    let progressed = false;
    for (const entry of pending) {
      const t = now();
      if (entry.nextAttemptAt > t || entry.leaseUntil > t) continue;
      if (entry.dependsOn.some((id) => outstanding.has(id))) continue;
      if (!(await claim(db, entry, t))) continue;
      progressed = true;
      const sent = await options.send(entry);
      const outcome = classify(sent);
      await settle(db, entry, sent, outcome, now(), options);
      if (outcome === 'ack') {
        outstanding.delete(entry.id);
        result.delivered++;
      } else if (outcome === 'reject') result.rejected++;
      else if (outcome === 'auth') return { ...result, stopped: 'auth' };
      // The network is down for every entry: stop. A 5xx is this entry's: go on.
      else if (sent.kind === 'network') return { ...result, stopped: 'network' };
    }
    if (!progressed) return result;
  }
}

/** Records the outcome of one send; an ack deletes the row in the same transaction. */
async function settle(
  db: BalcaoDb,
  entry: OutboxEntry,
  sent: SendResult,
  outcome: Outcome,
  now: number,
  options: DrainOptions,
): Promise<void> {
  await db.transaction('rw', [db.outbox, db.sales, db.products, db.customers, db.meta], async () => {
    if (outcome === 'ack') {
      await db.outbox.delete(entry.seq!);
      await options.onAck?.(db, entry, sent.kind === 'ok' ? sent.body : null);
    } else if (outcome === 'reject' && sent.kind === 'http') {
      await db.outbox.update(entry.seq!, {
        status: 'rejected',
        leaseUntil: 0,
        attempts: entry.attempts + 1,
        lastError: sent.error,
        rejection: { status: sent.status, code: sent.code, error: sent.error },
      });
      if (entry.kind === 'sale') await db.sales.update(entry.id, { state: 'rejected' });
    } else {
      const attempts = outcome === 'retry' ? entry.attempts + 1 : entry.attempts;
      await db.outbox.update(entry.seq!, {
        leaseUntil: 0,
        attempts,
        nextAttemptAt: outcome === 'retry' ? now + backoffMs(attempts) : 0,
        lastError: sent.kind === 'ok' ? null : sent.error,
      });
    }
  });
}

type LockManagerLike = {
  request: (
    name: string,
    options: { ifAvailable: boolean },
    cb: (lock: unknown) => Promise<unknown>,
  ) => Promise<unknown>;
};

/**
 * Runs `fn` only if no other tab of this device is running it (Web Locks). Where the
 * browser has no Web Locks, the row leases still keep two senders from sending the same
 * row at once, and the server's Idempotency-Key makes a duplicate send harmless.
 */
export async function withSenderLock<T>(fn: () => Promise<T>, locks?: LockManagerLike | null): Promise<T | null> {
  const manager =
    locks === undefined ? (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks : locks;
  if (!manager) return fn();
  let value: T | null = null;
  await manager.request(OUTBOX_LOCK_NAME, { ifAvailable: true }, async (lock) => {
    if (lock) value = await fn();
  });
  return value;
}
