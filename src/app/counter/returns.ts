// Returns at the counter (Trocas e Devoluções).
// A return goes straight to the server when online (the cashier sees a refusal at once:
// more than is left to return, beyond the limit); without an answer it is written with its
// outbox row in ONE transaction, its id the Idempotency-Key, marked offline. It waits for
// the sale it returns while that sale is still queued here (a sale sold offline on this
// device is returned before it reached the server), and for the caixa's opening.
// What it pays back in dinheiro or by estorno leaves the device's open caixa (a negative
// receipt, like vale-troca given back in cash: caixa-session.ts), so the blind close expects what
// the server's does: kept with the return as the server answered it, or, queued, as this
// device reckons it by the server's rule (tillPartOfReturn) until the server's answer
// replaces it on delivery (return-answer.ts). A return to vale-troca credits the customer's
// balance here while queued (store-credit.ts); a sale that uses the vale waits for the
// queued returns that credit it, so the server sees the credit before the use. What the
// server's acknowledgement does on this device: outbox-kinds.ts.
import { estornoMethodOf, type TillPart } from '../../shared/caixa';
import { tillPartsOf } from '../../shared/caixa-taken';
import { SALE_DIRECT_TIMEOUT_MS } from '../../shared/constants';
import { shareDiscount } from '../../shared/discounts';
import type { z } from 'zod/mini';
import type { RefundMethod, ReturnCreateSchema } from '../../shared/contract/returns';
import type { ApiError } from '../lib/api-error';
import type { BalcaoDb, LocalSale, OutboxEntry } from '../offline/db';
import { deviceIdentity } from '../offline/device-identity';
import { addToOutbox, buildOutboxEntry, outboxRows } from '../offline/outbox';
import { inOneTransaction } from '../offline/device-store';
import { waitingFor } from '../offline/outbox-kinds';
import { verdictOfError } from '../lib/retry-policy';
import { madeByNow } from '../offline/session-cache';
import { applyDeliveredRestock } from '../offline/stock';
import { currentCaixa, keepCaixaReceipt } from './caixa-session';
import type { DirectSend } from './direct-send';
import { OUTBOX_KINDS } from './outbox-kinds';
import { storeCreditResource } from './outbox-resources';
import { answeredTillPart } from './return-answer';
import { applyStoreCreditAnswer } from './store-credit';
import { queuedBody } from './queued-bodies';

/** A return's body as the wire carries it: it holds no money, so the device's form is the wire's (nothing to encode). */
type ReturnBody = z.input<typeof ReturnCreateSchema>;

export interface ReturnInput {
  /** The return's id: its outbox row's id and Idempotency-Key. */
  id: string;
  saleId: string;
  customerId: string;
  /** The POST /api/sales/:id/returns body as the contract takes it; offline is set here. */
  body: Omit<ReturnBody, 'offline'>;
  /** centavos credited to the customer's vale-troca (vale_troca), 0 otherwise */
  storeCredit: number;
  /** The units going back to stock (not the damaged ones). */
  restock?: OutboxEntry['restock'];
  /** What it takes out of the caixa as this device reckons it (tillPartOfReturn); null: no money out. */
  tillPart?: TillPart | null;
  summary: string;
}

export type ReturnOutcome =
  { kind: 'delivered'; body: unknown } | { kind: 'queued' } | { kind: 'refused'; error: ApiError };

/** What a return waits for while queued: its sale and its caixa's opening (outbox-kinds.ts). */
function returnWaits(db: BalcaoDb, input: ReturnInput, body: Omit<ReturnBody, 'offline'>): Promise<string[]> {
  return waitingFor(db, OUTBOX_KINDS.return.waitsFor({ saleId: input.saleId, sessionId: body.cash_session_id }));
}

/** Queues a return (see the file's header). */
export async function recordReturn(
  db: BalcaoDb,
  input: ReturnInput,
  body: Omit<ReturnBody, 'offline'>,
): Promise<OutboxEntry> {
  return inOneTransaction(db, ['outbox', 'meta'], async () => {
    const entry: OutboxEntry = {
      ...buildOutboxEntry({
        id: input.id,
        kind: 'return',
        ...OUTBOX_KINDS.return.route({ saleId: input.saleId }),
        body: { ...body, offline: true },
        summary: input.summary,
        dependsOn: await returnWaits(db, input, body),
      }),
      ...(input.storeCredit > 0
        ? {
            resource: storeCreditResource(input.customerId),
            storeCredit: { customerId: input.customerId, delta: input.storeCredit },
          }
        : {}),
      ...(input.restock?.length ? { restock: input.restock } : {}),
    };
    await addToOutbox(db, entry);
    const sessionId = body.cash_session_id;
    if (sessionId && input.tillPart) await keepCaixaReceipt(db, sessionId, { id: input.id, ...input.tillPart });
    return entry;
  });
}

/**
 * What a return takes out of the till by the server's rule (sale-return-effects.ts): the
 * value less what the crediário's open instalments take first, back in cash (dinheiro) or
 * on the sale's largest card or Pix part (estorno); vale-troca moves no money. The open
 * instalments are what this device knows of them (centavos).
 */
export function tillPartOfReturn(
  sale: { payments: readonly { method: string; amount: number }[]; openInstalments: number },
  refundMethod: RefundMethod,
  value: number,
): TillPart | null {
  const method =
    refundMethod === 'dinheiro' ? 'cash' : refundMethod === 'estorno' ? estornoMethodOf(sale.payments) : null;
  const [part] = tillPartsOf({
    kind: 'return',
    refundMethod: method,
    refunded: value - Math.min(value, sale.openInstalments),
  });
  return part ?? null;
}

/**
 * Each line of a sale kept here as it was charged (centavos, by position): its quantity x
 * price less its own discount and its share of the sale's (shared/discounts.ts, as the
 * server keeps it), what a return of its units is worth.
 */
export function chargedLines(sale: Pick<LocalSale, 'items' | 'receipt'>): number[] {
  const lines = sale.items.map((i) => ({
    gross: i.unit_price_centavos * i.quantity,
    discount: i.discount_centavos ?? 0,
  }));
  return shareDiscount(lines, sale.receipt?.discountCentavos ?? 0).map((l) => l.total);
}

/**
 * Makes a return: to the server when online and nothing it needs is queued, else into the
 * outbox. An admin's approval (over the cashier's limit) is in the body, so it holds
 * either way; without one, a queued return over the limit is flagged by the server.
 */
export const finishReturn: DirectSend<ReturnInput, ReturnOutcome> = async (db, client, input, options) => {
  const device = await deviceIdentity(db);
  const caixa = await currentCaixa(db);
  const body: Omit<ReturnBody, 'offline'> = {
    ...input.body,
    id: input.id,
    device_id: device.id,
    device_label: device.label,
    ...(await madeByNow(db)),
    returned_at: new Date().toISOString(),
    ...(caixa?.status === 'open' ? { cash_session_id: caixa.id } : {}),
  };
  const queue = async (): Promise<ReturnOutcome> => {
    await recordReturn(db, input, body);
    return { kind: 'queued' };
  };
  const waits = (await returnWaits(db, input, body)).length > 0;
  if (!options.online || waits) return queue();
  try {
    const answer = await client.send('POST', `/sales/${input.saleId}/returns`, {
      body: { ...body, offline: false },
      headers: { 'Idempotency-Key': input.id },
      timeoutMs: options.timeoutMs ?? SALE_DIRECT_TIMEOUT_MS,
    });
    const part = caixa?.status === 'open' ? answeredTillPart(answer, caixa.id) : null;
    await inOneTransaction(db, ['customers', 'meta'], async () => {
      await applyStoreCreditAnswer(db, input.customerId, answer);
      if (part) await keepCaixaReceipt(db, caixa!.id, { id: input.id, ...part });
    });
    const restock = input.restock ?? [];
    if (restock.length > 0)
      await inOneTransaction(db, ['products', 'productChunks'], async () => {
        await applyDeliveredRestock(db, restock);
      });
    return { kind: 'delivered', body: answer };
  } catch (error) {
    if (verdictOfError(error) !== 'reject') return queue();
    return { kind: 'refused', error: error as ApiError };
  }
};

/** Units of each sale line (by position) in returns still queued here. */
export async function queuedReturnedUnits(db: BalcaoDb, saleId: string): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const { path } = OUTBOX_KINDS.return.route({ saleId });
  for (const entry of await outboxRows(db)) {
    const body = queuedBody(entry, 'return');
    if (!body || entry.path !== path) continue;
    for (const line of body.lines ?? []) {
      if (line.position !== undefined) out.set(line.position, (out.get(line.position) ?? 0) + line.quantity);
    }
  }
  return out;
}
