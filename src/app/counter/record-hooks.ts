// How screens queue the counter's simple changes (records.ts) and follow them: a customer
// created or changed without a connection, an admin's cancel of a sale and where it stands.
import { useCallback } from 'react';
import { getDb, type OutboxEntry } from '../offline/db';
import { useDeviceQuery, useQueuing, useSyncEngine } from '../offline/hooks';
import { outboxOutcome, outboxRowsUnder, type OutboxOutcome } from '../offline/outbox';
import { SALE_CANCEL_PREFIX } from './outbox-resources';
import { recordCustomer, recordCustomerUpdate, recordSaleCancel } from './records';

/** Queues a customer created without a connection (mirror row + outbox row), then asks to send it. */
export const useRecordCustomer = () => useQueuing(recordCustomer);

/** Queues a change of a customer made without a connection (mirror row + outbox row), then asks to send it. */
export const useRecordCustomerUpdate = () => useQueuing(recordCustomerUpdate);

/** Sale id => the state of its cancel still in the outbox ('pending' or 'rejected'). */
export function useQueuedCancels(): ReadonlyMap<string, OutboxEntry['status']> {
  return useDeviceQuery(
    async () => {
      const rows = await outboxRowsUnder(getDb(), SALE_CANCEL_PREFIX);
      return new Map(
        rows
          .filter((e) => e.kind === 'sale-cancel')
          .map((e) => [e.resource!.slice(SALE_CANCEL_PREFIX.length), e.status]),
      );
    },
    [],
    NO_CANCELS,
  );
}
const NO_CANCELS: ReadonlyMap<string, OutboxEntry['status']> = new Map();

/**
 * Queues an admin's cancel (records.ts recordSaleCancel) and sends it now: 'delivered' when
 * the server took it, 'queued' while it waits on this device (offline, or no answer yet).
 */
export function useRecordSaleCancel(): (cancel: Parameters<typeof recordSaleCancel>[1]) => Promise<OutboxOutcome> {
  const engine = useSyncEngine();
  return useCallback(
    async (cancel) => {
      const entry = await recordSaleCancel(getDb(), cancel);
      await engine?.drain();
      return outboxOutcome(getDb(), entry.id);
    },
    [engine],
  );
}
