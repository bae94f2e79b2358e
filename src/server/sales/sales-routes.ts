import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParams,
  ItemIdParams,
  SaleBatchResponseSchema,
  SaleCancelSchema,
  SaleDetailResponseSchema,
  SaleBatchSchema,
  SaleCreateResponseSchema,
  SaleCreateSchema,
  successBody,
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
import type { Outcome } from '../core/idempotency';
import type { AppError } from '../errors';
import { authOf } from '../http/access';
import { scopedQuery } from '../http/day-scope';
import { errorBodyOf } from '../http/errors';
import { idempotencyKeyOf, sendAnswer, sendIdempotent } from '../http/idempotency';
import { validationError } from '../validation';
import { createSales, saleCall, type SaleCall } from './sale-create';
import { addSaleItem, removeSaleItem, updateSaleItem } from './sale-items';
import { getSaleDetail, listSales } from './sale-history';
import { saleStats } from './sale-queries';
import { cancelSale, updateSale } from './sale-update';

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
  const ok = successBody;

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
      const { tenantId, userId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 201, async (tx) =>
        ok(await addSaleItem(ctx.db, tenantId, request.body, tx, userId)),
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
      const { tenantId, userId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await updateSaleItem(ctx.db, tenantId, request.params.itemId, request.body, tx, userId)),
      );
    },
  );

  app.delete(
    '/:saleId/items/:itemId',
    { config: update, schema: { params: SaleItemParams, response: { 200: SaleResponseSchema } } },
    async (request, reply) => {
      const { tenantId, userId } = authOf(request);
      const { saleId, itemId } = request.params;
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await removeSaleItem(ctx.db, tenantId, saleId, itemId, tx, userId)),
      );
    },
  );

  app.get(
    '/:id',
    { config: read, schema: { params: IdParams, response: { 200: SaleDetailResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await getSaleDetail(ctx.db, authOf(request).tenantId, request.params.id),
    }),
  );

  app.post(
    '/',
    { config: create, schema: { body: SaleCreateSchema, response: { 201: SaleCreateResponseSchema } } },
    async (request, reply) => {
      const { tenantId, userId, role } = authOf(request);
      const call = saleCall(request.body, idempotencyKeyOf(request));
      const [outcome] = await createSales(ctx.db, tenantId, userId, [call], { role, tokens: ctx.tokens });
      if (outcome!.kind === 'refused') throw outcome!.error;
      return sendAnswer(reply, 201, outcome!.kind === 'done' ? { kind: 'done', data: ok(outcome!.data) } : outcome!);
    },
  );

  // The outbox's queued sales in one request: one answer per sale, each exactly what
  // POST /api/sales with that Idempotency-Key answers (JSON edge form: reais).
  app.post(
    '/batch',
    { config: create, schema: { body: SaleBatchSchema, response: { 200: SaleBatchResponseSchema } } },
    async (request) => {
      const { tenantId, userId, role } = authOf(request);
      const sent = request.body.sales;
      // Each sale is validated alone: a bad one is answered alone, the others go on.
      const parsed = sent.map(({ key, body }) => {
        const result = SaleCreateSchema.safeParse(body);
        return result.success ? saleCall(result.data, key) : validationError(result.error.issues);
      });
      const calls = parsed.filter((p): p is SaleCall => !(p instanceof Error));
      const created = await createSales(ctx.db, tenantId, userId, calls, {
        role,
        tokens: ctx.tokens,
        log: (err) => request.log.error({ err }, 'lote de vendas: venda reenviada sozinha'),
      });
      let next = 0;
      const results = parsed.map((p, i) => {
        const outcome: Outcome<unknown> = p instanceof Error ? { kind: 'refused', error: p } : created[next++]!;
        return { key: sent[i]!.key, ...batchAnswer(outcome) };
      });
      return { success: true as const, data: { results } };
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
    {
      config: cancel,
      schema: { params: IdParams, body: SaleCancelSchema, response: { 200: SaleResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId, userId } = authOf(request);
      const reason = request.body?.reason ?? null;
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await cancelSale(ctx.db, tenantId, request.params.id, tx, userId, reason)),
      );
    },
  );
};

/** A sale's answer inside the batch: what POST /api/sales would have sent, at the JSON edge. */
function batchAnswer(outcome: Outcome<unknown>): { status: number; body: unknown } {
  const encode = (body: unknown) => z.encode(SaleCreateResponseSchema, body as never);
  switch (outcome.kind) {
    case 'done':
      return { status: 201, body: encode(successBody(outcome.data)) };
    case 'replayed':
      return { status: outcome.statusCode, body: outcome.statusCode < 300 ? encode(outcome.body) : outcome.body };
    case 'refused':
      return { status: (outcome.error as AppError).statusCode, body: errorBodyOf(outcome.error) };
  }
}
