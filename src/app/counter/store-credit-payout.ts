// The vale-troca given back in cash at the counter (an exchange whose new sale was cheaper:
// POST /api/customers/{id}/store-credit/payout). Straight to the server when online and
// nothing it needs is queued here; else written with its outbox row in ONE transaction,
// its id the Idempotency-Key, marked offline, after the return that credited the vale, the
// new sale and the caixa's opening (so the server sees them first), each once. Either way
// the cash it gives is kept on the device's open caixa as money out (a negative cash part
// beside the instalments received: caixa-session.ts), so the till's expected cash agrees with the
// server's; and the customer's vale-troca here drops by it at once (store-credit.ts).
import { SALE_DIRECT_TIMEOUT_MS } from '../../shared/constants';
import { z } from 'zod/mini';
import {
  StoreCreditPayoutCreateSchema,
  type StoreCreditPayoutCreate,
} from '../../shared/contract/store-credit-payouts';
import type { ApiError } from '../lib/api-error';
import { tillPartsOf } from '../../shared/caixa-taken';
import { currentCaixa, keepCaixaReceipt } from './caixa-session';
import type { BalcaoDb, OutboxEntry } from '../offline/db';
import { deviceIdentity } from '../offline/device-identity';
import { madeByNow } from '../offline/session-cache';
import type { DirectSend } from './direct-send';
import { addToOutbox, buildOutboxEntry } from '../offline/outbox';
import { inOneTransaction } from '../offline/device-store';
import { waitingFor } from '../offline/outbox-kinds';
import { OUTBOX_KINDS } from './outbox-kinds';
import { applyStoreCreditAnswer } from './store-credit';
import { storeCreditResource } from './outbox-resources';
import { verdictOfError } from '../lib/retry-policy';

export interface PayoutInput {
  /** The payout's id: its outbox row's id and Idempotency-Key. */
  id: string;
  customerId: string;
  /** The return whose vale-troca goes back in cash. */
  returnId: string;
  /** The exchange's new sale. */
  saleId: string | null;
  /** centavos given in cash */
  amount: number;
  summary: string;
}

export type PayoutOutcome =
  { kind: 'delivered'; body: unknown } | { kind: 'queued' } | { kind: 'refused'; error: ApiError };

/** Outbox rows the payout waits for: its return, its sale, the vale's credits, the caixa's opening (outbox-kinds.ts). */
function payoutDependencies(db: BalcaoDb, input: PayoutInput, sessionId: string | null): Promise<string[]> {
  const { returnId, saleId, customerId } = input;
  return waitingFor(db, OUTBOX_KINDS['store-credit-payout'].waitsFor({ returnId, saleId, customerId, sessionId }));
}

/** The cash out kept on the open session the payout names (inside the caller's transaction). */
function keepCashOut(db: BalcaoDb, input: PayoutInput, sessionId: string | null): Promise<void> {
  const [part] = tillPartsOf({ kind: 'payout', amount: input.amount });
  if (!sessionId || !part) return Promise.resolve();
  return keepCaixaReceipt(db, sessionId, { id: input.id, ...part });
}

/** Gives the customer `amount` of their vale-troca in cash (see the file's header). */
export const finishPayout: DirectSend<PayoutInput, PayoutOutcome> = async (db, client, input, options) => {
  const device = await deviceIdentity(db);
  const caixa = await currentCaixa(db);
  const sessionId = caixa?.status === 'open' ? caixa.id : null;
  // Centavos here; reais only as its outbox row is written or as it is sent (the row keeps the wire body).
  const body: Omit<StoreCreditPayoutCreate, 'offline'> = {
    id: input.id,
    amount: input.amount,
    return_id: input.returnId,
    ...(input.saleId ? { sale_id: input.saleId } : {}),
    ...(sessionId ? { cash_session_id: sessionId } : {}),
    device_id: device.id,
    device_label: device.label,
    ...(await madeByNow(db)),
    paid_at: new Date().toISOString(),
  };
  const path = `/customers/${input.customerId}/store-credit/payout`;
  const queue = async (): Promise<PayoutOutcome> => {
    await inOneTransaction(db, ['outbox', 'meta'], async () => {
      const entry: OutboxEntry = {
        ...buildOutboxEntry({
          id: input.id,
          kind: 'store-credit-payout',
          ...OUTBOX_KINDS['store-credit-payout'].route({ customerId: input.customerId }),
          body: z.encode(StoreCreditPayoutCreateSchema, { ...body, offline: true }),
          summary: input.summary,
          dependsOn: await payoutDependencies(db, input, sessionId),
        }),
        resource: storeCreditResource(input.customerId),
        storeCredit: { customerId: input.customerId, delta: -input.amount },
      };
      await addToOutbox(db, entry);
      await keepCashOut(db, input, sessionId);
    });
    return { kind: 'queued' };
  };
  if (!options.online || (await payoutDependencies(db, input, sessionId)).length > 0) return queue();
  try {
    const answer = await client.send('POST', path, {
      body: z.encode(StoreCreditPayoutCreateSchema, { ...body, offline: false }),
      headers: { 'Idempotency-Key': input.id },
      timeoutMs: options.timeoutMs ?? SALE_DIRECT_TIMEOUT_MS,
    });
    await inOneTransaction(db, ['customers', 'meta'], async () => {
      await applyStoreCreditAnswer(db, input.customerId, answer);
      await keepCashOut(db, input, sessionId);
    });
    return { kind: 'delivered', body: answer };
  } catch (error) {
    if (verdictOfError(error) !== 'reject') return queue();
    return { kind: 'refused', error: error as ApiError };
  }
};
