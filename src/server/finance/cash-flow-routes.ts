import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CashFlowChartQuerySchema,
  CashFlowChartResponseSchema,
  CashFlowEntryCreateSchema,
  CashFlowEntryResponseSchema,
  CashFlowEntryUpdateSchema,
  CashFlowListQuerySchema,
  CashFlowListResponseSchema,
  CashFlowRangeQuerySchema,
  CashFlowStatisticsResponseSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { scopedQuery } from '../http/day-scope';
import { ok, registerRecordRoutes } from '../http/record-routes';
import {
  cashChart,
  cashSummary,
  createCashEntry,
  deleteCashEntry,
  getCashEntry,
  listCashEntries,
  updateCashEntry,
} from './cash-flow';

/**
 * /api/cash-flow (spec §7): cashiers read (cash_flow.read) today's entries only, whatever
 * range they ask (scopedQuery); manual entries are admins' (cash_flow.write), each change
 * with an Idempotency-Key so the outbox can replay it.
 */
export const cashFlowRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = 'cash_flow.read';
  const write = 'cash_flow.write';

  app.get(
    '/',
    {
      config: { access: read },
      schema: { querystring: CashFlowListQuerySchema, response: { 200: CashFlowListResponseSchema } },
    },
    async (request) => {
      const { tenantId, query } = scopedQuery(request);
      return ok(await listCashEntries(ctx.db, tenantId, query));
    },
  );

  app.get(
    '/statistics',
    {
      config: { access: read },
      schema: { querystring: CashFlowRangeQuerySchema, response: { 200: CashFlowStatisticsResponseSchema } },
    },
    async (request) => {
      const { tenantId, query } = scopedQuery(request);
      return ok(await cashSummary(ctx.db, tenantId, query));
    },
  );

  app.get(
    '/chart',
    {
      config: { access: read },
      schema: { querystring: CashFlowChartQuerySchema, response: { 200: CashFlowChartResponseSchema } },
    },
    async (request) => {
      const { tenantId, query } = scopedQuery(request);
      return ok(await cashChart(ctx.db, tenantId, query));
    },
  );

  registerRecordRoutes(app, ctx, {
    read,
    write,
    one: CashFlowEntryResponseSchema,
    get: getCashEntry,
    create: { body: CashFlowEntryCreateSchema, run: createCashEntry },
    update: { body: CashFlowEntryUpdateSchema, run: updateCashEntry },
    remove: { run: deleteCashEntry, message: 'Lançamento excluído com sucesso!' },
  });
};
