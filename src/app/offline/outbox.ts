// Writing to the outbox. A change and its outbox row are written in ONE Dexie
// transaction (by the change's writer: src/app/counter), so a power cut leaves both or
// neither. Rows leave the outbox only when the server acknowledged them (sender.ts), or
// when an admin discards a rejected one; what a retry or a discard does besides is the
// entry's kind's (outbox-kinds.ts).
import type { BalcaoDb, OutboxEntry, OutboxKind } from './db';
import { descriptorOf } from './outbox-kinds';

export interface NewOutboxEntry {
  id?: string;
  kind: OutboxKind;
  method: OutboxEntry['method'];
  path: string;
  body: unknown;
  summary: string;
  dependsOn?: string[];
}

export function buildOutboxEntry(input: NewOutboxEntry, now = Date.now()): OutboxEntry {
  return {
    id: input.id ?? crypto.randomUUID(),
    kind: input.kind,
    method: input.method,
    path: input.path,
    body: input.body,
    summary: input.summary,
    dependsOn: input.dependsOn ?? [],
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    leaseUntil: 0,
    createdAt: now,
    lastError: null,
    rejection: null,
  };
}

/** Queues one change on its own. */
export async function enqueue(db: BalcaoDb, input: NewOutboxEntry): Promise<OutboxEntry> {
  const entry = buildOutboxEntry(input);
  await db.outbox.add(entry);
  return entry;
}

/** Adds a row built by its writer (with what its kind keeps besides), inside the writer's unit of work. */
export async function addToOutbox(db: BalcaoDb, entry: OutboxEntry): Promise<void> {
  await db.outbox.add(entry);
}

/** The rows still in the outbox (pending and refused; only those of `status` when told), in delivery order. */
export function outboxRows(db: BalcaoDb, status?: OutboxEntry['status']): Promise<OutboxEntry[]> {
  return status === undefined ? db.outbox.toArray() : db.outbox.where('status').equals(status).toArray();
}

/** The rows still in the outbox with one of these ids, in delivery order. */
export function outboxRowsWithIds(db: BalcaoDb, ids: readonly string[]): Promise<OutboxEntry[]> {
  return db.outbox
    .where('id')
    .anyOf([...ids])
    .sortBy('seq');
}

/** The rows of a resource still in the outbox, in delivery order. */
export function outboxRowsOf(db: BalcaoDb, resource: string): Promise<OutboxEntry[]> {
  return db.outbox.where('resource').equals(resource).sortBy('seq');
}

/** How many rows of a resource are still in the outbox, counted on the index (no row is read). */
export function outboxCountOf(db: BalcaoDb, resource: string): Promise<number> {
  return db.outbox.where('resource').equals(resource).count();
}

/**
 * How many rows of a resource wait to be sent: refused ones (kept for an admin) left out,
 * counted through the status index (few), the rest through the resource's.
 */
export async function pendingOutboxCountOf(db: BalcaoDb, resource: string): Promise<number> {
  const refused = await db.outbox
    .where('status')
    .equals('rejected')
    .filter((e) => e.resource === resource)
    .count();
  return (await outboxCountOf(db, resource)) - refused;
}

/** The first row of a resource that waits to be sent, in delivery order (refused ones left out). */
export function firstPendingOutboxRowOf(db: BalcaoDb, resource: string): Promise<OutboxEntry | undefined> {
  return db.outbox
    .where('resource')
    .equals(resource)
    .filter((e) => e.status === 'pending')
    .first();
}

/** The ids of a resource's rows that wait to be sent, in delivery order. */
export async function pendingOutboxIdsOf(db: BalcaoDb, resource: string): Promise<string[]> {
  const rows = await db.outbox.where('resource').equals(resource).sortBy('seq');
  return rows.filter((e) => e.status === 'pending').map((e) => e.id);
}

/** The first row of a resource still in the outbox, in delivery order (the index keeps a resource's rows by seq). */
export function firstOutboxRowOf(db: BalcaoDb, resource: string): Promise<OutboxEntry | undefined> {
  return db.outbox.where('resource').equals(resource).first();
}

/** The rows whose resource starts with `prefix` ('count:<id>:', 'sale-cancel:'), in delivery order. */
export function outboxRowsUnder(db: BalcaoDb, prefix: string): Promise<OutboxEntry[]> {
  return db.outbox.where('resource').startsWith(prefix).sortBy('seq');
}

/** Where an outbox row stands (after a send): gone once the server acknowledged it. */
export type OutboxOutcome = 'delivered' | 'queued' | 'rejected';

export async function outboxOutcome(db: BalcaoDb, id: string): Promise<OutboxOutcome> {
  const row = await db.outbox.where('id').equals(id).first();
  if (!row) return 'delivered';
  return row.status === 'rejected' ? 'rejected' : 'queued';
}

/** An admin asks to try a rejected entry again (after fixing its cause). */
export async function retryRejected(db: BalcaoDb, id: string): Promise<void> {
  await db.transaction('rw', db.outbox, db.sales, async () => {
    const entry = await db.outbox.where('id').equals(id).first();
    if (!entry || entry.status !== 'rejected') return;
    await db.outbox.update(entry.seq!, { status: 'pending', rejection: null, nextAttemptAt: 0, attempts: 0 });
    await descriptorOf(entry)?.retried?.(db, entry);
  });
}

/** An admin discards a rejected entry (after a confirm): the only deletion without an ack. */
export async function discardRejected(db: BalcaoDb, id: string): Promise<void> {
  await db.transaction('rw', db.outbox, db.sales, db.financeOverlay, async () => {
    const entry = await db.outbox.where('id').equals(id).first();
    if (!entry || entry.status !== 'rejected') return;
    await db.outbox.delete(entry.seq!);
    await descriptorOf(entry)?.discarded?.(db, entry);
  });
}
