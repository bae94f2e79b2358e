import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountReceivableCreateSchema,
  AccountReceivableListQuerySchema,
  AccountReceivableListResponseSchema,
  AccountReceivableResponseSchema,
  AccountReceivableUpdateSchema,
  DateRangeQuerySchema,
  IdParams,
  InstallmentReceiptResponseSchema,
  MarkAsPaidSchema,
  ReceiveInstallmentSchema,
  ReceivableOverdueResponseSchema,
  ReceivableStatisticsResponseSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { sendIdempotent } from '../http/idempotency';
import { receiveInstallment } from './receivable-receipts';
import { scopedQuery } from '../http/day-scope';
import { ok, registerRecordAction, registerRecordRoutes } from '../http/record-routes';
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
  const read = 'accounts_receivable.read';
  const write = 'accounts_receivable.write';
  const one = AccountReceivableResponseSchema;

  app.get(
    '/',
    {
      config: { access: read },
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
      config: { access: read },
      schema: { querystring: DateRangeQuerySchema, response: { 200: ReceivableStatisticsResponseSchema } },
    },
    async (request) => {
      const { tenantId, query } = scopedQuery(request);
      return ok(await receivableStatistics(ctx.db, tenantId, query));
    },
  );

  app.get(
    '/overdue',
    {
      config: { access: read },
      schema: { querystring: DateRangeQuerySchema, response: { 200: ReceivableOverdueResponseSchema } },
    },
    async (request) => {
      const { tenantId, query } = scopedQuery(request);
      return { success: true as const, ...(await overdueReceivables(ctx.db, tenantId, query)) };
    },
  );

  registerRecordRoutes(app, ctx, {
    read,
    write,
    one,
    get: getReceivable,
    create: { body: AccountReceivableCreateSchema, run: createReceivable },
    update: { body: AccountReceivableUpdateSchema, run: updateReceivable },
    remove: { run: deleteReceivable, message: 'Conta a receber deletada com sucesso!' },
  });
  registerRecordAction(app, ctx, {
    method: 'PATCH',
    url: '/:id/mark-as-paid',
    access: write,
    one,
    body: MarkAsPaidSchema,
    run: payReceivable,
  });
  registerRecordAction(app, ctx, {
    method: 'PATCH',
    url: '/:id/cancel',
    access: write,
    one,
    run: cancelReceivable,
  });
  // Receiving an instalment at the counter (method, partial amount, late charges): admins,
  // and cashiers when the store allows it (the service checks the setting).
  app.post(
    '/:id/receive',
    {
      config: { access: read },
      schema: {
        params: IdParams,
        body: ReceiveInstallmentSchema,
        response: { 200: InstallmentReceiptResponseSchema },
      },
    },
    async (request, reply) => {
      const { tenantId, role } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await receiveInstallment(ctx.db, { tenantId, role }, request.params.id, request.body, tx)),
      );
    },
  );
};
