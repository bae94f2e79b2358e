// Writing to the outbox. A change and its outbox row are written in ONE Dexie
// transaction, so a power cut leaves both or neither. Rows leave the outbox only when
// the server acknowledged them (sender.ts), or when an admin discards a rejected one.
import type { BalcaoDb, LocalSale, MirrorCustomer, OutboxEntry, OutboxKind } from './db';
import { claimSaleNumber } from './sale-numbers';

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

/**
 * A sale finished at the till: the local record, its outbox row and its number's
 * sequence together, in ONE transaction (durable before it resolves: BalcaoDb is 'strict'). The sale's id is the
 * outbox row's id and its Idempotency-Key. A sale for a customer still queued (created
 * offline) waits for that customer's row.
 */
export async function recordSale(
  db: BalcaoDb,
  sale: Omit<LocalSale, 'state' | 'conflicts'>,
  body: unknown,
  options: { dependsOn?: string[]; summary: string; storeCredit?: OutboxEntry['storeCredit'] },
): Promise<OutboxEntry> {
  const customerId = (body as { customer_id?: unknown } | null)?.customer_id;
  return db.transaction('rw', db.sales, db.outbox, db.meta, async () => {
    const customer = typeof customerId === 'string' ? await saleDependencies(db, customerId) : [];
    await claimSaleNumber(db, sale.number);
    const entry = buildOutboxEntry(
      {
        id: sale.id,
        kind: 'sale',
        method: 'POST',
        path: '/api/sales',
        body,
        summary: options.summary,
        dependsOn: [...(options.dependsOn ?? []), ...customer],
      },
      sale.createdAt,
    );
    if (options.storeCredit) entry.storeCredit = options.storeCredit;
    await db.sales.add({ ...sale, state: 'pending', conflicts: 0 });
    await db.outbox.add(entry);
    return entry;
  });
}

/**
 * A customer created without a connection: the mirror row (so the till finds it at
 * once) and its outbox row together. The customer's id is the client's, and the outbox
 * row's id too, so a sale can name it as a dependency.
 */
export async function recordCustomer(
  db: BalcaoDb,
  customer: Omit<MirrorCustomer, 'version'>,
  body: unknown,
): Promise<OutboxEntry> {
  const entry = buildOutboxEntry({
    id: customer.id,
    kind: 'customer',
    method: 'POST',
    path: '/api/customers',
    body,
    summary: `Cliente ${customer.name}`,
  });
  await db.transaction('rw', db.customers, db.outbox, async () => {
    // Version 0: the server's row replaces it at the next pull.
    await db.customers.put({ ...customer, version: 0 });
    await db.outbox.add(entry);
  });
  return entry;
}

/**
 * A customer changed without a connection (Clientes > Editar, e.g. the credit limit): the
 * mirror row shows the change at once (the till reads it) and its outbox row (PUT) waits
 * for whatever of that customer is still queued, its creation or earlier changes.
 */
export async function recordCustomerUpdate(
  db: BalcaoDb,
  update: { id: string; name: string; changes: Partial<MirrorCustomer> },
  body: unknown,
): Promise<OutboxEntry> {
  const resource = `customer:${update.id}`;
  return db.transaction('rw', db.customers, db.outbox, async () => {
    const earlier = await db.outbox.filter((e) => e.id === update.id || e.resource === resource).toArray();
    const entry: OutboxEntry = {
      ...buildOutboxEntry({
        kind: 'customer',
        method: 'PUT',
        path: `/api/customers/${update.id}`,
        body,
        summary: `Cliente ${update.name} (alteração)`,
        dependsOn: earlier.map((e) => e.id),
      }),
      resource,
    };
    await db.customers.update(update.id, update.changes);
    await db.outbox.add(entry);
    return entry;
  });
}

/**
 * An admin's cancel of a sale, through the outbox like every change at the counter: its
 * row id is its Idempotency-Key, so however often it is sent the server cancels once. A
 * sale this till sold and has not delivered yet is cancelled after it arrives. Marked
 * `offline` as a queued sale or return is: it was decided here, so the server takes it even
 * without a reason (and flags the sale), where a direct API call must give one.
 */
export async function recordSaleCancel(
  db: BalcaoDb,
  cancel: { saleId: string; reason: string; summary: string },
): Promise<OutboxEntry> {
  return db.transaction('rw', db.outbox, async () => {
    const queuedSale = await db.outbox.where('id').equals(cancel.saleId).first();
    const entry: OutboxEntry = {
      ...buildOutboxEntry({
        kind: 'sale-cancel',
        method: 'PUT',
        path: `/api/sales/${cancel.saleId}/cancel`,
        body: { reason: cancel.reason, offline: true },
        summary: cancel.summary,
        dependsOn: queuedSale ? [queuedSale.id] : [],
      }),
      resource: `sale:${cancel.saleId}`,
    };
    await db.outbox.add(entry);
    return entry;
  });
}

/** Where an outbox row stands (after a send): gone once the server acknowledged it. */
export type OutboxOutcome = 'delivered' | 'queued' | 'rejected';

export async function outboxOutcome(db: BalcaoDb, id: string): Promise<OutboxOutcome> {
  const row = await db.outbox.where('id').equals(id).first();
  if (!row) return 'delivered';
  return row.status === 'rejected' ? 'rejected' : 'queued';
}

/** Outbox rows a new sale must wait for: its customer's, while that is still queued. */
export async function saleDependencies(db: BalcaoDb, customerId: string): Promise<string[]> {
  const queued = await db.outbox.where('id').equals(customerId).first();
  return queued && queued.kind === 'customer' ? [queued.id] : [];
}

/** An admin asks to try a rejected entry again (after fixing its cause). */
export async function retryRejected(db: BalcaoDb, id: string): Promise<void> {
  await db.transaction('rw', db.outbox, db.sales, async () => {
    const entry = await db.outbox.where('id').equals(id).first();
    if (!entry || entry.status !== 'rejected') return;
    await db.outbox.update(entry.seq!, { status: 'pending', rejection: null, nextAttemptAt: 0, attempts: 0 });
    if (entry.kind === 'sale') await db.sales.update(id, { state: 'pending' });
  });
}

/** An admin discards a rejected entry (after a confirm): the only deletion without an ack. */
export async function discardRejected(db: BalcaoDb, id: string): Promise<void> {
  await db.transaction('rw', db.outbox, db.sales, db.financeOverlay, async () => {
    const entry = await db.outbox.where('id').equals(id).first();
    if (!entry || entry.status !== 'rejected') return;
    await db.outbox.delete(entry.seq!);
    if (entry.kind === 'sale') await db.sales.update(id, { state: 'rejected' });
    // An account change: with nothing else of its resource queued, its overlay goes too
    // and the screens show the server's record again.
    if (entry.resource && (await db.outbox.where('resource').equals(entry.resource).count()) === 0) {
      await db.financeOverlay.where('resource').equals(entry.resource).delete();
    }
  });
}
