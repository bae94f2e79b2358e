import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParams,
  SaleConflictListQuerySchema,
  SaleConflictListResponseSchema,
  SaleConflictResponseSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { sendIdempotent } from '../http/idempotency';
import { listSaleConflicts, reviewSaleConflict } from './sale-conflicts';

/**
 * /api/sale-conflicts: the stock, price and clock conflicts of sales, for admins
 * (sales.conflicts; a cashier gets 403). Marking one reviewed takes an Idempotency-Key.
 */
export const saleConflictRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const access = { access: 'sales.conflicts' } as const;

  app.get(
    '/',
    {
      config: access,
      schema: { querystring: SaleConflictListQuerySchema, response: { 200: SaleConflictListResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await listSaleConflicts(ctx.db, authOf(request).tenantId, request.query),
    }),
  );

  app.post(
    '/:id/review',
    { config: access, schema: { params: IdParams, response: { 200: SaleConflictResponseSchema } } },
    async (request, reply) => {
      const { tenantId, userId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) => ({
        success: true as const,
        data: await reviewSaleConflict(ctx.db, tenantId, userId, request.params.id, tx),
      }));
    },
  );
};
