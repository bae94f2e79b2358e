// Delivering the outbox. One sender per device (Web Locks; a lease on each row is a
// second safety net), FIFO, Idempotency-Key = the row's id. What each answer means is the
// device's one retry rule (lib/retry-policy.ts): undecided answers retry with backoff; a
// refusal marks the row rejected (kept, visible) and the queue goes on; a row
// is deleted only in the same transaction that records the server's acknowledgement.
// What an acknowledgement or a refusal does besides is the entry's kind's (outbox-kinds.ts).
// Consecutive queued sales travel together (sendBatch: one request, one answer per
// sale), so a day of sales made offline is delivered in seconds.
import type { BalcaoDb, OutboxEntry } from './db';
import { acknowledge, descriptorOf, outboxKindsRegistered } from './outbox-kinds';
import { backoffMs, verdictOf, type SendResult, type Verdict } from '../lib/retry-policy';
import { tryWebLock } from './web-lock';

export type { SendResult };

/** Sends one entry (with its Idempotency-Key); refresh-and-retry on 401 happens inside. */
export type Send = (entry: OutboxEntry) => Promise<SendResult>;

/** Sends a run of entries together; one result per entry, in order. */
export type SendBatch = (entries: OutboxEntry[]) => Promise<SendResult[]>;

export const OUTBOX_LEASE_MS = 60_000;
export const OUTBOX_LOCK_NAME = 'balcao-outbox-sender';
/** Background Sync tag under which the service worker drains the outbox. */
export const BACKGROUND_SYNC_TAG = 'balcao-outbox';

export interface DrainResult {
  delivered: number;
  rejected: number;
  /** why the drain stopped early, if it did */
  stopped: 'network' | 'auth' | null;
}

export interface OutboxTransport {
  send: Send;
  /** Sends runs of the entries `batchable` accepts together, at most `size` at once. */
  batch?: { send: SendBatch; batchable: (entry: OutboxEntry) => boolean; size: number };
}

export interface DrainOptions extends OutboxTransport {
  now?: () => number;
  /** Called in the acknowledging transaction; by default the entry's kind's acknowledgement (outbox-kinds.ts). */
  onAck?: (db: BalcaoDb, entry: OutboxEntry, body: unknown) => Promise<void>;
}

/** Takes the rows for this sender, except those another one holds. */
async function claim(db: BalcaoDb, entries: OutboxEntry[], now: number): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    const fresh = await db.outbox.bulkGet(entries.map((e) => e.seq!));
    const free = entries.filter((_, i) => fresh[i]?.status === 'pending' && fresh[i]!.leaseUntil <= now);
    await db.outbox.bulkUpdate(free.map((e) => ({ key: e.seq!, changes: { leaseUntil: now + OUTBOX_LEASE_MS } })));
    return free;
  });
}

/** Sends ready entries until none is left or the network/auth stops it. */
export async function drainOutbox(db: BalcaoDb, options: DrainOptions): Promise<DrainResult> {
  // An acknowledgement deletes its row: without the table, what it does on the device (a
  // sale's stock, a return's vale-troca, a caixa's state) would be lost with it.
  if (!options.onAck && !outboxKindsRegistered())
    throw new Error(
      'A fila não foi entregue: a tabela de tipos da fila (counter/outbox-kinds.ts) não está registrada.',
    );
  const now = options.now ?? Date.now;
  const result: DrainResult = { delivered: 0, rejected: 0, stopped: null };
  for (;;) {
    // One read per pass, not per entry: a pass over 1,000 queued sales stays linear.
    const pending = await db.outbox.where('status').equals('pending').sortBy('seq');
    const outstanding = new Set((await db.outbox.toArray()).map((r) => r.id));
    const ready = (entry: OutboxEntry, t: number) =>
      entry.nextAttemptAt <= t && entry.leaseUntil <= t && !entry.dependsOn.some((id) => outstanding.has(id));
    let progressed = false;
    for (let i = 0; i < pending.length;) {
      const t = now();
      const first = pending[i++]!;
      if (!ready(first, t)) continue;
      // A run: the next ready entries the batch takes, up to the first one it does not
      // (that one goes next, alone: FIFO holds for every entry that depends on order).
      const run = [first];
      const { batch } = options;
      if (batch?.batchable(first)) {
        while (i < pending.length && run.length < batch.size) {
          const next = pending[i]!;
          if (!ready(next, t)) {
            i++;
            continue;
          }
          if (!batch.batchable(next)) break;
          run.push(next);
          i++;
        }
      }
      const claimed = await claim(db, run, t);
      if (claimed.length === 0) continue;
      progressed = true;
      const sent = claimed.length > 1 && batch ? await batch.send(claimed) : [await options.send(claimed[0]!)];
      const settled = claimed.map((entry, k) => ({ entry, sent: sent[k]!, outcome: verdictOf(sent[k]!) }));
      await settle(db, settled, now(), options);
      for (const { entry, outcome } of settled) {
        if (outcome === 'ack') {
          outstanding.delete(entry.id);
          result.delivered++;
        } else if (outcome === 'reject') result.rejected++;
      }
      if (settled.some((s) => s.outcome === 'auth')) return { ...result, stopped: 'auth' };
      // The network is down for every entry: stop. A 5xx is this entry's: go on.
      if (settled.some((s) => s.sent.kind === 'network')) return { ...result, stopped: 'network' };
    }
    if (!progressed) return result;
  }
}

interface Settled {
  entry: OutboxEntry;
  sent: SendResult;
  outcome: Verdict;
}

/** Records the outcomes of one send, in one transaction; an ack deletes its row there. */
async function settle(db: BalcaoDb, settled: Settled[], now: number, options: DrainOptions): Promise<void> {
  const tables = [db.outbox, db.sales, db.products, db.productChunks, db.customers, db.meta, db.financeOverlay];
  await db.transaction('rw', tables, async () => {
    for (const { entry, sent, outcome } of settled) {
      if (outcome === 'ack') {
        await db.outbox.delete(entry.seq!);
        await (options.onAck ?? acknowledge)(db, entry, sent.kind === 'ok' ? sent.body : null);
      } else if (outcome === 'reject' && sent.kind === 'http') {
        const rejected = {
          status: 'rejected' as const,
          leaseUntil: 0,
          attempts: entry.attempts + 1,
          lastError: sent.error,
          rejection: { status: sent.status, code: sent.code, error: sent.error },
        };
        await db.outbox.update(entry.seq!, rejected);
        await descriptorOf(entry)?.refused?.(db, { ...entry, ...rejected });
      } else {
        const attempts = outcome === 'retry' ? entry.attempts + 1 : entry.attempts;
        await db.outbox.update(entry.seq!, {
          leaseUntil: 0,
          attempts,
          nextAttemptAt: outcome === 'retry' ? now + backoffMs(attempts) : 0,
          lastError: sent.kind === 'ok' ? null : sent.error,
        });
      }
    }
  });
}

/**
 * Runs `fn` only if no other tab of this device is running it (Web Locks). Where the
 * browser has no Web Locks, the row leases still keep two senders from sending the same
 * row at once, and the server's Idempotency-Key makes a duplicate send harmless.
 */
export function withSenderLock<T>(fn: () => Promise<T>, locks?: Parameters<typeof tryWebLock>[1]): Promise<T | null> {
  return tryWebLock(OUTBOX_LOCK_NAME, locks)(fn);
}
