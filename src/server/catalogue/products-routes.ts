import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParams,
  ProductCreateSchema,
  ProductListQuerySchema,
  ProductListResponseSchema,
  ProductResponseSchema,
  ProductUpdateSchema,
  StockMovementListQuerySchema,
  StockMovementListResponseSchema,
} from '../../shared/contract';
import { costPriceVisible } from '../core/store-settings';
import type { AuthContext, RouteOptions } from '../context';
import { readRoutes, registerRecordRoutes, type IdParam } from '../http/record-routes';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from './products';
import { listStockMovements } from './stock-movements';

/**
 * /api/products (spec §7): products.read / products.write. A cashier reads cost prices
 * only when the store lets cashiers see them (access/settings.ts). Every write takes an
 * Idempotency-Key.
 */
export const productRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = readRoutes(app, 'products.read');
  const { db } = ctx;
  const withCost = (caller: AuthContext) => costPriceVisible(db, caller);

  read('/', { querystring: ProductListQuerySchema, response: ProductListResponseSchema }, async (caller, query) =>
    listProducts(db, caller.tenantId, query, await withCost(caller)),
  );
  // 'Movimentação de Estoque': newest first, paged.
  read(
    '/:id/stock-movements',
    { params: IdParams, querystring: StockMovementListQuerySchema, response: StockMovementListResponseSchema },
    ({ tenantId }, query, { id }: IdParam) => listStockMovements(db, tenantId, id, query),
  );

  registerRecordRoutes(app, ctx, {
    read: 'products.read',
    write: 'products.write',
    one: ProductResponseSchema,
    get: async (db, tenantId, id, caller) => getProduct(db, tenantId, id, await withCost(caller)),
    create: { body: ProductCreateSchema, run: createProduct },
    update: { body: ProductUpdateSchema, run: updateProduct },
    remove: { run: deleteProduct, message: 'Produto removido com sucesso!' },
  });
};
