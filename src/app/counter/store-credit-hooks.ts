// The till's side of a customer's vale-troca: the balance on this device (live: the mirror
// and the outbox) and giving it back in cash. Nova Venda draws the balance from its first
// paint; the payout (store-credit-payout.ts) is loaded the first time a cashier gives
// vale-troca back, so the till's first open does without it.
import { onDemand } from '../lib/on-demand';
import { getDb } from '../offline/db';
import { useLiveDeviceQuery } from '../offline/hooks';
import type { DirectSend } from './direct-send';
import { useDirectSend } from './sale-hooks';
import { storeCreditOf } from './store-credit';
import type { PayoutInput, PayoutOutcome } from './store-credit-payout';

/** The customer's vale-troca on this device (centavos); undefined while read. */
export function useStoreCredit(customerId: string | null | undefined): number | undefined {
  return useLiveDeviceQuery(() => (customerId ? storeCreditOf(getDb(), customerId) : 0), [customerId]);
}

const payoutModule = onDemand(() => import('./store-credit-payout'));
const finishPayout: DirectSend<PayoutInput, PayoutOutcome> = async (...args) =>
  (await payoutModule()).finishPayout(...args);

/** Gives vale-troca back in cash (store-credit-payout.ts), then asks the engine to send what was queued. */
export const useFinishPayout = (): ((input: PayoutInput) => Promise<PayoutOutcome>) =>
  useDirectSend(finishPayout, 'drain');
