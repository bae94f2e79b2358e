// Fluxo de Caixa data: query keys (all under ['finance', 'cash-flow']), a page of entries
// with the range's summary (this device's queued changes laid over both: manual entries
// and the entries of payments made here), the chart (the server's only), and the
// manual-entry changes (create, edit, delete): each sent now with its Idempotency-Key, or
// queued for the outbox when the server cannot be reached.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { adjustCashSummary, inRange } from '../../../shared/account-overlay';
import { manualEntryCreated } from '../../../shared/account-records';
import { isCloseEntry } from '../../../shared/caixa';
import { GC_TIME_CASH_FLOW_MS, STALE_TIME_CASH_FLOW_MS } from '../../../shared/constants';
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
import { withFallbackText } from '../../lib/api-error';
import { FINANCE_KEY, filterValue, newIdempotencyKey, type WithLocal } from '../../lib/accounts/common';
import { accountKind, createChange, rowChange } from '../../lib/accounts/kind';
import { mergeRows } from '../../lib/accounts/overlay';
import { useDeleteRecord, useKindChange } from '../../lib/accounts/use-account-change';
import { useOverlaidQuery } from '../../lib/accounts/use-overlaid-query';

const BASE = '/cash-flow';

export const CASH_ENTRY = accountKind<CashFlowEntry>('cash-entry', BASE, CashFlowEntryResponseSchema);
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

/**
 * An entry a person wrote and may edit or delete. Entries written by a sale or a paid
 * account are the server's, and a caixa close's difference is neither.
 */
export function isManual(entry: CashFlowEntry): boolean {
  return (
    entry.sale_id === null &&
    entry.account_payable_id === null &&
    entry.account_receivable_id === null &&
    !isCloseEntry(entry)
  );
}

const PageQuerySchema = z.pick(CashFlowListQuerySchema, { page: true, limit: true });

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

export function fetchCashFlowChart(range: DayRange) {
  const call = api.get(CashFlowChartResponseSchema, `${BASE}/chart`, { query: { ...range } });
  return withFallbackText(call, CHART_FALLBACK_ERROR).then((r) => r.data);
}

/** Whether an entry belongs in the page the screen shows (its range, type and category). */
export function entryMatches(entry: CashFlowEntry, query: CashFlowQuery): boolean {
  const type = filterValue(query.type);
  const category = filterValue(query.category);
  return (
    inRange(entry.date, { start_date: filterValue(query.start_date), end_date: filterValue(query.end_date) }) &&
    (!type || entry.type === type) &&
    (!category || entry.category === category)
  );
}

// ---- hooks ----

export function useCashFlow(query: CashFlowQuery) {
  return useOverlaidQuery(
    {
      queryKey: cashFlowKeys.list(query),
      queryFn: () => fetchCashFlow(query),
      staleTime: STALE_TIME_CASH_FLOW_MS,
      gcTime: GC_TIME_CASH_FLOW_MS,
      placeholderData: keepPreviousData,
    },
    'cash-entry',
    (fetched, live) => ({
      ...fetched,
      entries: mergeRows(fetched.entries, live, {
        matches: (e) => entryMatches(e, query),
        firstPage: query.page === 1,
      }),
      summary: adjustCashSummary(fetched.summary, live, {
        start_date: filterValue(query.start_date),
        end_date: filterValue(query.end_date),
      }),
    }),
  );
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

/** Creates with a client-chosen id, also the Idempotency-Key: a retry names the same entry. */
export function useCreateCashEntry() {
  return useKindChange(CASH_ENTRY, (value: CashFlowEntryCreate) => {
    const id = value.id ?? newIdempotencyKey();
    const body = z.encode(CashFlowEntryCreateSchema, { ...value, id });
    return createChange(CASH_ENTRY, 'Novo lançamento', manualEntryCreated(id, value), body);
  });
}

export function useUpdateCashEntry() {
  return useKindChange(CASH_ENTRY, ({ entry, value }: { entry: CashEntryRow; value: CashFlowEntryUpdate }) =>
    rowChange(CASH_ENTRY, 'Edição de lançamento', entry, {
      method: 'PUT',
      body: z.encode(CashFlowEntryUpdateSchema, value),
      after: (before) => ({
        ...before,
        ...Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)),
      }),
    }),
  );
}

export function useDeleteCashEntry() {
  return useDeleteRecord(CASH_ENTRY, 'Exclusão de lançamento');
}
