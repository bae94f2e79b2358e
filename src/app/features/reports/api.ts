// Relatórios Financeiros data (spec §7): query keys (all under ['finance', 'reports'], so
// the persisted cache keeps them for offline reading and a synced account change
// refreshes them), the range of the chosen period, and one query per tab. Reports are
// fresh for 5 minutes and kept for 10 (spec §9).
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { GC_TIME_DEFAULT_MS, STALE_TIME_DEFAULT_MS } from '../../../shared/constants';
import {
  BalanceSheetResponseSchema,
  DreResponseSchema,
  MARGIN_ANALYSIS_EXPORT_PRODUCTS,
  MarginAnalysisResponseSchema,
  ProfitabilityResponseSchema,
  SummaryReportResponseSchema,
} from '../../../shared/contract/reports';
import { addDays, todayIso } from '../../../shared/dates';
import { api } from '../../lib/api';
import { FINANCE_KEY } from '../../lib/accounts/common';

export interface ReportRange {
  start_date: string;
  end_date: string;
}

/** The last `days` São Paulo days through today. */
export function rangeOf(days: number, today = todayIso()): ReportRange {
  return { start_date: addDays(today, -(days - 1)), end_date: today };
}

export const reportKeys = {
  all: [...FINANCE_KEY, 'reports'] as const,
  summary: (r: ReportRange) => [...reportKeys.all, 'summary', r] as const,
  dre: (r: ReportRange) => [...reportKeys.all, 'dre', r] as const,
  balanceSheet: (asOf: string) => [...reportKeys.all, 'balance-sheet', asOf] as const,
  profitability: (r: ReportRange) => [...reportKeys.all, 'profitability', r] as const,
  margins: (r: ReportRange, limit?: number) => [...reportKeys.all, 'margin-analysis', r, limit ?? 'default'] as const,
};

const BASE = '/financial-reports';

export const fetchSummary = (r: ReportRange) =>
  api
    .get(SummaryReportResponseSchema, `${BASE}/summary`, { query: { ...r, as_of_date: r.end_date } })
    .then((x) => x.data);
export const fetchDre = (r: ReportRange) =>
  api.get(DreResponseSchema, `${BASE}/dre`, { query: { ...r } }).then((x) => x.data);
export const fetchBalanceSheet = (asOf: string) =>
  api.get(BalanceSheetResponseSchema, `${BASE}/balance-sheet`, { query: { as_of_date: asOf } }).then((x) => x.data);
export const fetchProfitability = (r: ReportRange) =>
  api.get(ProfitabilityResponseSchema, `${BASE}/profitability`, { query: { ...r } }).then((x) => x.data);
export const fetchMargins = (r: ReportRange, limit?: number) =>
  api.get(MarginAnalysisResponseSchema, `${BASE}/margin-analysis`, { query: { ...r, limit } }).then((x) => x.data);

const timing = { staleTime: STALE_TIME_DEFAULT_MS, gcTime: GC_TIME_DEFAULT_MS };

export const summaryQuery = (r: ReportRange) => ({
  queryKey: reportKeys.summary(r),
  queryFn: () => fetchSummary(r),
  ...timing,
});
export const dreQuery = (r: ReportRange) => ({ queryKey: reportKeys.dre(r), queryFn: () => fetchDre(r), ...timing });
export const balanceSheetQuery = (asOf: string) => ({
  queryKey: reportKeys.balanceSheet(asOf),
  queryFn: () => fetchBalanceSheet(asOf),
  ...timing,
});
export const profitabilityQuery = (r: ReportRange) => ({
  queryKey: reportKeys.profitability(r),
  queryFn: () => fetchProfitability(r),
  ...timing,
});
export const marginsQuery = (r: ReportRange, limit?: number) => ({
  queryKey: reportKeys.margins(r, limit),
  queryFn: () => fetchMargins(r, limit),
  ...timing,
});

export const useSummary = (r: ReportRange) => useQuery(summaryQuery(r));
export const useDre = (r: ReportRange) => useQuery(dreQuery(r));
export const useBalanceSheet = (asOf: string) => useQuery(balanceSheetQuery(asOf));
export const useProfitability = (r: ReportRange) => useQuery(profitabilityQuery(r));
export const useMargins = (r: ReportRange) => useQuery(marginsQuery(r));

/** Every product sold in the range (an export lists them all, not the screen's first 100). */
export function allMargins(client: QueryClient, r: ReportRange) {
  return client.ensureQueryData(marginsQuery(r, MARGIN_ANALYSIS_EXPORT_PRODUCTS));
}

export type SummaryData = Awaited<ReturnType<typeof fetchSummary>>;
export type DreData = Awaited<ReturnType<typeof fetchDre>>;
export type BalanceSheetData = Awaited<ReturnType<typeof fetchBalanceSheet>>;
export type ProfitabilityData = Awaited<ReturnType<typeof fetchProfitability>>;
export type MarginsData = Awaited<ReturnType<typeof fetchMargins>>;
