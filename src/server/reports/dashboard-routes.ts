import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AlertsResponseSchema,
  DashboardCashFlowChartResponseSchema,
  DashboardMetricsResponseSchema,
  DashboardQuerySchema,
  SalesChartResponseSchema,
  type DashboardQuery,
} from '../../shared/contract';
import { ADMIN_DEFAULT_RANGE_DAYS } from '../../shared/constants';
import { isDayScoped } from '../../shared/permissions';
import type { AuthContext, RouteOptions } from '../context';
import { dayScoped } from '../http/day-scope';
import { readRoutes } from '../http/record-routes';
import { dashboardAlerts } from './dashboard-alerts';
import { cashFlowChart, salesChart } from './dashboard-charts';
import { dashboardMetrics } from './dashboard-metrics';
import { lastDays } from './period';

/**
 * /api/dashboard (spec §7). Admins see everything; the charts take `days` (default 30, at
 * most 730). Non-admins are day-scoped by the server whatever they send (spec §6: as if
 * scope=day and days=1).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const get = readRoutes(app, 'dashboard.view');
  const { db } = ctx;
  const query = DashboardQuerySchema;

  /** The chart's days: the last `days` asked for admins, today for the others. */
  const chartDays = (caller: AuthContext, { days }: DashboardQuery) => {
    const asked = lastDays(days ?? ADMIN_DEFAULT_RANGE_DAYS);
    const range = dayScoped(caller.role, { start_date: asked.start, end_date: asked.end });
    return { start: range.start_date, end: range.end_date };
  };

  get('/metrics', { querystring: query, response: DashboardMetricsResponseSchema }, ({ tenantId, role }) =>
    dashboardMetrics(db, tenantId, isDayScoped(role)),
  );
  get('/sales-chart', { querystring: query, response: SalesChartResponseSchema }, (caller, asked: DashboardQuery) =>
    salesChart(db, caller.tenantId, chartDays(caller, asked)),
  );
  get('/cash-flow-chart', { querystring: query, response: DashboardCashFlowChartResponseSchema }, (caller, asked) =>
    cashFlowChart(db, caller.tenantId, chartDays(caller, asked)),
  );
  readRoutes(app, 'alerts.read')('/alerts', { querystring: query, response: AlertsResponseSchema }, (caller) =>
    dashboardAlerts(db, caller.tenantId, isDayScoped(caller.role)),
  );
};
