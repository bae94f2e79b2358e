import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParams,
  SaleConflictListQuerySchema,
  SaleConflictListResponseSchema,
  SaleConflictResponseSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { ok, readRoutes, writeRoute, type IdParam } from '../http/record-routes';
import { listSaleConflicts, reviewSaleConflict } from './sale-conflicts';

/**
 * /api/sale-conflicts: the stock, price and clock conflicts of sales, for admins
 * (sales.conflicts; a cashier gets 403). Marking one reviewed takes an Idempotency-Key.
 */
export const saleConflictRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const access = 'sales.conflicts';

  readRoutes(app, access)(
    '/',
    { querystring: SaleConflictListQuerySchema, response: SaleConflictListResponseSchema },
    ({ tenantId }, query) => listSaleConflicts(ctx.db, tenantId, query),
  );
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/:id/review',
    access,
    params: IdParams,
    response: SaleConflictResponseSchema,
    run: async (tx, { tenantId, userId }, _body, { id }: IdParam) =>
      ok(await reviewSaleConflict(ctx.db, tenantId, userId, id, tx)),
  });
};
