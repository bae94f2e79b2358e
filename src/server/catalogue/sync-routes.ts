import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SyncPullQuerySchema, SyncPullResponseSchema } from '../../shared/contract';
import { costPriceVisible } from '../core/store-settings';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { pullChangesJson } from './sync';

/**
 * /api/sync: the offline mirror's delta pull (both roles read products and customers; a
 * cashier's products without cost prices when the store hides them from cashiers).
 * The service answers the body as JSON text built by the database (see sync.ts):
 * a string sent as JSON skips the response schema's serializer (hence `as never`: the
 * schema types the object form), which stays declared as the contract the tests check
 * the body against.
 */
export const syncRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  app.get(
    '/pull',
    {
      config: { access: 'products.read' },
      schema: { querystring: SyncPullQuerySchema, response: { 200: SyncPullResponseSchema } },
    },
    async (request, reply) => {
      const caller = authOf(request);
      const withCost = await costPriceVisible(ctx.db, caller);
      const body = await pullChangesJson(ctx.db, caller.tenantId, request.query, withCost);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
};
