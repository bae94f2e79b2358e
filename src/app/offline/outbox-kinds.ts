// What the outbox carries, kind by kind: the shape of the table and where it is kept. Each
// kind of queued change is one descriptor: the request it makes, what it waits for while
// queued, what the server's acknowledgement does to the device and what a refusal does. The
// sender (sender.ts), the admin's retry and discard (outbox.ts) and the dependency rule
// (waitingFor) read the table and never branch on a kind. The descriptors themselves know
// the counter's rules and live with them (src/app/counter/outbox-kinds.ts), which registers
// them here: storage imports none of them.
import type { BalcaoDb, OutboxEntry, OutboxKind } from './db';

export interface OutboxRoute {
  method: OutboxEntry['method'];
  /** '/api/...' */
  path: string;
}

/**
 * What an entry waits for while queued: the entries with one of these ids (a customer, a
 * sale, a caixa's opening), every entry of one of these resources (an account's earlier
 * changes, a caixa's movements, a customer's queued vale-troca credits), and every entry
 * made in the till session `session` (its sales, returns and receipts, for its close).
 */
export interface Waits {
  ids?: readonly (string | null | undefined)[];
  resources?: readonly string[];
  session?: string;
}

/**
 * One kind of queued change. `Route` and `Wait` are what its writer knows when it queues one
 * (a sale's customer and caixa, a return's sale...). The effects run inside the transaction
 * that records the answer, over the outbox, sales, products, productChunks, customers, meta
 * and financeOverlay.
 */
export interface OutboxKindDescriptor<Route = never, Wait = never> {
  /** The request it makes. */
  route: (input: Route) => OutboxRoute;
  /** What it waits for while queued (read by the one rule, waitingFor). */
  waitsFor: (input: Wait) => Waits;
  /** Its entries with this route travel in runs, one POST /api/sales/batch (one answer per entry). */
  batch?: OutboxRoute;
  /** The server acknowledged it (its row already deleted): what its answer does here. */
  acknowledged?: (db: BalcaoDb, entry: OutboxEntry, answer: unknown) => Promise<void>;
  /** The server refused it (its row kept, rejected and shown): what else changes here. */
  refused?: (db: BalcaoDb, entry: OutboxEntry) => Promise<void>;
  /** An admin sends a refused one again. */
  retried?: (db: BalcaoDb, entry: OutboxEntry) => Promise<void>;
  /** An admin discards a refused one (its row already deleted). */
  discarded?: (db: BalcaoDb, entry: OutboxEntry) => Promise<void>;
}

// The table's entries differ in what their writers pass; the mechanism reads only the effects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDescriptor = OutboxKindDescriptor<any, any>;

/** Every kind the outbox carries (the key), each with its descriptor: a kind left out does not compile. */
export type OutboxKindTable = { readonly [K in OutboxKind]: AnyDescriptor };

let registered: OutboxKindTable | null = null;

/** Keeps the table the mechanism reads (the counter's, once its module is loaded). */
export function registerOutboxKinds(table: OutboxKindTable): void {
  registered = table;
}

/** Whether the counter's table is registered: the sender refuses to deliver without it. */
export function outboxKindsRegistered(): boolean {
  return registered !== null;
}

/** The descriptor of an entry's kind; null while no table is registered (nothing kind-specific happens). */
export function descriptorOf(entry: Pick<OutboxEntry, 'kind'>): AnyDescriptor | null {
  return registered?.[entry.kind] ?? null;
}

/** The acknowledgement path: what the entry's kind does with the server's answer. */
export async function acknowledge(db: BalcaoDb, entry: OutboxEntry, answer: unknown): Promise<void> {
  await descriptorOf(entry)?.acknowledged?.(db, entry, answer);
}

/** Whether the batch endpoint takes the entry. */
export function isBatchable(entry: OutboxEntry): boolean {
  const batch = descriptorOf(entry)?.batch;
  return batch !== undefined && entry.method === batch.method && entry.path === batch.path;
}

/**
 * The one dependency rule: the entries still in the outbox (pending or refused) that `waits`
 * names, in delivery order. A refused one still holds what waits for it, until an admin
 * retries or discards it.
 */
export async function waitingFor(db: BalcaoDb, waits: Waits): Promise<string[]> {
  const found = new Map<number, string>();
  const keep = (rows: OutboxEntry[]) => rows.forEach((row) => found.set(row.seq!, row.id));
  const ids = (waits.ids ?? []).filter((id): id is string => typeof id === 'string');
  if (ids.length > 0) keep(await db.outbox.where('id').anyOf(ids).toArray());
  for (const resource of waits.resources ?? []) keep(await db.outbox.where('resource').equals(resource).toArray());
  const { session } = waits;
  if (session !== undefined)
    keep(
      await db.outbox
        .filter((e) => (e.body as { cash_session_id?: unknown } | null)?.cash_session_id === session)
        .toArray(),
    );
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, id]) => id);
}
