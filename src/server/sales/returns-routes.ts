import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParams,
  ReturnCreateSchema,
  SaleReturnResponseSchema,
  SaleReturnsResponseSchema,
  StoreCreditResponseSchema,
  successBody,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { sendIdempotent } from '../http/idempotency';
import { createReturn, saleReturnsOf } from './sale-returns';
import { getStoreCredit } from './store-credit';

/**
 * /api/sales/:id/returns (Trocas e Devoluções): whoever sells may return, a cashier up to
 * the store's limit (sale-returns.ts). The key is bound to the body with the delivery flag
 * as the outbox sends it: a direct sending whose answer was lost and its outbox replay are
 * one return.
 */
export const returnRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  app.get(
    '/:id/returns',
    { config: { access: 'sales.read' }, schema: { params: IdParams, response: { 200: SaleReturnsResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await saleReturnsOf(ctx.db, authOf(request).tenantId, request.params.id),
    }),
  );

  app.post(
    '/:id/returns',
    {
      config: { access: 'sales.create' },
      schema: { params: IdParams, body: ReturnCreateSchema, response: { 201: SaleReturnResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId, userId, role } = authOf(request);
      return sendIdempotent(
        ctx,
        request,
        reply,
        201,
        async (tx) =>
          successBody(
            await createReturn(
              ctx.db,
              tenantId,
              request.params.id,
              request.body,
              { userId, role, tokens: ctx.tokens },
              tx,
            ),
          ),
        (body) => ({ ...(body as object), offline: true }),
      );
    },
  );
};

/** GET /api/customers/:id/store-credit: the vale-troca balance and its ledger. */
export const storeCreditRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  app.get(
    '/:id/store-credit',
    {
      config: { access: 'customers.read' },
      schema: { params: IdParams, response: { 200: StoreCreditResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await getStoreCredit(ctx.db, authOf(request).tenantId, request.params.id),
    }),
  );
};
