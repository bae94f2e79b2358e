import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParams,
  ItemIdParams,
  SaleBatchResponseSchema,
  SaleBatchSchema,
  SaleCreateResponseSchema,
  SaleCreateSchema,
  SaleItemAddSchema,
  SaleItemParams,
  SaleItemUpdateSchema,
  SaleListQuerySchema,
  SaleListResponseSchema,
  SaleResponseSchema,
  SaleStatsQuerySchema,
  SaleStatsResponseSchema,
  SaleUpdateSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { scopedQuery } from '../http/day-scope';
import { sendIdempotent, sendIdempotentFolded } from '../http/idempotency';
import { addSaleItem, removeSaleItem, updateSaleItem } from './sale-items';
import { prepareSaleFolded } from './sale-create';
import { cancelSale, updateSale } from './sales';
import { saleHashBody } from './sale-checks';
import { createSalesBatch } from './sales-batch';
import { getSale, listSales, saleStats } from './sales-read';

/**
 * /api/sales (spec §7). Cashiers: sales.read and sales.create; update, cancel and line
 * edits are admin's. Every write takes an Idempotency-Key. The static paths (/stats,
 * /items) win over /:id in Fastify's router whatever the registration order.
 */
export const saleRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = { access: 'sales.read' } as const;
  const create = { access: 'sales.create' } as const;
  const update = { access: 'sales.update' } as const;
  const cancel = { access: 'sales.cancel' } as const;
  const ok = (data: unknown) => ({ success: true as const, data });

  app.get(
    '/',
    { config: read, schema: { querystring: SaleListQuerySchema, response: { 200: SaleListResponseSchema } } },
    async (request) => {
      const { tenantId, query } = scopedQuery(request);
      return { success: true as const, data: await listSales(ctx.db, tenantId, query) };
    },
  );

  app.get(
    '/stats',
    { config: read, schema: { querystring: SaleStatsQuerySchema, response: { 200: SaleStatsResponseSchema } } },
    async (request) => {
      const { tenantId, query } = scopedQuery(request);
      return { success: true as const, data: await saleStats(ctx.db, tenantId, query) };
    },
  );

  app.post(
    '/items',
    { config: update, schema: { body: SaleItemAddSchema, response: { 201: SaleResponseSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 201, async (tx) =>
        ok(await addSaleItem(ctx.db, tenantId, request.body, tx)),
      );
    },
  );

  app.put(
    '/items/:itemId',
    {
      config: update,
      schema: { params: ItemIdParams, body: SaleItemUpdateSchema, response: { 200: SaleResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await updateSaleItem(ctx.db, tenantId, request.params.itemId, request.body, tx)),
      );
    },
  );

  app.delete(
    '/:saleId/items/:itemId',
    { config: update, schema: { params: SaleItemParams, response: { 200: SaleResponseSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      const { saleId, itemId } = request.params;
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await removeSaleItem(ctx.db, tenantId, saleId, itemId, tx)),
      );
    },
  );

  app.get(
    '/:id',
    { config: read, schema: { params: IdParams, response: { 200: SaleResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await getSale(ctx.db, authOf(request).tenantId, request.params.id),
    }),
  );

  app.post(
    '/',
    { config: create, schema: { body: SaleCreateSchema, response: { 201: SaleCreateResponseSchema } } },
    async (request, reply) => {
      const { tenantId, userId } = authOf(request);
      // The key's answer is read with the sale's own reads, and a new answer written with
      // the sale: no statement of its own (core/idempotency.ts runIdempotentFolded).
      return sendIdempotentFolded(
        ctx,
        request,
        reply,
        201,
        prepareSaleFolded(tenantId, userId, request.body, ok),
        saleHashBody,
      );
    },
  );

  // The outbox's queued sales in one request: one answer per sale, each exactly what
  // POST /api/sales with that Idempotency-Key answers (JSON edge form: reais).
  app.post(
    '/batch',
    { config: create, schema: { body: SaleBatchSchema, response: { 200: SaleBatchResponseSchema } } },
    async (request) => {
      const { tenantId, userId } = authOf(request);
      const answers = await createSalesBatch(ctx.db, tenantId, userId, request.body.sales, (err) =>
        request.log.error({ err }, 'lote de vendas: venda reenviada sozinha'),
      );
      return {
        success: true as const,
        data: {
          results: answers.map((a) => ({
            key: a.key,
            status: a.statusCode,
            body: a.statusCode < 300 ? z.encode(SaleCreateResponseSchema, a.body as never) : a.body,
          })),
        },
      };
    },
  );

  app.put(
    '/:id',
    { config: update, schema: { params: IdParams, body: SaleUpdateSchema, response: { 200: SaleResponseSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await updateSale(ctx.db, tenantId, request.params.id, request.body, tx)),
      );
    },
  );

  app.put(
    '/:id/cancel',
    { config: cancel, schema: { params: IdParams, response: { 200: SaleResponseSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await cancelSale(ctx.db, tenantId, request.params.id, tx)),
      );
    },
  );
};
