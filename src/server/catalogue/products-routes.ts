import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AckSchema,
  IdParams,
  ProductCreateSchema,
  ProductListQuerySchema,
  ProductListResponseSchema,
  ProductResponseSchema,
  ProductUpdateSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from './products';

/** /api/products (spec §7): products.read / products.write. */
export const productRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = { access: 'products.read' } as const;
  const write = { access: 'products.write' } as const;

  app.get(
    '/',
    { config: read, schema: { querystring: ProductListQuerySchema, response: { 200: ProductListResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await listProducts(ctx.db, authOf(request).tenantId, request.query),
    }),
  );

  app.get(
    '/:id',
    { config: read, schema: { params: IdParams, response: { 200: ProductResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await getProduct(ctx.db, authOf(request).tenantId, request.params.id),
    }),
  );

  app.post(
    '/',
    { config: write, schema: { body: ProductCreateSchema, response: { 201: ProductResponseSchema } } },
    async (request, reply) => {
      const data = await createProduct(ctx.db, authOf(request).tenantId, request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: { params: IdParams, body: ProductUpdateSchema, response: { 200: ProductResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await updateProduct(ctx.db, authOf(request).tenantId, request.params.id, request.body),
    }),
  );

  app.delete('/:id', { config: write, schema: { params: IdParams, response: { 200: AckSchema } } }, async (request) => {
    await deleteProduct(ctx.db, authOf(request).tenantId, request.params.id);
    return { success: true as const, message: 'Produto removido com sucesso!' };
  });
};
