import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountReceivableCreateSchema,
  AccountReceivableListQuerySchema,
  AccountReceivableListResponseSchema,
  AccountReceivableResponseSchema,
  AccountReceivableUpdateSchema,
  AckSchema,
  DateRangeQuerySchema,
  IdParams,
  MarkAsPaidSchema,
  ReceivableOverdueResponseSchema,
  ReceivableStatisticsResponseSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { scopedQuery } from '../http/day-scope';
import { sendIdempotent } from '../http/idempotency';
import {
  cancelReceivable,
  createReceivable,
  deleteReceivable,
  getReceivable,
  listReceivables,
  overdueReceivables,
  payReceivable,
  receivableStatistics,
  updateReceivable,
} from './receivables';

/**
 * /api/accounts-receivable (spec §7; mark-as-paid and cancel are PATCH). Cashiers read
 * (accounts_receivable.read) today's accounts only, by due date, whatever they ask
 * (scopedQuery); changes are admins' (accounts_receivable.write), each with an
 * Idempotency-Key so the outbox can replay them.
 */
export const receivableRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = { access: 'accounts_receivable.read' } as const;
  const write = { access: 'accounts_receivable.write' } as const;
  const ok = <T>(data: T) => ({ success: true as const, data });

  app.get(
    '/',
    {
      config: read,
      schema: {
        querystring: AccountReceivableListQuerySchema,
        response: { 200: AccountReceivableListResponseSchema },
      },
    },
    async (request) => {
      const { tenantId, query } = scopedQuery(request);
      return ok(await listReceivables(ctx.db, tenantId, query));
    },
  );

  app.get(
    '/statistics',
    {
      config: read,
      schema: { querystring: DateRangeQuerySchema, response: { 200: ReceivableStatisticsResponseSchema } },
    },
    async (request) => {
      const { tenantId, query } = scopedQuery(request);
      return ok(await receivableStatistics(ctx.db, tenantId, query));
    },
  );

  app.get(
    '/overdue',
    { config: read, schema: { querystring: DateRangeQuerySchema, response: { 200: ReceivableOverdueResponseSchema } } },
    async (request) => {
      const { tenantId, query } = scopedQuery(request);
      return { success: true as const, ...(await overdueReceivables(ctx.db, tenantId, query)) };
    },
  );

  app.get(
    '/:id',
    { config: read, schema: { params: IdParams, response: { 200: AccountReceivableResponseSchema } } },
    async (request) => ok(await getReceivable(ctx.db, authOf(request).tenantId, request.params.id)),
  );

  app.post(
    '/',
    {
      config: write,
      schema: { body: AccountReceivableCreateSchema, response: { 201: AccountReceivableResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 201, async (tx) =>
        ok(await createReceivable(ctx.db, tenantId, request.body, tx)),
      );
    },
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: {
        params: IdParams,
        body: AccountReceivableUpdateSchema,
        response: { 200: AccountReceivableResponseSchema },
      },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await updateReceivable(ctx.db, tenantId, request.params.id, request.body, tx)),
      );
    },
  );

  app.delete(
    '/:id',
    { config: write, schema: { params: IdParams, response: { 200: AckSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) => {
        await deleteReceivable(ctx.db, tenantId, request.params.id, tx);
        return { success: true as const, message: 'Conta a receber deletada com sucesso!' };
      });
    },
  );

  app.patch(
    '/:id/mark-as-paid',
    {
      config: write,
      schema: { params: IdParams, body: MarkAsPaidSchema, response: { 200: AccountReceivableResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await payReceivable(ctx.db, tenantId, request.params.id, request.body, tx)),
      );
    },
  );

  app.patch(
    '/:id/cancel',
    { config: write, schema: { params: IdParams, response: { 200: AccountReceivableResponseSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await cancelReceivable(ctx.db, tenantId, request.params.id, tx)),
      );
    },
  );
};
