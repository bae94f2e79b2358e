import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountPayableCreateSchema,
  AccountPayableListQuerySchema,
  AccountPayableListResponseSchema,
  AccountPayableResponseSchema,
  AccountPayableUpdateSchema,
  PayableOverdueResponseSchema,
  PayableStatisticsResponseSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { registerAccountActions } from './account-routes';
import { readRoutes, registerRecordRoutes, spread } from '../http/record-routes';
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

  const get = readRoutes(app, read);
  const { db } = ctx;

  get('/statistics', { response: PayableStatisticsResponseSchema }, ({ tenantId }) => payableStatistics(db, tenantId));
  get('/overdue', { response: PayableOverdueResponseSchema }, ({ tenantId }) => overduePayables(db, tenantId), spread);

  registerRecordRoutes(app, ctx, {
    read,
    write,
    one,
    list: { query: AccountPayableListQuerySchema, response: AccountPayableListResponseSchema, run: listPayables },
    get: getPayable,
    create: { body: AccountPayableCreateSchema, run: createPayable },
    update: { body: AccountPayableUpdateSchema, run: updatePayable },
    remove: { run: deletePayable, message: 'Conta a pagar deletada com sucesso!' },
  });
  registerAccountActions(app, ctx, { method: 'POST', access: write, one, pay: payPayable, cancel: cancelPayable });
};
