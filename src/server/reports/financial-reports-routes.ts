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
import { readRoutes } from '../http/record-routes';
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
  const get = readRoutes(app, 'reports.read');
  const { db } = ctx;
  const range = ReportRangeQuerySchema;

  get('/dre', { querystring: range, response: DreResponseSchema }, ({ tenantId }, query) =>
    dre(db, tenantId, reportDays(query)),
  );
  get('/balance-sheet', { querystring: BalanceSheetQuerySchema, response: BalanceSheetResponseSchema }, (c, query) =>
    balanceSheet(db, c.tenantId, query.as_of_date ?? todayIso()),
  );
  get('/profitability', { querystring: range, response: ProfitabilityResponseSchema }, ({ tenantId }, query) =>
    profitability(db, tenantId, reportDays(query)),
  );
  get(
    '/margin-analysis',
    { querystring: MarginAnalysisQuerySchema, response: MarginAnalysisResponseSchema },
    (c, query) => marginAnalysis(db, c.tenantId, reportDays(query), query.limit),
  );
  get('/summary', { querystring: SummaryQuerySchema, response: SummaryReportResponseSchema }, (c, query) => {
    const days = reportDays(query);
    return summaryReport(db, c.tenantId, days, query.as_of_date ?? days.end);
  });
};
