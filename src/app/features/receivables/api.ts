// Contas a Receber data: query keys (all under ['finance', 'receivables']), the list
// (page 1 of 50, spec §7), statistics, and the two changes the screen offers: create and
// mark as paid. Each change sends an Idempotency-Key and refreshes every finance query.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PAGE_SIZE_RECEIVABLES, STALE_TIME_LISTS_MS, STALE_TIME_RECEIVABLE_STATS_MS } from '../../../shared/constants';
import {
  AccountReceivableCreateSchema,
  AccountReceivableListQuerySchema,
  AccountReceivableListResponseSchema,
  AccountReceivableResponseSchema,
  ReceivableStatisticsResponseSchema,
  type AccountReceivable,
  type AccountReceivableCreate,
} from '../../../shared/contract/accounts';
import { todayIso } from '../../../shared/dates';
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

const BASE = '/accounts-receivable';

/** Due-date range ('' = open end); the server forces today for non-admins. */
export interface DueRange {
  start_date: string;
  end_date: string;
}

export interface ReceivableFilters extends DueRange {
  status: string;
  search: string;
}

export const receivableKeys = {
  all: [...FINANCE_KEY, 'receivables'] as const,
  list: (filters: ReceivableFilters) => [...receivableKeys.all, 'list', filters] as const,
  statistics: (range: DueRange) => [...receivableKeys.all, 'statistics', range] as const,
};

export type ReceivableRow = WithLocal<AccountReceivable>;

export interface ReceivableList {
  accounts: ReceivableRow[];
  /** all the accounts that match, of which `accounts` are the first PAGE_SIZE_RECEIVABLES */
  total: number;
}

const PageQuerySchema = AccountReceivableListQuerySchema.pick({ page: true, limit: true });

function rangeQuery(range: DueRange) {
  return { start_date: filterValue(range.start_date), end_date: filterValue(range.end_date) };
}

export async function fetchReceivables(filters: ReceivableFilters): Promise<ReceivableList> {
  const query = {
    ...z.encode(PageQuerySchema, { page: 1, limit: PAGE_SIZE_RECEIVABLES }),
    status: filterValue(filters.status),
    ...rangeQuery(filters),
    search: filterValue(filters.search.trim()),
  };
  const { data } = await api.get(AccountReceivableListResponseSchema, BASE, { query });
  return { accounts: data.accountsReceivable, total: data.pagination.total };
}

export function fetchReceivableStatistics(range: DueRange) {
  return api
    .get(ReceivableStatisticsResponseSchema, `${BASE}/statistics`, { query: rangeQuery(range) })
    .then((r) => r.data);
}

// payment_method is a z.preprocess in the contract ('none' = absent), which z.encode
// cannot run backwards: encode the rest and pass the (already decoded) enum through.
const CreateBody = AccountReceivableCreateSchema.omit({ payment_method: true });

/** POST with a client-chosen id, also the Idempotency-Key: a retry names the same account. */
export async function createReceivable(value: AccountReceivableCreate & { id: string }): Promise<AccountReceivable> {
  const { payment_method, ...rest } = value;
  const body = withoutEmpty({ ...z.encode(CreateBody, rest), payment_method });
  const r = await api.post(AccountReceivableResponseSchema, BASE, body, { headers: idempotencyHeaders(value.id) });
  return r.data;
}

/** The receivable flow always sends today's date (spec §4). */
export async function payReceivable(id: string): Promise<AccountReceivable> {
  const r = await api.patch(
    AccountReceivableResponseSchema,
    `${BASE}/${id}/mark-as-paid`,
    { payment_date: todayIso() },
    { headers: idempotencyHeaders(newIdempotencyKey()) },
  );
  return r.data;
}

// ---- hooks ----

export function useReceivables(filters: ReceivableFilters) {
  return useQuery({
    queryKey: receivableKeys.list(filters),
    queryFn: () => fetchReceivables(filters),
    staleTime: STALE_TIME_LISTS_MS,
    placeholderData: keepPreviousData,
  });
}

export function useReceivableStatistics(range: DueRange) {
  return useQuery({
    queryKey: receivableKeys.statistics(range),
    queryFn: () => fetchReceivableStatistics(range),
    staleTime: STALE_TIME_RECEIVABLE_STATS_MS,
  });
}

export function useCreateReceivable() {
  return useFinanceChange(async (value: AccountReceivableCreate) =>
    sent(await createReceivable({ ...value, id: value.id ?? newIdempotencyKey() })),
  );
}

export function usePayReceivable() {
  return useFinanceChange(async (id: string) => sent(await payReceivable(id)));
}
