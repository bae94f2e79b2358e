import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AckSchema,
  CashFlowChartQuerySchema,
  CashFlowChartResponseSchema,
  CashFlowEntryCreateSchema,
  CashFlowEntryResponseSchema,
  CashFlowEntryUpdateSchema,
  CashFlowListQuerySchema,
  CashFlowListResponseSchema,
  CashFlowRangeQuerySchema,
  CashFlowStatisticsResponseSchema,
  IdParams,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { scopedQuery } from '../http/day-scope';
import { sendIdempotent } from '../http/idempotency';
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
  const read = { access: 'cash_flow.read' } as const;
  const write = { access: 'cash_flow.write' } as const;
  const ok = <T>(data: T) => ({ success: true as const, data });

  app.get(
    '/',
    { config: read, schema: { querystring: CashFlowListQuerySchema, response: { 200: CashFlowListResponseSchema } } },
    async (request) => {
      const { tenantId, query } = scopedQuery(request);
      return ok(await listCashEntries(ctx.db, tenantId, query));
    },
  );

  app.get(
    '/statistics',
    {
      config: read,
      schema: { querystring: CashFlowRangeQuerySchema, response: { 200: CashFlowStatisticsResponseSchema } },
    },
    async (request) => {
      const { tenantId, query } = scopedQuery(request);
      return ok(await cashSummary(ctx.db, tenantId, query));
    },
  );

  app.get(
    '/chart',
    { config: read, schema: { querystring: CashFlowChartQuerySchema, response: { 200: CashFlowChartResponseSchema } } },
    async (request) => {
      const { tenantId, query } = scopedQuery(request);
      return ok(await cashChart(ctx.db, tenantId, query));
    },
  );

  app.get(
    '/:id',
    { config: read, schema: { params: IdParams, response: { 200: CashFlowEntryResponseSchema } } },
    async (request) => ok(await getCashEntry(ctx.db, authOf(request).tenantId, request.params.id)),
  );

  app.post(
    '/',
    { config: write, schema: { body: CashFlowEntryCreateSchema, response: { 201: CashFlowEntryResponseSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 201, async (tx) =>
        ok(await createCashEntry(ctx.db, tenantId, request.body, tx)),
      );
    },
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: { params: IdParams, body: CashFlowEntryUpdateSchema, response: { 200: CashFlowEntryResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await updateCashEntry(ctx.db, tenantId, request.params.id, request.body, tx)),
      );
    },
  );

  app.delete(
    '/:id',
    { config: write, schema: { params: IdParams, response: { 200: AckSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) => {
        await deleteCashEntry(ctx.db, tenantId, request.params.id, tx);
        return { success: true as const, message: 'Lançamento excluído com sucesso!' };
      });
    },
  );
};
