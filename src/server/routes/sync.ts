import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SyncPullQuerySchema, SyncPullResponseSchema } from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { pullChanges } from '../services/sync';

/** /api/sync: the offline mirror's delta pull (both roles read products and customers). */
export const syncRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  app.get(
    '/pull',
    {
      config: { access: 'products.read' },
      schema: { querystring: SyncPullQuerySchema, response: { 200: SyncPullResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await pullChanges(ctx.db, authOf(request).tenantId, request.query),
    }),
  );
};
