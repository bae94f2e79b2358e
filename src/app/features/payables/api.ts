// Contas a Pagar data: query keys (all under ['finance', 'payables']), the page of
// accounts, statistics and overdue count, and the changes (create, edit, pay, cancel,
// delete). Each change sends an Idempotency-Key and, once done, refreshes every finance
// query (a payment also writes a cash-flow entry).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  PAGE_SIZE_PAYABLES,
  STALE_TIME_PAYABLES_MS,
  STALE_TIME_PAYABLE_OVERDUE_MS,
  STALE_TIME_PAYABLE_STATS_MS,
} from '../../../shared/constants';
import {
  AccountPayableCreateSchema,
  AccountPayableListQuerySchema,
  AccountPayableListResponseSchema,
  AccountPayableResponseSchema,
  AccountPayableUpdateSchema,
  PayableOverdueResponseSchema,
  PayableStatisticsResponseSchema,
  type AccountPayable,
  type AccountPayableCreate,
  type AccountPayableUpdate,
} from '../../../shared/contract/accounts';
import { AckSchema } from '../../../shared/contract/common';
import { api } from '../../lib/api';
import {
  FINANCE_KEY,
  filterValue,
  idempotencyHeaders,
  newIdempotencyKey,
  sent,
  withoutEmpty,
  type WithLocal,
} from '../../lib/finance';
import { useFinanceChange } from '../../lib/use-finance-change';

const BASE = '/accounts-payable';

/** The list's filters as the screen holds them ('all' / '' = no filter). */
export interface PayableFilters {
  search: string;
  status: string;
  category: string;
  payment_method: string;
}

export const EMPTY_PAYABLE_FILTERS: PayableFilters = {
  search: '',
  status: 'all',
  category: 'all',
  payment_method: 'all',
};

export const payableKeys = {
  all: [...FINANCE_KEY, 'payables'] as const,
  lists: () => [...payableKeys.all, 'list'] as const,
  list: (filters: PayableFilters, page: number) => [...payableKeys.lists(), { ...filters, page }] as const,
  statistics: () => [...payableKeys.all, 'statistics'] as const,
  overdue: () => [...payableKeys.all, 'overdue'] as const,
};

export type PayableRow = WithLocal<AccountPayable>;

export interface PayablePage {
  accounts: PayableRow[];
  page: number;
  totalPages: number;
  total: number;
}

const PageQuerySchema = AccountPayableListQuerySchema.pick({ page: true, limit: true });

export async function fetchPayables(filters: PayableFilters, page: number): Promise<PayablePage> {
  const query = {
    ...z.encode(PageQuerySchema, { page, limit: PAGE_SIZE_PAYABLES }),
    status: filterValue(filters.status),
    category: filterValue(filters.category),
    payment_method: filterValue(filters.payment_method),
    search: filterValue(filters.search.trim()),
  };
  const { data } = await api.get(AccountPayableListResponseSchema, BASE, { query });
  const { pagination } = data;
  return {
    accounts: data.accountsPayable,
    page: pagination.page,
    totalPages: pagination.total_pages,
    total: pagination.total,
  };
}

export function fetchPayableStatistics() {
  return api.get(PayableStatisticsResponseSchema, `${BASE}/statistics`).then((r) => r.data);
}

/** How many accounts are overdue (the list itself is capped; the count is not). */
export function fetchOverdueCount(): Promise<number> {
  return api.get(PayableOverdueResponseSchema, `${BASE}/overdue`).then((r) => r.count);
}

// payment_method is a z.preprocess in the contract ('none' = absent), which z.encode
// cannot run backwards: encode the rest and pass the (already decoded) enum through.
const CreateBody = AccountPayableCreateSchema.omit({ payment_method: true });
const UpdateBody = AccountPayableUpdateSchema.omit({ payment_method: true });

/** POST with a client-chosen id, also the Idempotency-Key: a retry names the same account. */
export async function createPayable(value: AccountPayableCreate & { id: string }): Promise<AccountPayable> {
  const { payment_method, ...rest } = value;
  const body = withoutEmpty({ ...z.encode(CreateBody, rest), payment_method });
  const r = await api.post(AccountPayableResponseSchema, BASE, body, { headers: idempotencyHeaders(value.id) });
  return r.data;
}

/** PUT: the five required fields again; optional fields left out are cleared. */
export async function updatePayable(id: string, value: AccountPayableUpdate): Promise<AccountPayable> {
  const { payment_method, ...rest } = value;
  const body = withoutEmpty({ ...z.encode(UpdateBody, rest), payment_method });
  const r = await api.put(AccountPayableResponseSchema, `${BASE}/${id}`, body, {
    headers: idempotencyHeaders(newIdempotencyKey()),
  });
  return r.data;
}

/** `paymentDate` absent: paid today (the server's day). */
export async function payPayable(id: string, paymentDate?: string): Promise<AccountPayable> {
  const body = paymentDate ? { payment_date: paymentDate } : {};
  const r = await api.post(AccountPayableResponseSchema, `${BASE}/${id}/mark-as-paid`, body, {
    headers: idempotencyHeaders(newIdempotencyKey()),
  });
  return r.data;
}

export async function cancelPayable(id: string): Promise<AccountPayable> {
  const r = await api.post(AccountPayableResponseSchema, `${BASE}/${id}/cancel`, undefined, {
    headers: idempotencyHeaders(newIdempotencyKey()),
  });
  return r.data;
}

export async function deletePayable(id: string): Promise<void> {
  await api.delete(AckSchema, `${BASE}/${id}`, { headers: idempotencyHeaders(newIdempotencyKey()) });
}

// ---- hooks ----

export function usePayables(filters: PayableFilters, page: number) {
  return useQuery({
    queryKey: payableKeys.list(filters, page),
    queryFn: () => fetchPayables(filters, page),
    staleTime: STALE_TIME_PAYABLES_MS,
    placeholderData: keepPreviousData,
  });
}

export function usePayableStatistics() {
  return useQuery({
    queryKey: payableKeys.statistics(),
    queryFn: fetchPayableStatistics,
    staleTime: STALE_TIME_PAYABLE_STATS_MS,
  });
}

export function useOverduePayablesCount() {
  return useQuery({
    queryKey: payableKeys.overdue(),
    queryFn: fetchOverdueCount,
    staleTime: STALE_TIME_PAYABLE_OVERDUE_MS,
  });
}

export function useCreatePayable() {
  return useFinanceChange(async (value: AccountPayableCreate) =>
    sent(await createPayable({ ...value, id: value.id ?? newIdempotencyKey() })),
  );
}

export function useUpdatePayable() {
  return useFinanceChange(async ({ id, value }: { id: string; value: AccountPayableUpdate }) =>
    sent(await updatePayable(id, value)),
  );
}

export function usePayPayable() {
  return useFinanceChange(async ({ id, paymentDate }: { id: string; paymentDate?: string }) =>
    sent(await payPayable(id, paymentDate)),
  );
}

export function useCancelPayable() {
  return useFinanceChange(async (id: string) => sent(await cancelPayable(id)));
}

export function useDeletePayable() {
  return useFinanceChange(async (id: string) => sent(await deletePayable(id)));
}
