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
  ReceiveInstallmentSchema,
  ReceivableOverdueResponseSchema,
  ReceivableStatisticsResponseSchema,
} from '../../shared/contract';
import { isDayScoped } from '../../shared/permissions';
import { getStoreSettings } from '../core/store-settings';
import type { RouteOptions } from '../context';
import { dayScoped } from '../http/day-scope';
import { registerAccountActions } from './account-routes';
import { receiveInstallment } from './receivable-receipts';
import { ok, readRoutes, registerRecordRoutes, spread, writeRoute, type IdParam } from '../http/record-routes';
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
 * (readRoutes' dayScoped), unless they search for a customer in a store that lets them
 * receive instalments; changes are admins' (accounts_receivable.write), each with an
 * Idempotency-Key so the outbox can replay them.
 */
export const receivableRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = 'accounts_receivable.read';
  const write = 'accounts_receivable.write';
  const one = AccountReceivableResponseSchema;

  const get = readRoutes(app, read, { dayScoped: true });
  const { db } = ctx;
  const range = DateRangeQuerySchema;

  get('/statistics', { querystring: range, response: ReceivableStatisticsResponseSchema }, ({ tenantId }, query) =>
    receivableStatistics(db, tenantId, query),
  );
  get(
    '/overdue',
    { querystring: range, response: ReceivableOverdueResponseSchema },
    ({ tenantId }, query) => overdueReceivables(db, tenantId, query),
    spread,
  );

  // The list: a cashier's is today's, except a search for a customer when the store lets
  // cashiers receive instalments (the customer at the counter owes from other days).
  readRoutes(app, read)(
    '/',
    { querystring: AccountReceivableListQuerySchema, response: AccountReceivableListResponseSchema },
    async ({ tenantId, role }, query) => {
      const searching = Boolean(query.search?.trim());
      const receiving =
        searching && isDayScoped(role) && (await getStoreSettings(db, tenantId)).cashiers_receive_installments;
      return listReceivables(
        db,
        tenantId,
        receiving ? { ...query, start_date: undefined, end_date: undefined } : dayScoped(role, query),
      );
    },
  );
  registerRecordRoutes(app, ctx, {
    read,
    write,
    one,
    dayScoped: true,
    get: getReceivable,
    create: { body: AccountReceivableCreateSchema, run: createReceivable },
    update: { body: AccountReceivableUpdateSchema, run: updateReceivable },
    remove: { run: deleteReceivable, message: 'Conta a receber deletada com sucesso!' },
  });
  registerAccountActions(app, ctx, {
    method: 'PATCH',
    access: write,
    one,
    pay: payReceivable,
    cancel: cancelReceivable,
  });
  // Receiving an instalment at the counter (method, partial amount, late charges): admins,
  // and cashiers when the store allows it (the service checks the setting).
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/:id/receive',
    access: read,
    params: IdParams,
    body: ReceiveInstallmentSchema,
    response: InstallmentReceiptResponseSchema,
    run: async (tx, { tenantId, userId, role }, body, { id }: IdParam) =>
      ok(await receiveInstallment(db, { tenantId, userId, role }, id, body, tx)),
  });
};
