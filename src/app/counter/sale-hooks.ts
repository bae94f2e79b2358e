// How Nova Venda reaches the counter's workflows on this device: a direct send (finishing a
// sale, a return, a vale-troca payout: direct-send.ts) bound to the app's database and API
// client, and the customer's crediário as this device changed it (credit.ts).
import { useCallback } from 'react';
import { api } from '../lib/api';
import { getDb } from '../offline/db';
import { useDeviceQuery, useOnline, useSyncEngine } from '../offline/hooks';
import { deviceCrediario, type DeviceCrediario } from './credit';
import type { DirectSend } from './direct-send';
import { finishSale, type FinishOutcome, type FinishSaleInput } from './finish-sale';
import { queuedContingencyNotes } from './contingency-queue';

/**
 * A direct send (direct-send.ts) on this device: online or not as the browser says, and
 * when it was queued the engine is told (`afterQueued`) so that it sends it.
 */
export function useDirectSend<I, O extends { kind: string }>(
  send: DirectSend<I, O>,
  afterQueued: 'saleRecorded' | 'drain',
): (input: I) => Promise<O> {
  const engine = useSyncEngine();
  const online = useOnline();
  return useCallback(
    async (input) => {
      const outcome = await send(getDb(), api, input, { online });
      if (outcome.kind === 'queued') void engine?.[afterQueued]();
      return outcome;
    },
    [engine, online, send, afterQueued],
  );
}

/**
 * Finishes a sale (finish-sale.ts): straight to the server when online, else (or without
 * an answer) into the outbox, after which the engine is asked to send it.
 */
export const useFinishSale = (): ((input: FinishSaleInput) => Promise<FinishOutcome>) =>
  useDirectSend(finishSale, 'saleRecorded');

/** The customer's crediário as this device changed it: queued sales and receipts (credit.ts). */
export function useDeviceCrediario(customerId: string | null): DeviceCrediario {
  return useDeviceQuery(
    () => (customerId ? deviceCrediario(getDb(), customerId) : NO_CREDIARIO),
    [customerId],
    NO_CREDIARIO,
  );
}
const NO_CREDIARIO: DeviceCrediario = { customerId: null, queued: 0, received: 0, revision: '' };

/** The notes this till issued in contingency still on the device (contingency-sale.ts); null: none. */
export const useQueuedContingencyNotes = () => useDeviceQuery(() => queuedContingencyNotes(getDb()), [], null);
