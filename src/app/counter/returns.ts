// Returns at the counter (Trocas e Devoluções) and the vale-troca balance on this device.
// A return goes straight to the server when online (the cashier sees a refusal at once:
// more than is left to return, beyond the limit); without an answer it is written with its
// outbox row in ONE transaction, its id the Idempotency-Key, marked offline. It waits for
// the sale it returns while that sale is still queued here (a sale sold offline on this
// device is returned before it reached the server), and for the caixa's opening.
// What it pays back in dinheiro or by estorno leaves the device's open caixa (a negative
// receipt, like vale-troca given back in cash: caixa.ts), so the blind close expects what
// the server's does: kept with the return as the server answered it, or, queued, as this
// device reckons it by the server's rule (tillPartOfReturn) until the server's answer
// replaces it on delivery (settleReturnAnswer).
// The vale-troca a customer has here = the mirror's balance (the server's) + the credits of
// returns still queued - the uses of sales still queued; a sale that uses the vale waits
// for the queued returns that credit it, so the server sees the credit before the use.
import { estornoMethodOf, returnTillPart, type TillPart } from '../../shared/caixa';
import { SALE_DIRECT_TIMEOUT_MS } from '../../shared/constants';
import { shareDiscount } from '../../shared/discounts';
import { envelope } from '../../shared/contract/common';
import { SaleReturnSchema, type RefundMethod } from '../../shared/contract/returns';
import { toCentavos } from '../../shared/money';
import type { ApiError } from '../lib/api-error';
import { caixaDependencies, currentCaixa, keepCaixaReceipt, settleCaixaReceipt } from './caixa';
import type { BalcaoDb, LocalSale, OutboxEntry } from '../offline/db';
import { deviceIdentity } from '../offline/device-identity';
import type { DirectSend } from './direct-send';
import { buildOutboxEntry } from '../offline/outbox';
import { failureOf, verdictOf } from '../offline/retry-policy';
import { applyDeliveredRestock } from '../offline/stock';
import { madeByNow } from '../offline/session-cache';

export const storeCreditResource = (customerId: string) => `store-credit:${customerId}`;

export interface ReturnInput {
  /** The return's id: its outbox row's id and Idempotency-Key. */
  id: string;
  saleId: string;
  customerId: string;
  /** The POST /api/sales/:id/returns body (reais at the edge); offline is set here. */
  body: Record<string, unknown>;
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

/** Outbox rows a return must wait for: its sale's, while queued. */
async function returnDependencies(db: BalcaoDb, saleId: string): Promise<string[]> {
  const queued = await db.outbox.where('id').equals(saleId).first();
  return queued ? [queued.id] : [];
}

/** Queues a return (see the file's header). */
export async function recordReturn(
  db: BalcaoDb,
  input: ReturnInput,
  body: Record<string, unknown>,
): Promise<OutboxEntry> {
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const caixa = typeof body.cash_session_id === 'string' ? await caixaDependencies(db, body.cash_session_id) : [];
    const entry: OutboxEntry = {
      ...buildOutboxEntry({
        id: input.id,
        kind: 'return',
        method: 'POST',
        path: `/api/sales/${input.saleId}/returns`,
        body: { ...body, offline: true },
        summary: input.summary,
        dependsOn: [...caixa, ...(await returnDependencies(db, input.saleId))],
      }),
      ...(input.storeCredit > 0
        ? {
            resource: storeCreditResource(input.customerId),
            storeCredit: { customerId: input.customerId, delta: input.storeCredit },
          }
        : {}),
      ...(input.restock?.length ? { restock: input.restock } : {}),
    };
    await db.outbox.add(entry);
    const sessionId = body.cash_session_id;
    if (typeof sessionId === 'string' && input.tillPart)
      await keepCaixaReceipt(db, sessionId, { id: input.id, ...input.tillPart });
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
  return returnTillPart({ paymentMethod: method, refunded: value - Math.min(value, sale.openInstalments) });
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

/** What the device reads of a return's answer for its caixa, checked against the contract (centavos). */
const ReturnMoneyAnswerSchema = envelope(
  SaleReturnSchema.pick({ refund_payment_method: true, refunded: true, cash_session_id: true }),
);

/** The return's money out of the session `sessionId` as the server answered it; undefined: an answer it cannot read. */
function answeredTillPart(answer: unknown, sessionId: string): TillPart | null | undefined {
  const parsed = ReturnMoneyAnswerSchema.safeParse(answer);
  if (!parsed.success) return undefined;
  const { refund_payment_method, refunded, cash_session_id } = parsed.data.data;
  if (cash_session_id !== sessionId) return null;
  return returnTillPart({ paymentMethod: refund_payment_method, refunded });
}

/** A delivered queued return (in the acknowledging transaction): the caixa takes what the server counted. */
export async function settleReturnAnswer(db: BalcaoDb, returnId: string, answer: unknown): Promise<void> {
  const session = await currentCaixa(db);
  if (session?.status !== 'open') return;
  const part = answeredTillPart(answer, session.id);
  if (part !== undefined) await settleCaixaReceipt(db, returnId, part && { id: returnId, ...part });
}

/**
 * Makes a return: to the server when online and nothing it needs is queued, else into the
 * outbox. An admin's approval (over the cashier's limit) is in the body, so it holds
 * either way; without one, a queued return over the limit is flagged by the server.
 */
export const finishReturn: DirectSend<ReturnInput, ReturnOutcome> = async (db, client, input, options) => {
  const device = await deviceIdentity(db);
  const body: Record<string, unknown> = {
    ...input.body,
    id: input.id,
    device_id: device.id,
    device_label: device.label,
    ...(await madeByNow(db)),
    returned_at: new Date().toISOString(),
  };
  const caixa = await currentCaixa(db);
  if (caixa?.status === 'open') body.cash_session_id = caixa.id;
  const queue = async (): Promise<ReturnOutcome> => {
    await recordReturn(db, input, body);
    return { kind: 'queued' };
  };
  const waits =
    (await returnDependencies(db, input.saleId)).length > 0 ||
    (caixa?.status === 'open' && (await caixaDependencies(db, caixa.id)).length > 0);
  if (!options.online || waits) return queue();
  try {
    const answer = await client.send('POST', `/sales/${input.saleId}/returns`, {
      body: { ...body, offline: false },
      headers: { 'Idempotency-Key': input.id },
      timeoutMs: options.timeoutMs ?? SALE_DIRECT_TIMEOUT_MS,
    });
    const part = caixa?.status === 'open' ? answeredTillPart(answer, caixa.id) : null;
    await db.transaction('rw', db.customers, db.meta, async () => {
      await applyStoreCreditAnswer(db, input.customerId, answer);
      if (part) await keepCaixaReceipt(db, caixa!.id, { id: input.id, ...part });
    });
    const restock = input.restock ?? [];
    if (restock.length > 0)
      await db.transaction('rw', db.products, db.productChunks, async () => {
        await applyDeliveredRestock(db, restock);
      });
    return { kind: 'delivered', body: answer };
  } catch (error) {
    if (verdictOf(failureOf(error)) !== 'reject') return queue();
    return { kind: 'refused', error: error as ApiError };
  }
};

/** A delivered return to vale-troca: the mirror takes the balance the server answered. */
export async function applyStoreCreditAnswer(db: BalcaoDb, customerId: string, answer: unknown): Promise<void> {
  const balance = (answer as { data?: { store_credit_balance?: unknown } } | null)?.data?.store_credit_balance;
  if (typeof balance !== 'number') return;
  await db.customers.update(customerId, { store_credit: balance });
}

/** centavos of vale-troca the queued entries add (+) or use (-) for each customer. */
export async function queuedStoreCredit(db: BalcaoDb): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const entry of await db.outbox.where('status').equals('pending').toArray()) {
    if (!entry.storeCredit) continue;
    const { customerId, delta } = entry.storeCredit;
    out.set(customerId, (out.get(customerId) ?? 0) + delta);
  }
  return out;
}

/** The customer's vale-troca on this device (centavos): the server's balance and what is queued. */
export async function storeCreditOf(db: BalcaoDb, customerId: string): Promise<number> {
  const customer = await db.customers.get(customerId);
  const server = customer?.store_credit ? toCentavos(customer.store_credit) : 0;
  return Math.max(0, server + ((await queuedStoreCredit(db)).get(customerId) ?? 0));
}

/** Outbox rows a sale using the customer's vale waits for: the queued returns crediting it. */
export async function storeCreditDependencies(db: BalcaoDb, customerId: string): Promise<string[]> {
  return (await db.outbox.where('resource').equals(storeCreditResource(customerId)).toArray()).map((e) => e.id);
}

/** Units of each sale line (by position) in returns still queued here. */
export async function queuedReturnedUnits(db: BalcaoDb, saleId: string): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const path = `/api/sales/${saleId}/returns`;
  for (const entry of await db.outbox.toArray()) {
    if (entry.kind !== 'return' || entry.path !== path) continue;
    for (const line of (entry.body as { lines?: { position?: number; quantity: number }[] }).lines ?? []) {
      if (line.position !== undefined) out.set(line.position, (out.get(line.position) ?? 0) + line.quantity);
    }
  }
  return out;
}
