// The counter's simple queued changes, each written with its outbox row in ONE transaction:
// a sale kept at the till (with its local record and its number), a customer created or
// changed without a connection (with its mirror row), an admin's cancel of a sale. What
// each waits for and what an answer does: outbox-kinds.ts.
import { z } from 'zod/mini';
import { SaleCreateSchema, type SaleCreate } from '../../shared/contract/sales';
import type { BalcaoDb, LocalSale, MirrorCustomer, OutboxEntry } from '../offline/db';
import { addToOutbox, buildOutboxEntry } from '../offline/outbox';
import {
  addLocalSale,
  getLocalSale,
  inOneTransaction,
  putMirrorCustomer,
  updateLocalSale,
  updateMirrorCustomer,
} from '../offline/device-store';
import type { KeptFiscalNoteReceipt } from '../../shared/contract/fiscal-notes';
import { waitingFor } from '../offline/outbox-kinds';
import { claimSaleNumber } from '../offline/sale-numbers';
import { OUTBOX_KINDS } from './outbox-kinds';
import { CONTINGENCY_NOTES_RESOURCE, customerResource, saleCancelResource } from './outbox-resources';
import {
  ContingencyNoteUploadSchema,
  type ContingencyNoteUpload,
} from '../../shared/contract/fiscal-contingency-notes';

/**
 * A sale finished at the till: the local record, its outbox row and its number's
 * sequence together, in ONE transaction (durable before it resolves: BalcaoDb is 'strict'). The sale's id is the
 * outbox row's id and its Idempotency-Key. A sale for a customer still queued (created
 * offline) waits for that customer's row.
 *
 * The row keeps the body as the wire carries it (reais), encoded here from the typed sale
 * (centavos): rows written by earlier versions are wire bodies too, and the sender sends a
 * row's body as it is, so a sale queued before an upgrade is delivered once and unchanged.
 */
export async function recordSale(
  db: BalcaoDb,
  sale: Omit<LocalSale, 'state' | 'conflicts'>,
  typed: SaleCreate,
  options: {
    dependsOn?: string[];
    summary: string;
    storeCredit?: OutboxEntry['storeCredit'];
    /** The note this till issued for the sale in contingency: queued after it (its row's id). */
    contingencyNote?: { id: string; upload: ContingencyNoteUpload };
  },
): Promise<OutboxEntry> {
  const body = z.encode(SaleCreateSchema, typed);
  const customerId = typed.customer_id;
  const note = options.contingencyNote;
  return inOneTransaction(db, ['sales', 'outbox', 'meta'], async () => {
    const customer = await saleDependencies(db, customerId);
    await claimSaleNumber(db, sale.number);
    const entry = buildOutboxEntry(
      {
        id: sale.id,
        kind: 'sale',
        ...OUTBOX_KINDS.sale.route(),
        body,
        summary: options.summary,
        dependsOn: [...new Set([...(options.dependsOn ?? []), ...customer])],
      },
      sale.createdAt,
    );
    if (options.storeCredit) entry.storeCredit = options.storeCredit;
    await addLocalSale(db, { ...sale, state: 'pending', conflicts: 0 });
    await addToOutbox(db, entry);
    if (note) await addToOutbox(db, contingencyNoteEntry(note.id, note.upload, options.summary, sale.createdAt));
    return entry;
  });
}

/**
 * The note this till issued in contingency for a sale the server already has (its own note
 * was not authorized in time): the receipt takes it and its upload is queued, together.
 */
export async function recordContingencyNote(
  db: BalcaoDb,
  saleId: string,
  note: { receipt: KeptFiscalNoteReceipt; upload: ContingencyNoteUpload },
  saleSummary: string,
): Promise<void> {
  const entry = contingencyNoteEntry(note.receipt.id, note.upload, saleSummary, Date.now());
  await inOneTransaction(db, ['sales', 'outbox'], async () => {
    const kept = await getLocalSale(db, saleId);
    if (kept?.receipt) await updateLocalSale(db, saleId, { receipt: { ...kept.receipt, fiscalNote: note.receipt } });
    await addToOutbox(db, entry);
  });
}

/** The outbox row of a note issued at this till in contingency: after its sale. */
function contingencyNoteEntry(id: string, upload: ContingencyNoteUpload, saleSummary: string, createdAt: number) {
  const entry = buildOutboxEntry(
    {
      id,
      kind: 'fiscal-note',
      ...OUTBOX_KINDS['fiscal-note'].route(),
      body: z.encode(ContingencyNoteUploadSchema, upload),
      summary: `NFC-e nº ${upload.number} série ${upload.series} (contingência) · ${saleSummary}`,
      dependsOn: [upload.sale_id],
    },
    createdAt,
  );
  entry.resource = CONTINGENCY_NOTES_RESOURCE;
  return entry;
}

/** Outbox rows a new sale must wait for because of its customer: the customer's creation, while queued. */
export function saleDependencies(db: BalcaoDb, customerId: unknown): Promise<string[]> {
  return waitingFor(db, OUTBOX_KINDS.sale.waitsFor({ customerId }));
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
    ...OUTBOX_KINDS.customer.route({}),
    body,
    summary: `Cliente ${customer.name}`,
  });
  await inOneTransaction(db, ['customers', 'outbox'], async () => {
    // Version 0: the server's row replaces it at the next pull.
    await putMirrorCustomer(db, { ...customer, version: 0 });
    await addToOutbox(db, entry);
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
  const at = { changing: update.id };
  return inOneTransaction(db, ['customers', 'outbox'], async () => {
    const entry: OutboxEntry = {
      ...buildOutboxEntry({
        kind: 'customer',
        ...OUTBOX_KINDS.customer.route(at),
        body,
        summary: `Cliente ${update.name} (alteração)`,
        dependsOn: await waitingFor(db, OUTBOX_KINDS.customer.waitsFor(at)),
      }),
      resource: customerResource(update.id),
    };
    await updateMirrorCustomer(db, update.id, update.changes);
    await addToOutbox(db, entry);
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
  const at = { saleId: cancel.saleId };
  return inOneTransaction(db, ['outbox'], async () => {
    const entry: OutboxEntry = {
      ...buildOutboxEntry({
        kind: 'sale-cancel',
        ...OUTBOX_KINDS['sale-cancel'].route(at),
        body: { reason: cancel.reason, offline: true },
        summary: cancel.summary,
        dependsOn: await waitingFor(db, OUTBOX_KINDS['sale-cancel'].waitsFor(at)),
      }),
      resource: saleCancelResource(cancel.saleId),
    };
    await addToOutbox(db, entry);
    return entry;
  });
}
