// Caixas data: the page of till sessions (admins: every one; a cashier: their own, the
// server decides) and one session with its movements and sales by method.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { CashSessionListResponseSchema, CashSessionResponseSchema } from '../../../shared/contract/cash-sessions';
import { api } from '../../lib/api';

export const caixaKeys = {
  all: ['cash-sessions'] as const,
  list: (page: number) => [...caixaKeys.all, 'list', page] as const,
  detail: (id: string) => [...caixaKeys.all, 'detail', id] as const,
};

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
