import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParams,
  StockCountCreateSchema,
  StockCountLineParams,
  StockCountLineResponseSchema,
  StockCountLineUpdateSchema,
  StockCountLinesQuerySchema,
  StockCountLinesResponseSchema,
  StockCountListQuerySchema,
  StockCountListResponseSchema,
  StockCountResponseSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { sendIdempotent } from '../http/idempotency';
import { getStockCount, listStockCountLines, listStockCounts } from './stock-count-reads';
import { cancelStockCount, confirmStockCount, openStockCount, setCounted } from './stock-counts';

/** /api/stock-counts: Inventário, admins only. Every write honours Idempotency-Key. */
export const stockCountRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const ok = <T>(data: T) => ({ success: true as const, data });
  const read = { access: 'stock_counts.read' as const };
  const write = { access: 'stock_counts.write' as const };

  app.get(
    '/',
    {
      config: read,
      schema: { querystring: StockCountListQuerySchema, response: { 200: StockCountListResponseSchema } },
    },
    async (request) => ok(await listStockCounts(ctx.db, authOf(request).tenantId, request.query)),
  );

  app.post(
    '/',
    { config: write, schema: { body: StockCountCreateSchema, response: { 201: StockCountResponseSchema } } },
    async (request, reply) =>
      sendIdempotent(ctx, request, reply, 201, async (tx) =>
        ok(await openStockCount(ctx.db, authOf(request), request.body, tx)),
      ),
  );

  app.get(
    '/:id',
    { config: read, schema: { params: IdParams, response: { 200: StockCountResponseSchema } } },
    async (request) => ok(await getStockCount(ctx.db, authOf(request).tenantId, request.params.id)),
  );

  app.get(
    '/:id/lines',
    {
      config: read,
      schema: {
        params: IdParams,
        querystring: StockCountLinesQuerySchema,
        response: { 200: StockCountLinesResponseSchema },
      },
    },
    async (request) =>
      ok(await listStockCountLines(ctx.db, authOf(request).tenantId, request.params.id, request.query)),
  );

  app.put(
    '/:id/lines/:productId',
    {
      config: write,
      schema: {
        params: StockCountLineParams,
        body: StockCountLineUpdateSchema,
        response: { 200: StockCountLineResponseSchema },
      },
    },
    async (request, reply) => {
      const { id, productId } = request.params;
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await setCounted(ctx.db, authOf(request), id, productId, request.body, tx)),
      );
    },
  );

  app.post(
    '/:id/confirm',
    { config: write, schema: { params: IdParams, response: { 200: StockCountResponseSchema } } },
    async (request, reply) =>
      sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await confirmStockCount(ctx.db, authOf(request), request.params.id, tx)),
      ),
  );

  app.post(
    '/:id/cancel',
    { config: write, schema: { params: IdParams, response: { 200: StockCountResponseSchema } } },
    async (request, reply) =>
      sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await cancelStockCount(ctx.db, authOf(request), request.params.id, tx)),
      ),
  );
};
