// Every kind of change the counter queues in the outbox, one descriptor each: the request it
// makes, what it waits for while queued, what the server's acknowledgement does to this
// device and what a refusal does (the table's shape: offline/outbox-kinds.ts). The sender,
// the acknowledgement and the dependency rule read this table; a new kind is one entry here
// and its tests. Loading this module registers the table (the writers below import it to
// queue, the app and the service worker before they deliver).
import { applyAcknowledgedSale, applyDeliveredRestock } from '../offline/stock';
import type { BalcaoDb, OutboxEntry } from '../offline/db';
import { deleteOverlayOf, getLocalSale, updateLocalSale } from '../offline/device-store';
import { outboxRowsOf } from '../offline/outbox';
import {
  acknowledge,
  isBatchable as batchable,
  registerOutboxKinds,
  type OutboxKindDescriptor,
  type OutboxKindTable,
  type OutboxRoute,
} from '../offline/outbox-kinds';
import { settleAccountChange } from '../offline/overlay-sync';
import { caixaResource, customerResource, storeCreditResource } from './outbox-resources';
import { settleReturnAnswer } from './return-answer';
import { fiscalOfAck, saleAckOf } from './sale-answer';
import { applyStoreCreditAnswer } from './store-credit';
import { ContingencyNoteResponseSchema } from '../../shared/contract/fiscal-contingency-notes';
import { emissionTypeOf, type KeptFiscalNoteReceipt } from '../../shared/contract/fiscal-notes';
import { noteNumberSeen } from '../offline/note-numbers';

interface SaleWaits {
  customerId?: unknown;
  sessionId?: string | null;
  usesStoreCredit?: boolean;
}

const saleState = (state: 'pending' | 'rejected') => async (db: BalcaoDb, entry: OutboxEntry) => {
  await updateLocalSale(db, entry.id, { state });
};

/** The customer's vale-troca as the server answered a delivered return or payout. */
async function storeCreditAnswered(db: BalcaoDb, entry: OutboxEntry, answer: unknown): Promise<void> {
  if (entry.storeCredit) await applyStoreCreditAnswer(db, entry.storeCredit.customerId, answer);
}

/**
 * A sale finished at this till (its local record is LocalSale, same id). It waits for its
 * customer created offline, its caixa's opening and, paying with vale-troca, the queued
 * returns that credit it. Acknowledged: the local sale is synced, takes the server's number
 * and the mirror the server's stock; refused: the local sale shows it.
 */
const sale: OutboxKindDescriptor<void, SaleWaits> = {
  route: () => ({ method: 'POST', path: '/api/sales' }),
  // A sale without a note of this till, while notes it issued in contingency wait to be sent,
  // also waits for them (finish-sale.ts): the server numbers its note after theirs.
  waitsFor: ({ customerId, sessionId, usesStoreCredit }) => {
    const customer = typeof customerId === 'string' ? customerId : null;
    return {
      ids: [customer, sessionId],
      resources: usesStoreCredit && customer ? [storeCreditResource(customer)] : [],
    };
  },
  batch: { method: 'POST', path: '/api/sales' },
  async acknowledged(db, entry, answer) {
    const ack = saleAckOf(answer);
    if (ack.number) await updateLocalSale(db, entry.id, { number: ack.number });
    if (ack.fiscalNote) await noteNumberSeen(db, ack.fiscalNote.series, ack.fiscalNote.number);
    // A queued sale's NFC-e, kept for its DANFE (or why it has none); the note this till
    // issued in contingency stays: it is the sale's, whatever the server made of an
    // unanswered attempt (the note in doubt, which the server resolves).
    const fiscal = fiscalOfAck(ack);
    const kept = fiscal ? await getLocalSale(db, entry.id) : undefined;
    if (kept?.receipt && emissionTypeOf(kept.receipt.fiscalNote ?? {}) !== 9)
      await updateLocalSale(db, entry.id, { receipt: { ...kept.receipt, ...fiscal } });
    await applyAcknowledgedSale(db, entry.id, ack.conflicts, ack.stockAfter);
  },
  refused: saleState('rejected'),
  retried: saleState('pending'),
  discarded: saleState('rejected'),
};

/** The sale's receipt note changed by `change` (a sale kept without a receipt has none to change). */
async function changeReceiptNote(
  db: BalcaoDb,
  saleId: string,
  change: (note: KeptFiscalNoteReceipt) => KeptFiscalNoteReceipt,
): Promise<void> {
  const kept = await getLocalSale(db, saleId);
  const note = kept?.receipt?.fiscalNote;
  if (kept?.receipt && note) await updateLocalSale(db, saleId, { receipt: { ...kept.receipt, fiscalNote: change(note) } });
}

const saleOfNote = (entry: OutboxEntry) => (entry.body as { sale_id?: string }).sale_id ?? '';

/**
 * A note this till issued in offline contingency (contingency-sale.ts): after its sale.
 * Acknowledged: the receipt keeps the note as the server has it. Refused (say, signed after
 * an admin removed the till's key): the receipt shows it rejected, with why; the admin sees
 * it in Notas Fiscais.
 */
const fiscalNote: OutboxKindDescriptor<void, { saleId: string }> = {
  route: () => ({ method: 'POST', path: '/api/fiscal/contingency-notes' }),
  waitsFor: ({ saleId }) => ({ ids: [saleId] }),
  async acknowledged(db, entry, answer) {
    const parsed = ContingencyNoteResponseSchema.safeParse(answer);
    if (parsed.success) await changeReceiptNote(db, saleOfNote(entry), () => parsed.data.data);
  },
  refused: (db, entry) =>
    changeReceiptNote(db, saleOfNote(entry), (note) => ({
      ...note,
      status: 'rejeitada',
      reason: entry.rejection?.error ?? null,
    })),
  retried: (db, entry) =>
    changeReceiptNote(db, saleOfNote(entry), (note) => ({ ...note, status: 'pendente', reason: null })),
};

/** A customer created (`changing` absent) or changed without a connection: after its creation and earlier changes. */
const customer: OutboxKindDescriptor<{ changing?: string }, { changing?: string }> = {
  route: ({ changing }) =>
    changing ? { method: 'PUT', path: `/api/customers/${changing}` } : { method: 'POST', path: '/api/customers' },
  waitsFor: ({ changing }) => (changing ? { ids: [changing], resources: [customerResource(changing)] } : {}),
};

/**
 * An account change (payable, receivable, cash entry; its route is the account's own:
 * lib/accounts): after the earlier changes of its account and, received at the till, its
 * caixa's opening. Acknowledged with nothing more of its account queued: its overlay is
 * synced; discarded likewise: its overlay goes and the screens show the server's record.
 */
const account: OutboxKindDescriptor<OutboxRoute, { resource: string; sessionId?: string | null }> = {
  route: (own) => own,
  waitsFor: ({ resource, sessionId }) => ({ resources: [resource], ids: [sessionId] }),
  acknowledged: (db, entry) => settleAccountChange(db, entry),
  async discarded(db, entry) {
    if (entry.resource && (await outboxRowsOf(db, entry.resource)).length === 0) {
      await deleteOverlayOf(db, entry.resource);
    }
  },
};

type CaixaStep = { step: 'open' } | { step: 'movement' | 'close'; sessionId: string };

/** A till session's opening, sangria or suprimento, and close: each after the session's earlier ones; the close after its sales, returns and receipts too. */
const caixa: OutboxKindDescriptor<CaixaStep, CaixaStep> = {
  route: (at) => {
    if (at.step === 'open') return { method: 'POST', path: '/api/cash-sessions' };
    return {
      method: 'POST',
      path: `/api/cash-sessions/${at.sessionId}/${at.step === 'close' ? 'close' : 'movements'}`,
    };
  },
  waitsFor: (at) => {
    if (at.step === 'open') return {};
    const resources = [caixaResource(at.sessionId)];
    return at.step === 'close' ? { resources, session: at.sessionId } : { resources };
  },
};

/**
 * A return (Trocas e Devoluções): after the sale it returns and its caixa's opening.
 * Acknowledged: the customer's vale-troca as answered, the units it put back in the mirror,
 * the money it took out of the caixa as the server counted it.
 */
const returnKind: OutboxKindDescriptor<{ saleId: string }, { saleId: string; sessionId?: unknown }> = {
  route: ({ saleId }) => ({ method: 'POST', path: `/api/sales/${saleId}/returns` }),
  waitsFor: ({ saleId, sessionId }) => ({ ids: [typeof sessionId === 'string' ? sessionId : null, saleId] }),
  async acknowledged(db, entry, answer) {
    await storeCreditAnswered(db, entry, answer);
    if (entry.restock) await applyDeliveredRestock(db, entry.restock);
    await settleReturnAnswer(db, entry.id, answer);
  },
};

interface PayoutWaits {
  returnId: string;
  saleId: string | null;
  customerId: string;
  sessionId: string | null;
}

/** Vale-troca given back in cash: after its return, its sale, the vale's queued credits and its caixa's opening. */
const payout: OutboxKindDescriptor<{ customerId: string }, PayoutWaits> = {
  route: ({ customerId }) => ({ method: 'POST', path: `/api/customers/${customerId}/store-credit/payout` }),
  waitsFor: ({ returnId, saleId, customerId, sessionId }) => ({
    ids: [returnId, saleId, sessionId],
    resources: [storeCreditResource(customerId)],
  }),
  acknowledged: storeCreditAnswered,
};

/** An admin's cancel of a sale: after the sale, while this till has not delivered it. */
const saleCancel: OutboxKindDescriptor<{ saleId: string }, { saleId: string }> = {
  route: ({ saleId }) => ({ method: 'PUT', path: `/api/sales/${saleId}/cancel` }),
  waitsFor: ({ saleId }) => ({ ids: [saleId] }),
};

/** A quantity counted in an inventário: waits for nothing (the server keeps the newest count). */
const stockCount: OutboxKindDescriptor<{ countId: string; productId: string }, void> = {
  route: ({ countId, productId }) => ({ method: 'PUT', path: `/api/stock-counts/${countId}/lines/${productId}` }),
  waitsFor: () => ({}),
};

export const OUTBOX_KINDS = {
  sale,
  customer,
  account,
  caixa,
  return: returnKind,
  'store-credit-payout': payout,
  'sale-cancel': saleCancel,
  'stock-count': stockCount,
  'fiscal-note': fiscalNote,
} as const satisfies OutboxKindTable;

registerOutboxKinds(OUTBOX_KINDS);

/** The table's answers as the sender and its transport take them: the acknowledgement path, and which entries travel in a batch. */
export const onAck = acknowledge;
export const isBatchable = batchable;
