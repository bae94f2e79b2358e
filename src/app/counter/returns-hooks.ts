// How screens reach returns and the vale-troca on this device (returns.ts): the customer's
// balance here (live: the mirror and the outbox), finding a sale to return with what can
// still be returned of it (returnable-sale.ts), making a return, and giving vale-troca back
// in cash.

import { api } from '../lib/api';
import { getDb } from '../offline/db';
import { getMirrorCustomer } from '../offline/device-store';
import { useLiveDeviceQuery } from '../offline/hooks';
import { useDirectSend } from './sale-hooks';
import { findReturnableSale, type ReturnableSale, type SaleReach } from './returnable-sale';
import { finishReturn, type ReturnInput, type ReturnOutcome } from './returns';
import { storeCreditOf } from './store-credit';
export { tillPartOfReturn } from './returns';
export {
  OFFLINE_FINDS_DEVICE_SALES_ONLY,
  type ReturnableLine,
  type ReturnableSale,
  type SaleReach,
} from './returnable-sale';
import { finishPayout, type PayoutInput, type PayoutOutcome } from './store-credit-payout';

/** The customer's vale-troca on this device (centavos); undefined while read. */
export function useStoreCredit(customerId: string | null | undefined): number | undefined {
  return useLiveDeviceQuery(() => (customerId ? storeCreditOf(getDb(), customerId) : 0), [customerId]);
}

/** Whether the customer is the store's 'Consumidor final' (told by its flag in the mirror); undefined while read. */
export function useIsFinalConsumer(customerId: string | null | undefined): boolean | undefined {
  return useLiveDeviceQuery(
    async () => (customerId ? (await getMirrorCustomer(getDb(), customerId))?.final_consumer === true : false),
    [customerId],
  );
}

/**
 * Makes a return (finishReturn), then asks the engine to send what was queued. A return
 * over the cashier's limit carries an admin's sealed approval in its body (return-dialog.tsx).
 */
/** Finds a sale to return on this device and the server (returnable-sale.ts). */
export const findSaleToReturn = (text: string, reach: SaleReach): Promise<ReturnableSale> =>
  findReturnableSale(getDb(), api, text, reach);

export const useFinishReturn = (): ((input: ReturnInput) => Promise<ReturnOutcome>) =>
  useDirectSend(finishReturn, 'drain');

/** Gives vale-troca back in cash (finishPayout), then asks the engine to send what was queued. */
export const useFinishPayout = (): ((input: PayoutInput) => Promise<PayoutOutcome>) =>
  useDirectSend(finishPayout, 'drain');
