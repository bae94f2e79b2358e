import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountPayableCreateSchema,
  AccountPayableListQuerySchema,
  AccountPayableListResponseSchema,
  AccountPayableResponseSchema,
  AccountPayableUpdateSchema,
  AckSchema,
  IdParams,
  MarkAsPaidSchema,
  PayableOverdueResponseSchema,
  PayableStatisticsResponseSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { sendIdempotent } from '../http/idempotency';
import {
  cancelPayable,
  createPayable,
  deletePayable,
  getPayable,
  listPayables,
  overduePayables,
  payableStatistics,
  payPayable,
  updatePayable,
} from './payables';

/**
 * /api/accounts-payable (spec §7; mark-as-paid and cancel are POST): admins only
 * (accounts_payable.read / .write). Every change takes an Idempotency-Key, so the outbox
 * can replay a payment made offline without paying twice.
 */
export const payableRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = { access: 'accounts_payable.read' } as const;
  const write = { access: 'accounts_payable.write' } as const;
  const ok = <T>(data: T) => ({ success: true as const, data });

  app.get(
    '/',
    {
      config: read,
      schema: { querystring: AccountPayableListQuerySchema, response: { 200: AccountPayableListResponseSchema } },
    },
    async (request) => ok(await listPayables(ctx.db, authOf(request).tenantId, request.query)),
  );

  app.get(
    '/statistics',
    { config: read, schema: { response: { 200: PayableStatisticsResponseSchema } } },
    async (request) => ok(await payableStatistics(ctx.db, authOf(request).tenantId)),
  );

  app.get(
    '/overdue',
    { config: read, schema: { response: { 200: PayableOverdueResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await overduePayables(ctx.db, authOf(request).tenantId)),
    }),
  );

  app.get(
    '/:id',
    { config: read, schema: { params: IdParams, response: { 200: AccountPayableResponseSchema } } },
    async (request) => ok(await getPayable(ctx.db, authOf(request).tenantId, request.params.id)),
  );

  app.post(
    '/',
    { config: write, schema: { body: AccountPayableCreateSchema, response: { 201: AccountPayableResponseSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 201, async (tx) =>
        ok(await createPayable(ctx.db, tenantId, request.body, tx)),
      );
    },
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: { params: IdParams, body: AccountPayableUpdateSchema, response: { 200: AccountPayableResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await updatePayable(ctx.db, tenantId, request.params.id, request.body, tx)),
      );
    },
  );

  app.delete(
    '/:id',
    { config: write, schema: { params: IdParams, response: { 200: AckSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) => {
        await deletePayable(ctx.db, tenantId, request.params.id, tx);
        return { success: true as const, message: 'Conta a pagar deletada com sucesso!' };
      });
    },
  );

  app.post(
    '/:id/mark-as-paid',
    {
      config: write,
      schema: { params: IdParams, body: MarkAsPaidSchema, response: { 200: AccountPayableResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await payPayable(ctx.db, tenantId, request.params.id, request.body, tx)),
      );
    },
  );

  app.post(
    '/:id/cancel',
    { config: write, schema: { params: IdParams, response: { 200: AccountPayableResponseSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await cancelPayable(ctx.db, tenantId, request.params.id, tx)),
      );
    },
  );
};
