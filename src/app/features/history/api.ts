// Histórico de Vendas data: the page of sales with the filters (GET /api/sales; a cashier
// gets today's, the server holds it), one sale's detail, the tills and the cashiers for
// the filters. Answers are kept by the query cache, so the screen opens offline with the
// last ones it had.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { SaleReturnsResponseSchema } from '../../../shared/contract/returns';
import { DeviceListResponseSchema, SaleDetailResponseSchema } from '../../../shared/contract/sale-history';
import { SaleListResponseSchema } from '../../../shared/contract/sales';
import { UserListResponseSchema } from '../../../shared/contract/users';
import { api } from '../../lib/api';

export interface HistoryFilters {
  number: string;
  customer: string;
  payment_method: string;
  sale_status: string;
  created_by: string;
  device_id: string;
  start_date: string;
  end_date: string;
}

export const NO_FILTERS: HistoryFilters = {
  number: '',
  customer: '',
  payment_method: '',
  sale_status: '',
  created_by: '',
  device_id: '',
  start_date: '',
  end_date: '',
};

export const historyKeys = {
  all: ['sales-history'] as const,
  list: (filters: HistoryFilters, page: number) => [...historyKeys.all, 'list', filters, page] as const,
  detail: (id: string) => [...historyKeys.all, 'detail', id] as const,
  returns: (id: string) => [...historyKeys.all, 'returns', id] as const,
  devices: () => [...historyKeys.all, 'devices'] as const,
  cashiers: () => [...historyKeys.all, 'cashiers'] as const,
};

export function useSalesHistory(filters: HistoryFilters, page: number) {
  return useQuery({
    queryKey: historyKeys.list(filters, page),
    queryFn: async () => {
      const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
      return (await api.get(SaleListResponseSchema, '/sales', { query: { ...query, page, limit: DEFAULT_PAGE_SIZE } }))
        .data;
    },
    placeholderData: keepPreviousData,
  });
}

export function useSaleDetail(id: string | null) {
  return useQuery({
    queryKey: historyKeys.detail(id ?? ''),
    queryFn: async () => (await api.get(SaleDetailResponseSchema, `/sales/${id}`)).data,
    enabled: id !== null,
  });
}

/** A sale's returns (GET /api/sales/:id/returns): who approved each, what went back in cash. */
export function useSaleReturns(id: string) {
  return useQuery({
    queryKey: historyKeys.returns(id),
    queryFn: async () => (await api.get(SaleReturnsResponseSchema, `/sales/${id}/returns`)).data.returns,
  });
}

export function useDevices(enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.devices(),
    queryFn: async () => (await api.get(DeviceListResponseSchema, '/devices')).data.devices,
    enabled,
  });
}

/** The store's people (admins only: GET /api/users). */
export function useCashiers(enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.cashiers(),
    queryFn: async () => (await api.get(UserListResponseSchema, '/users', { query: { limit: 200 } })).data.users,
    enabled,
  });
}
