// Caixas data: the page of till sessions (admins: every one; a cashier: their own, the
// server decides), one session with its movements and sales by method, and the store's
// tills with their names (an admin renames one: PUT /api/devices/{id}).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { CashSessionListResponseSchema, CashSessionResponseSchema } from '../../../shared/contract/cash-sessions';
import { DeviceListResponseSchema, DeviceResponseSchema } from '../../../shared/contract/sale-history';
import { api } from '../../lib/api';

export const caixaKeys = {
  all: ['cash-sessions'] as const,
  list: (page: number) => [...caixaKeys.all, 'list', page] as const,
  detail: (id: string) => [...caixaKeys.all, 'detail', id] as const,
  tills: ['cash-sessions', 'tills'] as const,
};

export function useTills(enabled: boolean) {
  return useQuery({
    queryKey: caixaKeys.tills,
    queryFn: async () => (await api.get(DeviceListResponseSchema, '/devices')).data.devices,
    enabled,
  });
}

/** Names a till; the sessions' list and detail read the new name. */
export function useRenameTill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) =>
      (await api.put(DeviceResponseSchema, `/devices/${id}`, { name })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: caixaKeys.all }),
  });
}

export function useCashSessions(page: number) {
  return useQuery({
    queryKey: caixaKeys.list(page),
    queryFn: async () =>
      (await api.get(CashSessionListResponseSchema, '/cash-sessions', { query: { page, limit: DEFAULT_PAGE_SIZE } }))
        .data,
    placeholderData: keepPreviousData,
  });
}

export function useCashSession(id: string | null) {
  return useQuery({
    queryKey: caixaKeys.detail(id ?? ''),
    queryFn: async () => (await api.get(CashSessionResponseSchema, `/cash-sessions/${id}`)).data,
    enabled: id !== null,
  });
}
