// Finishing a sale at the till. With a connection, the sale goes straight to the server
// (POST /api/sales, offline: false, its id as Idempotency-Key) and the cashier waits for
// the answer, at most SALE_DIRECT_TIMEOUT_MS (plus the store's wait for SEFAZ when it emits): accepted, it is kept here as delivered and
// the mirror takes the server's stock; refused (a price that changed, stock the server
// does not have), nothing is written and the screen says why, so the cashier can fix the
// sale and finish again. Without an answer (offline, a timeout, a 5xx, a lost session),
// or when the sale waits for a customer still queued, it is written with its outbox row
// exactly as before (offline: true, same id and key): the server recognises the same sale
// if the direct sending did arrive (sales/sale-create.ts on the server).
import { z } from 'zod/mini';
import { SALE_DIRECT_TIMEOUT_MS } from '../../shared/constants';
import { SaleCreateSchema, type SaleCreate } from '../../shared/contract/sales';
import type { ApiError } from '../lib/api-error';
import type { LocalSale } from '../offline/db';
import { currentCaixa, type SalePart } from './caixa-session';
import { deviceIdentity } from '../offline/device-identity';
import { inOneTransaction, putLocalSale } from '../offline/device-store';
import { madeByNow } from '../offline/session-cache';
import type { DirectSend } from './direct-send';
import { recordContingencyNote, recordSale } from './records';
import { waitingFor } from '../offline/outbox-kinds';
import { OUTBOX_KINDS } from './outbox-kinds';
import { verdictOfError } from '../lib/retry-policy';
import { applyAcknowledgedSale } from '../offline/stock';
import { fiscalOfAck, saleAckOf } from './sale-answer';
import { storeCreditOf } from './store-credit';
import { claimSaleNumber, nextSaleNumber, ownTillName } from '../offline/sale-numbers';
import { saleLabel } from '../../shared/sale-number';
import type { FiscalTillView } from '../../shared/contract/fiscal-till';
import { emissionTypeOf } from '../../shared/contract/fiscal-notes';
import { noteNumberSeen } from '../offline/note-numbers';
import { contingencySince, emitsAtTill } from './contingency-queue';

/** The NFC-e builder and signer, loaded the first time this till makes a note itself (not on Nova Venda's first load). */
const contingencySale = () => import('./contingency-sale');
import { pendingOutboxCountOf, pendingOutboxIdsOf } from '../offline/outbox';
import { CONTINGENCY_NOTES_RESOURCE } from './outbox-resources';

export type FinishOutcome =
  | { kind: 'delivered' }
  | { kind: 'queued' }
  /** The server refused the sale: nothing was written. */
  | { kind: 'refused'; error: ApiError };

export interface FinishSaleInput {
  sale: Omit<LocalSale, 'state' | 'conflicts'>;
  /** The sale in the contract's typed form (centavos), marked offline as the outbox sends it. */
  body: SaleCreate;
  summary: string;
  /** What this till knows of the store's NFC-e (kept on the device): to issue the note itself when it must. */
  fiscal?: FiscalTillView | null;
}

/** centavos of vale-troca a sale pays with. */
function valeUsed(body: SaleCreate): number {
  return (body.payments ?? []).reduce((s, p) => s + (p.method === 'store_credit' ? p.amount : 0), 0);
}

export const finishSale: DirectSend<FinishSaleInput, FinishOutcome> = async (db, client, input, options) => {
  const device = await deviceIdentity(db);
  // The till's next number, read as the sale is kept (another tab may have used the one on screen).
  const number = await nextSaleNumber(db);
  // The sale belongs to this device's open till session, and waits for its opening while queued.
  const caixa = await currentCaixa(db);
  const open = caixa?.status === 'open' ? caixa : null;
  const body: SaleCreate = {
    ...input.body,
    device_id: device.id,
    device_label: device.label,
    ...(await madeByNow(db)),
    ...(number ? { number } : {}),
    ...(open ? { cash_session_id: open.id } : {}),
  };
  const summary = number ? input.summary.replace(/^Venda( #\S+)?/, saleLabel(number)) : input.summary;
  // The receipt names the till and, for a sale using the vale-troca, what is left of it after.
  const customerId = body.customer_id;
  const vale = valeUsed(body);
  const receipt = input.sale.receipt && {
    ...input.sale.receipt,
    till: await ownTillName(db),
    ...(vale > 0 ? { storeCreditLeft: Math.max(0, (await storeCreditOf(db, customerId)) - vale) } : {}),
  };
  const made = receipt ? { ...input.sale, receipt } : input.sale;
  const numbered = number ? { ...made, number } : made;
  const sale = open
    ? { ...numbered, cashSessionId: open.id, parts: partsOfSale(body, input.sale.totalCentavos) }
    : numbered;
  // It waits for its customer created offline, its caixa's opening and, paying with the
  // vale-troca, the queued returns that credit it (outbox-kinds.ts).
  const waits = await waitingFor(
    db,
    OUTBOX_KINDS.sale.waitsFor({ customerId, sessionId: open?.id, usesStoreCredit: vale > 0 }),
  );
  // While notes this till issued in contingency wait to be sent, it stays in contingency: a
  // sale sent now would get a server's number in the till's series that one of them may hold.
  // (A refused one is the admin's, on the server: it holds nothing here.)
  const view = emitsAtTill(input.fiscal) ? input.fiscal : null;
  // Counted, not read: each queued note holds its signed XML, and a till offline all day holds hundreds.
  const notesQueued = view ? await pendingOutboxCountOf(db, CONTINGENCY_NOTES_RESOURCE) : 0;
  const attemptedAt = new Date();
  /** `unanswered`: the online attempt got no answer (the server may hold a note of it). */
  const queue = async (unanswered: boolean): Promise<FinishOutcome> => {
    const issuedAt = new Date();
    const startedAt = unanswered ? attemptedAt : await contingencySince(db, issuedAt);
    const note = view
      ? await (await contingencySale()).issueContingencyNote(
          db,
          { saleId: sale.id, body: { ...body, device_id: device.id }, view, issuedAt, startedAt, unanswered },
          crypto.randomUUID(),
        )
      : null;
    // A sale without the till's note is numbered by the server after the queued ones.
    const afterNotes = !note && notesQueued > 0 ? await pendingOutboxIdsOf(db, CONTINGENCY_NOTES_RESOURCE) : [];
    const kept = note && sale.receipt ? { ...sale, receipt: { ...sale.receipt, fiscalNote: note.receipt } } : sale;
    await recordSale(db, kept, note ? { ...body, fiscal_contingency: note.marker } : body, {
      summary,
      dependsOn: [...waits, ...afterNotes],
      ...(vale > 0 ? { storeCredit: { customerId, delta: -vale } } : {}),
      ...(note ? { contingencyNote: { id: note.receipt.id, upload: note.upload } } : {}),
    });
    return { kind: 'queued' };
  };
  if (!options.online || waits.length > 0 || notesQueued > 0) return queue(false);
  // Reais only here, on the wire (a queued one is encoded as its row is written: records.ts).
  const wire = z.encode(SaleCreateSchema, { ...body, offline: false });
  let answer: unknown;
  try {
    answer = await client.send('POST', '/sales', {
      body: wire,
      headers: { 'Idempotency-Key': input.sale.id },
      timeoutMs: options.timeoutMs ?? directTimeoutMs(input.fiscal),
    });
  } catch (error) {
    // Only a refusal is the cashier's to act on; anything undecided goes to the outbox.
    if (verdictOfError(error) !== 'reject') return queue(true);
    return { kind: 'refused', error: error as ApiError };
  }
  const ack = saleAckOf(answer);
  await inOneTransaction(db, ['sales', 'products', 'productChunks', 'meta'], async () => {
    await claimSaleNumber(db, sale.number);
    // The server's number (another one when this one was taken in the store), and its NFC-e (or why none).
    const fiscal = fiscalOfAck(ack);
    if (ack.fiscalNote) await noteNumberSeen(db, ack.fiscalNote.series, ack.fiscalNote.number);
    const receipt = fiscal && sale.receipt ? { ...sale.receipt, ...fiscal } : sale.receipt;
    await putLocalSale(db, {
      ...sale,
      ...(receipt ? { receipt } : {}),
      number: ack.number ?? sale.number,
      state: 'pending',
      conflicts: 0,
    });
    await applyAcknowledgedSale(db, input.sale.id, ack.conflicts, ack.stockAfter);
  });
  // The server made note N but SEFAZ did not authorize it in time: the till issues the
  // sale's note itself, N+1, and the server replaces N by it (the note in doubt).
  const served = ack.fiscalNote;
  if (view && served?.status === 'pendente' && emissionTypeOf(served) === 1 && served.series === view.series) {
    const soldAs = { ...body, device_id: device.id, ...(ack.number ? { number: ack.number } : {}) };
    const request = { saleId: sale.id, body: soldAs, view, issuedAt: new Date(), startedAt: attemptedAt };
    const { issueContingencyNote } = await contingencySale();
    const note = await issueContingencyNote(db, { ...request, unanswered: false }, crypto.randomUUID());
    if (note) await recordContingencyNote(db, sale.id, note, summary);
  }
  return { kind: 'delivered' };
};

/**
 * How long the till waits for the server's answer to a sale: its own time for the sale and,
 * where the store emits, the time the server waits for SEFAZ on top, so a SEFAZ that does not
 * answer comes back as the server's pending note (and the till's contingency note follows)
 * rather than as no answer at all.
 */
export function directTimeoutMs(fiscal: FiscalTillView | null | undefined): number {
  return fiscal?.emission_enabled
    ? fiscal.emission_timeout_seconds * 1000 + SALE_DIRECT_TIMEOUT_MS
    : SALE_DIRECT_TIMEOUT_MS;
}

/** The parts a sale pays in (centavos): its payments, a crediário's entrada, or its total. */
export function partsOfSale(body: SaleCreate, totalCentavos: number): SalePart[] {
  if (body.payments?.length) return body.payments.map((p) => ({ method: p.method, amount: p.amount }));
  if (body.payment_method === 'crediario') {
    const entrada = body.crediario?.entrada ?? 0;
    return entrada > 0 ? [{ method: body.crediario?.entrada_method ?? 'cash', amount: entrada }] : [];
  }
  return totalCentavos > 0 ? [{ method: body.payment_method, amount: totalCentavos }] : [];
}
