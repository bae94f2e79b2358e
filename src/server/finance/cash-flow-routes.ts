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
import { readRoutes, registerRecordRoutes } from '../http/record-routes';
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
 * range they ask (readRoutes' dayScoped); manual entries are admins' (cash_flow.write), each change
 * with an Idempotency-Key so the outbox can replay it.
 */
export const cashFlowRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = 'cash_flow.read';
  const write = 'cash_flow.write';

  const get = readRoutes(app, read, { dayScoped: true });
  const { db } = ctx;

  get(
    '/statistics',
    { querystring: CashFlowRangeQuerySchema, response: CashFlowStatisticsResponseSchema },
    ({ tenantId }, query) => cashSummary(db, tenantId, query),
  );
  get(
    '/chart',
    { querystring: CashFlowChartQuerySchema, response: CashFlowChartResponseSchema },
    ({ tenantId }, query) => cashChart(db, tenantId, query),
  );

  registerRecordRoutes(app, ctx, {
    read,
    write,
    one: CashFlowEntryResponseSchema,
    list: { query: CashFlowListQuerySchema, response: CashFlowListResponseSchema, run: listCashEntries },
    dayScoped: true,
    get: getCashEntry,
    create: { body: CashFlowEntryCreateSchema, run: createCashEntry },
    update: { body: CashFlowEntryUpdateSchema, run: updateCashEntry },
    remove: { run: deleteCashEntry, message: 'Lançamento excluído com sucesso!' },
  });
};
