// Dashboard data (spec §7): query keys (all under ['finance', 'dashboard'], so the
// persisted cache keeps them for offline reading and a synced account change refreshes
// them), metrics, the two charts and the alerts. Admins send no scope and the chosen
// period; the others send scope=day (and days=1 for the charts), which the server
// enforces anyway (spec §6).
import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_NON_ADMIN_DAYS } from '../../../shared/constants';
import {
  AlertsResponseSchema,
  DashboardCashFlowChartResponseSchema,
  DashboardMetricsResponseSchema,
  SalesChartResponseSchema,
} from '../../../shared/contract/dashboard';
import type { z } from 'zod/mini';
import { api } from '../../lib/api';
import { withFallbackText } from '../../lib/api-error';
import { FINANCE_KEY } from '../../lib/accounts/common';

// Spec §8: each call's own text when the answer carries no message.
export const METRICS_FALLBACK_ERROR = 'Failed to fetch dashboard metrics';
export const SALES_CHART_FALLBACK_ERROR = 'Failed to fetch sales chart data';
export const CASH_CHART_FALLBACK_ERROR = 'Failed to fetch cash flow chart data';
export const ALERTS_FALLBACK_ERROR = 'Failed to fetch alerts';

/** Who is looking: admins see everything, the others today (scope=day). */
export type Viewer = 'admin' | 'day';

export const dashboardKeys = {
  all: [...FINANCE_KEY, 'dashboard'] as const,
  metrics: (viewer: Viewer) => [...dashboardKeys.all, 'metrics', viewer] as const,
  salesChart: (viewer: Viewer, days: number) => [...dashboardKeys.all, 'sales-chart', viewer, days] as const,
  cashFlowChart: (viewer: Viewer, days: number) => [...dashboardKeys.all, 'cash-flow-chart', viewer, days] as const,
  alerts: (viewer: Viewer) => [...dashboardKeys.all, 'alerts', viewer] as const,
};

const scopeQuery = (viewer: Viewer) => ({ scope: viewer === 'day' ? 'day' : undefined });
const chartQuery = (viewer: Viewer, days: number) =>
  viewer === 'day' ? { scope: 'day', days: DASHBOARD_NON_ADMIN_DAYS } : { days };

/** GET /api/dashboard/{path}: its data, or the call's own error text when the answer has none. */
function dashboardData<S extends z.ZodMiniType<{ data: unknown }>>(
  schema: S,
  path: string,
  query: Record<string, string | number | undefined>,
  fallback: string,
): Promise<z.output<S>['data']> {
  return withFallbackText(api.get(schema, `/dashboard/${path}`, { query }), fallback).then((r) => r.data);
}

export const fetchMetrics = (viewer: Viewer) =>
  dashboardData(DashboardMetricsResponseSchema, 'metrics', scopeQuery(viewer), METRICS_FALLBACK_ERROR);

export const fetchSalesChart = (viewer: Viewer, days: number) =>
  dashboardData(SalesChartResponseSchema, 'sales-chart', chartQuery(viewer, days), SALES_CHART_FALLBACK_ERROR);

export const fetchCashFlowChart = (viewer: Viewer, days: number) =>
  dashboardData(
    DashboardCashFlowChartResponseSchema,
    'cash-flow-chart',
    chartQuery(viewer, days),
    CASH_CHART_FALLBACK_ERROR,
  );

export const fetchAlerts = (viewer: Viewer) =>
  dashboardData(AlertsResponseSchema, 'alerts', scopeQuery(viewer), ALERTS_FALLBACK_ERROR);

export function useDashboardMetrics(viewer: Viewer) {
  return useQuery({ queryKey: dashboardKeys.metrics(viewer), queryFn: () => fetchMetrics(viewer) });
}

export function useSalesChart(viewer: Viewer, days: number) {
  return useQuery({ queryKey: dashboardKeys.salesChart(viewer, days), queryFn: () => fetchSalesChart(viewer, days) });
}

export function useDashboardCashFlowChart(viewer: Viewer, days: number) {
  return useQuery({
    queryKey: dashboardKeys.cashFlowChart(viewer, days),
    queryFn: () => fetchCashFlowChart(viewer, days),
  });
}

export function useAlerts(viewer: Viewer) {
  return useQuery({ queryKey: dashboardKeys.alerts(viewer), queryFn: () => fetchAlerts(viewer) });
}

export type DashboardMetricsData = Awaited<ReturnType<typeof fetchMetrics>>;
export type SalesChartData = Awaited<ReturnType<typeof fetchSalesChart>>;
export type CashFlowChartData = Awaited<ReturnType<typeof fetchCashFlowChart>>;
export type AlertsData = Awaited<ReturnType<typeof fetchAlerts>>;
