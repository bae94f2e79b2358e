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
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { dayScoped } from '../http/day-scope';
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
  const view = { access: 'dashboard.view' } as const;
  const ok = <T>(data: T) => ({ success: true as const, data });

  /** The caller's tenant and chart days: the last `days` for admins, today for the others. */
  const chartScope = (request: Parameters<typeof authOf>[0] & { query: DashboardQuery }) => {
    const auth = authOf(request);
    const asked = lastDays(request.query.days ?? ADMIN_DEFAULT_RANGE_DAYS);
    const range = dayScoped(auth.role, { start_date: asked.start, end_date: asked.end });
    return { tenantId: auth.tenantId, days: { start: range.start_date, end: range.end_date } };
  };

  app.get(
    '/metrics',
    { config: view, schema: { querystring: DashboardQuerySchema, response: { 200: DashboardMetricsResponseSchema } } },
    async (request) => {
      const auth = authOf(request);
      return ok(await dashboardMetrics(ctx.db, auth.tenantId, isDayScoped(auth.role)));
    },
  );

  app.get(
    '/sales-chart',
    { config: view, schema: { querystring: DashboardQuerySchema, response: { 200: SalesChartResponseSchema } } },
    async (request) => {
      const { tenantId, days } = chartScope(request);
      return ok(await salesChart(ctx.db, tenantId, days));
    },
  );

  app.get(
    '/cash-flow-chart',
    {
      config: view,
      schema: { querystring: DashboardQuerySchema, response: { 200: DashboardCashFlowChartResponseSchema } },
    },
    async (request) => {
      const { tenantId, days } = chartScope(request);
      return ok(await cashFlowChart(ctx.db, tenantId, days));
    },
  );

  app.get(
    '/alerts',
    {
      config: { access: 'alerts.read' },
      schema: { querystring: DashboardQuerySchema, response: { 200: AlertsResponseSchema } },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(await dashboardAlerts(ctx.db, auth.tenantId, isDayScoped(auth.role)));
    },
  );
};
