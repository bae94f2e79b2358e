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
import { ok, readRoutes, writeRoute, type IdParam } from '../http/record-routes';
import { getStockCount, listStockCountLines, listStockCounts } from './stock-count-reads';
import { cancelStockCount, confirmStockCount, openStockCount, setCounted } from './stock-counts';

/** /api/stock-counts: Inventário, admins only. Every write honours Idempotency-Key. */
export const stockCountRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const access = 'stock_counts.write';
  const read = readRoutes(app, 'stock_counts.read');

  read('/', { querystring: StockCountListQuerySchema, response: StockCountListResponseSchema }, (c, query) =>
    listStockCounts(db, c.tenantId, query),
  );
  read('/:id', { params: IdParams, response: StockCountResponseSchema }, (c, _q, p: IdParam) =>
    getStockCount(db, c.tenantId, p.id),
  );
  read(
    '/:id/lines',
    { params: IdParams, querystring: StockCountLinesQuerySchema, response: StockCountLinesResponseSchema },
    (c, query, p: IdParam) => listStockCountLines(db, c.tenantId, p.id, query),
  );

  writeRoute(app, ctx, {
    method: 'POST',
    url: '/',
    access,
    body: StockCountCreateSchema,
    response: StockCountResponseSchema,
    status: 201,
    run: async (tx, caller, body) => ok(await openStockCount(db, caller, body, tx)),
  });
  writeRoute(app, ctx, {
    method: 'PUT',
    url: '/:id/lines/:productId',
    access,
    params: StockCountLineParams,
    body: StockCountLineUpdateSchema,
    response: StockCountLineResponseSchema,
    run: async (tx, caller, body, { id, productId }) => ok(await setCounted(db, caller, id, productId, body, tx)),
  });
  for (const [url, action] of [
    ['/:id/confirm', confirmStockCount],
    ['/:id/cancel', cancelStockCount],
  ] as const) {
    writeRoute(app, ctx, {
      method: 'POST',
      url,
      access,
      params: IdParams,
      response: StockCountResponseSchema,
      run: async (tx, caller, _body, { id }: IdParam) => ok(await action(db, caller, id, tx)),
    });
  }
};
