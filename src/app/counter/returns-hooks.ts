// How screens reach returns on this device (returns.ts): finding a sale to return with what
// can still be returned of it (returnable-sale.ts) and making a return. The customer's
// vale-troca and giving it back in cash: store-credit-hooks.ts.

import { api } from '../lib/api';
import { getDb } from '../offline/db';
import { getMirrorCustomer } from '../offline/device-store';
import { useLiveDeviceQuery } from '../offline/hooks';
import { useDirectSend } from './sale-hooks';
import { findReturnableSale, type ReturnableSale, type SaleReach } from './returnable-sale';
import { finishReturn, type ReturnInput, type ReturnOutcome } from './returns';
export { tillPartOfReturn } from './returns';
export {
  OFFLINE_FINDS_DEVICE_SALES_ONLY,
  type ReturnableLine,
  type ReturnableSale,
  type SaleReach,
} from './returnable-sale';

/** Whether the customer is the store's 'Consumidor final' (told by its flag in the mirror); undefined while read. */
export function useIsFinalConsumer(customerId: string | null | undefined): boolean | undefined {
  return useLiveDeviceQuery(
    async () => (customerId ? (await getMirrorCustomer(getDb(), customerId))?.final_consumer === true : false),
    [customerId],
  );
}

/** Finds a sale to return on this device and the server (returnable-sale.ts). */
export const findSaleToReturn = (text: string, reach: SaleReach): Promise<ReturnableSale> =>
  findReturnableSale(getDb(), api, text, reach);

/**
 * Makes a return (finishReturn), then asks the engine to send what was queued. A return
 * over the cashier's limit carries an admin's sealed approval in its body (return-dialog.tsx).
 */
export const useFinishReturn = (): ((input: ReturnInput) => Promise<ReturnOutcome>) =>
  useDirectSend(finishReturn, 'drain');
