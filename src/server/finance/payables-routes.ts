import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountPayableCreateSchema,
  AccountPayableListQuerySchema,
  AccountPayableListResponseSchema,
  AccountPayableResponseSchema,
  AccountPayableUpdateSchema,
  MarkAsPaidSchema,
  PayableOverdueResponseSchema,
  PayableStatisticsResponseSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { ok, registerRecordAction, registerRecordRoutes } from '../http/record-routes';
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
  const read = 'accounts_payable.read';
  const write = 'accounts_payable.write';
  const one = AccountPayableResponseSchema;

  app.get(
    '/',
    {
      config: { access: read },
      schema: { querystring: AccountPayableListQuerySchema, response: { 200: AccountPayableListResponseSchema } },
    },
    async (request) => ok(await listPayables(ctx.db, authOf(request).tenantId, request.query)),
  );

  app.get(
    '/statistics',
    { config: { access: read }, schema: { response: { 200: PayableStatisticsResponseSchema } } },
    async (request) => ok(await payableStatistics(ctx.db, authOf(request).tenantId)),
  );

  app.get(
    '/overdue',
    { config: { access: read }, schema: { response: { 200: PayableOverdueResponseSchema } } },
    async (request) => ({ success: true as const, ...(await overduePayables(ctx.db, authOf(request).tenantId)) }),
  );

  registerRecordRoutes(app, ctx, {
    read,
    write,
    one,
    get: getPayable,
    create: { body: AccountPayableCreateSchema, run: createPayable },
    update: { body: AccountPayableUpdateSchema, run: updatePayable },
    remove: { run: deletePayable, message: 'Conta a pagar deletada com sucesso!' },
  });
  registerRecordAction(app, ctx, {
    method: 'POST',
    url: '/:id/mark-as-paid',
    access: write,
    one,
    body: MarkAsPaidSchema,
    run: payPayable,
  });
  registerRecordAction(app, ctx, { method: 'POST', url: '/:id/cancel', access: write, one, run: cancelPayable });
};
