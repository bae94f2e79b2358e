// The mutation hook under every finance change (payables, receivables, cash flow): it
// runs even without a connection (networkMode 'always': the function decides, so the
// offline layer can queue it instead of TanStack pausing it), and once it resolves every
// finance query is refreshed (a payment also moves the cash flow and the statistics).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FINANCE_KEY, type ChangeOutcome } from './finance';

export function useFinanceChange<V, T>(run: (value: V) => Promise<ChangeOutcome<T>>) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: run,
    // Not awaited: offline, the refetch waits for the network and the change must not.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: FINANCE_KEY });
    },
  });
}
