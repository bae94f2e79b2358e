// The durable queue of NFC-e: the notes themselves (fiscal_notes, status 'pendente'), sent by
// a worker each app process runs from start to close. A worker claims the notes whose
// next_attempt_at has passed with a lease (claimed_by, claimed_until), in one statement
// that skips rows another worker is claiming (FOR UPDATE SKIP LOCKED; PGlite, one
// connection, runs the same SQL), so two processes on one PostgreSQL never send the same
// note at once; a lease that runs out (its process died) makes the note claimable again.
// Nothing lives in memory: a restart finds the notes where they were (an in-doubt one is
// consulted first: note-sender.ts). On the embedded database only this process can be sending
// (its data dir is locked to it), so a restarted server takes its dead predecessor's notes at
// once instead of waiting for their leases to run out (soleSender). A note whose sale was
// cancelled (cancel_requested_at) is claimed the same way, pending or authorized, and resolved
// instead of sent
// (queued-sale-cancel.ts). A note replaced by the contingency note its till issued for the
// sale (the note in doubt) is claimed while unresolved and resolved, never sent again
// (queued-replaced-note.ts). Due notes are claimed oldest due first: a contingency note signed at
// a till (contingency-notes.ts) is due from its dhEmi, so a till's notes go in order of issue.
//
// A sale at the till does not wait for the worker: its note is written leased to this
// process, and the route sends it at once (sendNow), answering within the store's time
// limit; past it the sending goes on and the sale is answered with its note 'pendente'.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { executeNamed, type Db } from '../db/client';
import { fiscalNotes } from '../db/schema';
import type { EmitterCache } from './emitter-context';
import { DEFAULT_BACKOFF, sendNote, type SenderDeps } from './note-sender';
import { replacementUnsettled, resolveQueuedReplacedNote } from './queued-replaced-note';
import { resolveQueuedSaleCancel } from './queued-sale-cancel';
import type { SefazPort } from './sefaz-port';

export interface EmissionQueueOptions {
  db: Db;
  sefaz: SefazPort;
  emitters: EmitterCache;
  /** This process's name in the leases (default: a random id). */
  instanceId?: string;
  /** How often an idle worker looks for due notes, ms (default 2 s). */
  pollMs?: number;
  /** How long a claim lasts, ms (default 2 min: more than any call's time limit). */
  leaseMs?: number;
  /** Notes claimed at a time (default 10). */
  batch?: number;
  backoff?: (attempts: number) => number;
  log?: (error: unknown, message: string) => void;
  /**
   * No other process can use this database (PGlite: its data dir is locked to one process):
   * the leases found at the first run are a dead process's, released before claiming.
   */
  soleSender?: boolean;
}

export interface EmissionQueue {
  readonly instanceId: string;
  readonly leaseMs: number;
  /** Starts the worker (idempotent). */
  start(): void;
  /** Stops it and waits for the sends under way. */
  stop(): Promise<void>;
  /** Looks for due notes now (new notes from the outbox). */
  wake(): void;
  /** Claims the due notes and sends them; how many it sent. */
  runOnce(): Promise<number>;
  /** Sends a note leased to this process now (a person waits: the store's time limit), returning after `limitMs` at most. */
  sendNow(tenantId: string, noteId: string, limitMs: number): Promise<void>;
}

export const DEFAULT_LEASE_MS = 120_000;

type Claimed = { tenant_id: string; id: string; next_attempt_at: string | Date; series: number; number: number };

export function createEmissionQueue(options: EmissionQueueOptions): EmissionQueue {
  const instanceId = options.instanceId ?? `balcao-${randomUUID()}`;
  const { db, pollMs = 2_000, leaseMs = DEFAULT_LEASE_MS, batch = 10 } = options;
  const deps: SenderDeps = {
    db,
    sefaz: options.sefaz,
    emitters: options.emitters,
    instanceId,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
  };
  const log = options.log ?? (() => {});
  const inflight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let started = false;
  let staleLeases = options.soleSender === true;

  const track = <T>(p: Promise<T>): Promise<T> => {
    inflight.add(p);
    void p.finally(() => inflight.delete(p)).catch(() => {});
    return p;
  };

  /** Sends a claimed note; an unexpected failure gives the lease back with a backoff. */
  async function send(tenantId: string, noteId: string, waiting: 'person' | 'queue'): Promise<void> {
    const [note] = await db
      .select()
      .from(fiscalNotes)
      .where(
        and(eq(fiscalNotes.tenantId, tenantId), eq(fiscalNotes.id, noteId), eq(fiscalNotes.claimedBy, instanceId)),
      );
    if (!note) return;
    // Replaced by the till's contingency note, or its sale cancelled: resolved (consulted,
    // cancelled or discarded), never sent as it is.
    const replaced = note.replacedBy !== null;
    const cancelled = note.cancelRequestedAt !== null && (note.status === 'pendente' || note.status === 'autorizada');
    if (replaced ? !replacementUnsettled(note) : !cancelled && note.status !== 'pendente') return;
    try {
      if (replaced) await resolveQueuedReplacedNote(deps, note);
      else if (cancelled) await resolveQueuedSaleCancel(deps, note);
      else await sendNote(deps, note, waiting);
    } catch (error) {
      log(error, 'NFC-e: falha ao enviar a nota; nova tentativa depois');
      await db
        .update(fiscalNotes)
        .set({
          claimedBy: null,
          claimedUntil: null,
          nextAttemptAt: sql`now() + ${`${deps.backoff(note.attempts + 1)} milliseconds`}::interval`,
        })
        .where(
          and(eq(fiscalNotes.tenantId, tenantId), eq(fiscalNotes.id, noteId), eq(fiscalNotes.claimedBy, instanceId)),
        );
    }
  }

  /** The due notes, claimed; oldest due first (a contingency note is due from its dhEmi: sent in order of issue). */
  async function claim(): Promise<{ tenant_id: string; id: string }[]> {
    const { rows } = await executeNamed<Claimed>(
      db,
      sql`UPDATE ${fiscalNotes} n SET claimed_by = ${instanceId},
                 claimed_until = now() + ${`${leaseMs} milliseconds`}::interval
           WHERE (n.tenant_id, n.id) IN (
                 SELECT q.tenant_id, q.id FROM ${fiscalNotes} q
                  WHERE (q.status = 'pendente' OR (q.status = 'autorizada' AND q.cancel_requested_at IS NOT NULL)
                         OR (q.replaced_by IS NOT NULL AND q.replacement_notice IS NULL
                             AND q.status IN ('autorizada', 'rejeitada')))
                    AND q.next_attempt_at <= now()
                    AND (q.claimed_until IS NULL OR q.claimed_until < now())
                  ORDER BY q.next_attempt_at, q.series, q.number LIMIT ${batch}
                  FOR UPDATE SKIP LOCKED)
          RETURNING n.tenant_id, n.id, n.next_attempt_at, n.series, n.number`,
    );
    // RETURNING keeps no order: sorted as claimed.
    const due = (r: Claimed) => new Date(r.next_attempt_at).getTime();
    return rows.sort((a, b) => due(a) - due(b) || a.series - b.series || a.number - b.number);
  }

  /** The leases of earlier processes on this database, given back (soleSender: they are dead). */
  async function releaseStaleLeases(): Promise<void> {
    await db
      .update(fiscalNotes)
      .set({ claimedBy: null, claimedUntil: null })
      .where(sql`${fiscalNotes.claimedBy} IS NOT NULL AND ${fiscalNotes.claimedBy} <> ${instanceId}`);
    staleLeases = false;
  }

  async function runOnce(): Promise<number> {
    if (staleLeases) await releaseStaleLeases();
    const claimed = await claim();
    for (const note of claimed) await track(send(note.tenant_id, note.id, 'queue'));
    return claimed.length;
  }

  function schedule(delay: number): void {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref?.();
  }

  function tick(): void {
    timer = null;
    if (!started || running) return;
    running = track(runOnce());
    running
      .catch((error: unknown) => {
        log(error, 'NFC-e: falha ao buscar notas pendentes');
        return 0;
      })
      .then((sent) => {
        running = null;
        // A full batch: there may be more due right now.
        schedule(sent >= batch ? 0 : pollMs);
      });
  }

  return {
    instanceId,
    leaseMs,
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      while (inflight.size) await Promise.allSettled([...inflight]);
    },
    wake() {
      if (started && !running) schedule(0);
    },
    runOnce: () => track(runOnce()),
    async sendNow(tenantId, noteId, limitMs) {
      const sending = track(send(tenantId, noteId, 'person'));
      let timeout: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((resolve) => (timeout = setTimeout(resolve, limitMs)));
      try {
        await Promise.race([sending.catch((error: unknown) => log(error, 'NFC-e: falha ao enviar a nota')), limit]);
      } finally {
        clearTimeout(timeout);
      }
    },
  };
}
