// Fluxo de Caixa data: query keys (all under ['finance', 'cash-flow']), a page of entries
// with the range's summary, the chart, and the manual-entry changes (create, edit,
// delete), each with an Idempotency-Key, refreshing every finance query once done.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { GC_TIME_CASH_FLOW_MS, STALE_TIME_CASH_FLOW_MS } from '../../../shared/constants';
import { AckSchema } from '../../../shared/contract/common';
import {
  CashFlowChartResponseSchema,
  CashFlowEntryCreateSchema,
  CashFlowEntryResponseSchema,
  CashFlowEntryUpdateSchema,
  CashFlowListQuerySchema,
  CashFlowListResponseSchema,
  type CashFlowEntry,
  type CashFlowEntryCreate,
  type CashFlowEntryUpdate,
  type CashFlowSummary,
} from '../../../shared/contract/cash-flow';
import { api } from '../../lib/api';
import { ApiError, FALLBACK_ERROR_TEXT } from '../../lib/api-error';
import {
  FINANCE_KEY,
  filterValue,
  idempotencyHeaders,
  newIdempotencyKey,
  sent,
  type WithLocal,
} from '../../lib/finance';
import { useFinanceChange } from '../../lib/use-finance-change';

const BASE = '/cash-flow';
export const CHART_FALLBACK_ERROR = 'Failed to fetch chart data';

export interface DayRange {
  start_date: string;
  end_date: string;
}

export interface CashFlowQuery extends DayRange {
  type: string;
  category: string;
  page: number;
  limit: number;
}

export const cashFlowKeys = {
  all: [...FINANCE_KEY, 'cash-flow'] as const,
  list: (query: CashFlowQuery) => [...cashFlowKeys.all, 'list', query] as const,
  chart: (range: DayRange) => [...cashFlowKeys.all, 'chart', range] as const,
};

export type CashEntryRow = WithLocal<CashFlowEntry>;

export interface CashFlowPage {
  entries: CashEntryRow[];
  summary: CashFlowSummary;
  page: number;
  totalPages: number;
}

/** Entries written by a sale or a paid account are the server's: only manual ones change. */
export function isManual(entry: CashFlowEntry): boolean {
  return entry.sale_id === null && entry.account_payable_id === null && entry.account_receivable_id === null;
}

const PageQuerySchema = CashFlowListQuerySchema.pick({ page: true, limit: true });

export async function fetchCashFlow(query: CashFlowQuery): Promise<CashFlowPage> {
  const params = {
    ...z.encode(PageQuerySchema, { page: query.page, limit: query.limit }),
    type: filterValue(query.type),
    category: filterValue(query.category),
    start_date: filterValue(query.start_date),
    end_date: filterValue(query.end_date),
    // Spec §7: the screen sends no amount bounds as 0.
    min_amount: '0',
    max_amount: '0',
  };
  const { data } = await api.get(CashFlowListResponseSchema, BASE, { query: params });
  return {
    entries: data.entries,
    summary: data.summary,
    page: data.pagination.page,
    totalPages: data.pagination.totalPages,
  };
}

export async function fetchCashFlowChart(range: DayRange) {
  try {
    const r = await api.get(CashFlowChartResponseSchema, `${BASE}/chart`, { query: { ...range } });
    return r.data;
  } catch (error) {
    // Spec §8: the chart's own fallback when the answer carries no message.
    if (error instanceof ApiError && error.message === FALLBACK_ERROR_TEXT) {
      throw new ApiError(CHART_FALLBACK_ERROR, error.status, error.code, error.details);
    }
    throw error;
  }
}

/** POST with a client-chosen id, also the Idempotency-Key: a retry names the same entry. */
export async function createCashEntry(value: CashFlowEntryCreate & { id: string }): Promise<CashFlowEntry> {
  const r = await api.post(CashFlowEntryResponseSchema, BASE, z.encode(CashFlowEntryCreateSchema, value), {
    headers: idempotencyHeaders(value.id),
  });
  return r.data;
}

export async function updateCashEntry(id: string, value: CashFlowEntryUpdate): Promise<CashFlowEntry> {
  const r = await api.put(CashFlowEntryResponseSchema, `${BASE}/${id}`, z.encode(CashFlowEntryUpdateSchema, value), {
    headers: idempotencyHeaders(newIdempotencyKey()),
  });
  return r.data;
}

export async function deleteCashEntry(id: string): Promise<void> {
  await api.delete(AckSchema, `${BASE}/${id}`, { headers: idempotencyHeaders(newIdempotencyKey()) });
}

// ---- hooks ----

export function useCashFlow(query: CashFlowQuery) {
  return useQuery({
    queryKey: cashFlowKeys.list(query),
    queryFn: () => fetchCashFlow(query),
    staleTime: STALE_TIME_CASH_FLOW_MS,
    gcTime: GC_TIME_CASH_FLOW_MS,
    placeholderData: keepPreviousData,
  });
}

export function useCashFlowChart(range: DayRange, enabled: boolean) {
  return useQuery({
    queryKey: cashFlowKeys.chart(range),
    queryFn: () => fetchCashFlowChart(range),
    staleTime: STALE_TIME_CASH_FLOW_MS,
    gcTime: GC_TIME_CASH_FLOW_MS,
    enabled,
  });
}

export function useCreateCashEntry() {
  return useFinanceChange(async (value: CashFlowEntryCreate) =>
    sent(await createCashEntry({ ...value, id: value.id ?? newIdempotencyKey() })),
  );
}

export function useUpdateCashEntry() {
  return useFinanceChange(async ({ id, value }: { id: string; value: CashFlowEntryUpdate }) =>
    sent(await updateCashEntry(id, value)),
  );
}

export function useDeleteCashEntry() {
  return useFinanceChange(async (id: string) => sent(await deleteCashEntry(id)));
}
