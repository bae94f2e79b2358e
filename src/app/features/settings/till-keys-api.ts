// Configurações > Fiscal > 'Contingência off-line' (admins): the tills that hold the store's
// signing key (GET /fiscal/till-keys), removing it from one (POST .../revoke), and importing
// the A1 on this till. The import's module (till-key-import.ts, with node-forge) is
// loaded when the admin imports, never before. After either, this till checks with the
// server at once (fetchFiscalTill), so a key removed from it is dropped here now.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TillKeyListResponseSchema,
  TillKeyResponseSchema,
  type TillKey,
} from '../../../shared/contract/fiscal-till-keys';
import { fetchFiscalTill, fiscalTillKey } from '../../counter/fiscal-till';
import { api } from '../../lib/api';

export const tillKeyKeys = { list: ['fiscal', 'till-keys'] as const };

export function fetchTillKeys(): Promise<TillKey[]> {
  return api.get(TillKeyListResponseSchema, '/fiscal/till-keys').then((r) => r.data.keys);
}

export function useTillKeys() {
  return useQuery({ queryKey: tillKeyKeys.list, queryFn: fetchTillKeys });
}

function useAfterTillKeyChange() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: tillKeyKeys.list });
    await queryClient.fetchQuery({ queryKey: fiscalTillKey, queryFn: fetchFiscalTill, staleTime: 0 });
  };
}

export function useImportTillKey() {
  const after = useAfterTillKeyChange();
  return useMutation({
    mutationFn: async ({ file, password }: { file: Blob; password: string }) => {
      const { importTillKey } = await import('./till-key-import');
      return importTillKey(file, password);
    },
    onSuccess: after,
  });
}

export function useRevokeTillKey() {
  const after = useAfterTillKeyChange();
  return useMutation({
    mutationFn: (id: string) =>
      api
        .post(TillKeyResponseSchema, `/fiscal/till-keys/${id}/revoke`, undefined, {
          headers: { 'Idempotency-Key': crypto.randomUUID() },
        })
        .then((r) => r.data),
    onSuccess: after,
  });
}
