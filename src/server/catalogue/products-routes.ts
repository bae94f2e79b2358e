import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AckSchema,
  IdParams,
  ProductCreateSchema,
  ProductListQuerySchema,
  ProductListResponseSchema,
  ProductResponseSchema,
  ProductUpdateSchema,
  StockMovementListQuerySchema,
  StockMovementListResponseSchema,
} from '../../shared/contract';
import { costPriceVisible } from '../access/settings';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { sendIdempotent } from '../http/idempotency';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from './products';
import { listStockMovements } from './stock-movements';

/**
 * /api/products (spec §7): products.read / products.write. A cashier reads cost prices
 * only when the store lets cashiers see them (access/settings.ts). Every write takes an
 * Idempotency-Key.
 */
export const productRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = { access: 'products.read' } as const;
  const write = { access: 'products.write' } as const;

  app.get(
    '/',
    { config: read, schema: { querystring: ProductListQuerySchema, response: { 200: ProductListResponseSchema } } },
    async (request) => {
      const caller = authOf(request);
      const withCost = await costPriceVisible(ctx.db, caller);
      return { success: true as const, data: await listProducts(ctx.db, caller.tenantId, request.query, withCost) };
    },
  );

  app.get(
    '/:id',
    { config: read, schema: { params: IdParams, response: { 200: ProductResponseSchema } } },
    async (request) => {
      const caller = authOf(request);
      const withCost = await costPriceVisible(ctx.db, caller);
      return { success: true as const, data: await getProduct(ctx.db, caller.tenantId, request.params.id, withCost) };
    },
  );

  // 'Movimentação de Estoque': newest first, paged.
  app.get(
    '/:id/stock-movements',
    {
      config: read,
      schema: {
        params: IdParams,
        querystring: StockMovementListQuerySchema,
        response: { 200: StockMovementListResponseSchema },
      },
    },
    async (request) => {
      const { tenantId } = authOf(request);
      return {
        success: true as const,
        data: await listStockMovements(ctx.db, tenantId, request.params.id, request.query),
      };
    },
  );

  app.post(
    '/',
    { config: write, schema: { body: ProductCreateSchema, response: { 201: ProductResponseSchema } } },
    async (request, reply) => {
      const { tenantId, userId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 201, async (tx) => ({
        success: true as const,
        data: await createProduct(ctx.db, tenantId, request.body, tx, userId),
      }));
    },
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: { params: IdParams, body: ProductUpdateSchema, response: { 200: ProductResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId, userId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) => ({
        success: true as const,
        data: await updateProduct(ctx.db, tenantId, request.params.id, request.body, tx, userId),
      }));
    },
  );

  app.delete(
    '/:id',
    { config: write, schema: { params: IdParams, response: { 200: AckSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) => {
        await deleteProduct(ctx.db, tenantId, request.params.id, tx);
        return { success: true as const, message: 'Produto removido com sucesso!' };
      });
    },
  );
};
