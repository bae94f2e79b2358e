import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../context';

/** GET /health: the process answers and the database runs `select 1`. */
export const healthRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  app.get('/health', async (request, reply) => {
    const database = ctx.database.driver;
    try {
      await ctx.database.ping();
      return reply.header('cache-control', 'no-store').send({ status: 'ok', database });
    } catch (err) {
      request.log.error({ err }, 'health: banco de dados indisponível');
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'error', database });
    }
  });
};
