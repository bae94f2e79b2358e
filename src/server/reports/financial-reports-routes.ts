import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BalanceSheetQuerySchema,
  BalanceSheetResponseSchema,
  DreResponseSchema,
  MarginAnalysisQuerySchema,
  MarginAnalysisResponseSchema,
  ProfitabilityResponseSchema,
  ReportRangeQuerySchema,
  SummaryQuerySchema,
  SummaryReportResponseSchema,
} from '../../shared/contract';
import { todayIso } from '../../shared/dates';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { balanceSheet } from './balance-sheet';
import { dre } from './dre';
import { profitability, summaryReport } from './financial-reports';
import { marginAnalysis } from './margins';
import { reportDays } from './period';

/**
 * /api/financial-reports (spec §7): admins only (reports.read). Ranges of São Paulo days;
 * absent dates give the last 30 days through today, a reversed range is 400.
 */
export const financialReportRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const config = { access: 'reports.read' } as const;
  const ok = <T>(data: T) => ({ success: true as const, data });

  app.get(
    '/dre',
    { config, schema: { querystring: ReportRangeQuerySchema, response: { 200: DreResponseSchema } } },
    async (request) => ok(await dre(ctx.db, authOf(request).tenantId, reportDays(request.query))),
  );

  app.get(
    '/balance-sheet',
    { config, schema: { querystring: BalanceSheetQuerySchema, response: { 200: BalanceSheetResponseSchema } } },
    async (request) => ok(await balanceSheet(ctx.db, authOf(request).tenantId, request.query.as_of_date ?? todayIso())),
  );

  app.get(
    '/profitability',
    { config, schema: { querystring: ReportRangeQuerySchema, response: { 200: ProfitabilityResponseSchema } } },
    async (request) => ok(await profitability(ctx.db, authOf(request).tenantId, reportDays(request.query))),
  );

  app.get(
    '/margin-analysis',
    { config, schema: { querystring: MarginAnalysisQuerySchema, response: { 200: MarginAnalysisResponseSchema } } },
    async (request) =>
      ok(await marginAnalysis(ctx.db, authOf(request).tenantId, reportDays(request.query), request.query.limit)),
  );

  app.get(
    '/summary',
    { config, schema: { querystring: SummaryQuerySchema, response: { 200: SummaryReportResponseSchema } } },
    async (request) => {
      const days = reportDays(request.query);
      return ok(await summaryReport(ctx.db, authOf(request).tenantId, days, request.query.as_of_date ?? days.end));
    },
  );
};
