// The mutations of the finance screens: a change is sent now with its Idempotency-Key,
// or queued in the outbox (offline, or its record has changes queued:
// offline/account-changes.ts). The mutation runs even without a connection (networkMode
// 'always': the function decides, so the change is queued instead of TanStack pausing
// it), and once it resolves every finance query is refreshed (a payment also moves the
// cash flow and the statistics).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { AckSchema } from '../../../shared/contract/common';
import { submitAccountChange, type AccountChange, type SubmitResult } from '../../counter/account-changes';
import { getDb } from '../../offline/db';
import { useSyncEngine } from '../../offline/hooks';
import { OUTBOX_REQUEST_TIMEOUT_MS } from '../../offline/send';
import { api } from '../api';
import { FINANCE_KEY, type ChangeOutcome, type WithLocal } from './common';
import { rowChange, type AccountKind, type AccountRecord } from './kind';

/** Sends an account change now, or queues it for the outbox (offline, or its account has changes queued). */
export function useSubmitAccountChange(): (change: AccountChange) => Promise<SubmitResult> {
  const engine = useSyncEngine();
  return useCallback(
    (change: AccountChange) =>
      submitAccountChange(getDb(), change, {
        send: (c) =>
          api.send(c.method, c.path.replace(/^\/api/, ''), {
            body: c.body,
            headers: { 'Idempotency-Key': c.id },
            // No answer in time: queued under the same key (exactly once if it did arrive).
            timeoutMs: OUTBOX_REQUEST_TIMEOUT_MS,
          }),
        online: () =>
          (typeof navigator === 'undefined' || navigator.onLine !== false) && (engine?.getState().online ?? true),
        queued: () => void engine?.drain(),
      }),
    [engine],
  );
}

/**
 * A finance change as a mutation: `build` turns the screen's variables into the change
 * (request, overlay, summary); the server's answer, when it came now, is read by `parse`.
 */
export function useAccountChange<V, T>(build: (value: V) => AccountChange, parse: (body: unknown) => T) {
  const submit = useSubmitAccountChange();
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (value: V): Promise<ChangeOutcome<T>> => {
      const result = await submit(build(value));
      return result.queued ? { queued: true } : { queued: false, data: parse(result.body) };
    },
    // Not awaited: offline, the refetch waits for the network and the change must not.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: FINANCE_KEY });
    },
  });
}

/** A change of one kind, its answer read by the kind's parser. */
export function useKindChange<Row extends AccountRecord, V>(
  kind: AccountKind<Row>,
  build: (value: V) => AccountChange,
) {
  return useAccountChange(build, kind.parse);
}

/** Deletes a record of one kind (the server answers with an acknowledgement). */
export function useDeleteRecord<Row extends AccountRecord>(kind: AccountKind<Row>, what: string) {
  return useAccountChange(
    (row: WithLocal<Row>) => rowChange(kind, what, row, { method: 'DELETE', after: () => null }),
    (body) => AckSchema.parse(body),
  );
}
