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
  SaleLookupQuerySchema,
  SaleResponseSchema,
  SaleStatsQuerySchema,
  SaleStatsResponseSchema,
  SaleUpdateSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import type { Outcome } from '../core/idempotency';
import { salesWritten } from '../core/maintenance';
import type { AppError } from '../errors';
import { authOf } from '../http/access';
import { errorBodyOf } from '../http/errors';
import { idempotencyKeyOf, sendAnswer } from '../http/idempotency';
import { ok, readRoutes, writeRoute, type IdParam } from '../http/record-routes';
import { validationError } from '../validation';
import { createSales, saleCall, type SaleCall } from './create/sale-create';
import { addSaleItem, removeSaleItem, updateSaleItem } from './changes/sale-items';
import { getSaleDetail, listSales, saleByNumber } from './history/sale-history';
import { saleStats } from './records/sale-queries';
import { cancelSale, updateSale } from './changes/sale-update';
import { deliverNotes } from './sale-notes';
import { cancelNoteOfSale } from '../fiscal/notes/notes-cancel';

/**
 * /api/sales (spec §7). Cashiers: sales.read and sales.create; update, cancel and line
 * edits are admin's. Every write takes an Idempotency-Key. The static paths (/stats,
 * /lookup, /items) win over /:id in Fastify's router whatever the registration order.
 */
export const saleRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const update = 'sales.update';
  const read = readRoutes(app, 'sales.read');
  const readToday = readRoutes(app, 'sales.read', { dayScoped: true });

  readToday('/', { querystring: SaleListQuerySchema, response: SaleListResponseSchema }, (c, query) =>
    listSales(db, c.tenantId, query),
  );
  readToday('/stats', { querystring: SaleStatsQuerySchema, response: SaleStatsResponseSchema }, (c, query) =>
    saleStats(db, c.tenantId, query),
  );
  // One sale by its exact number (typed, or read from the receipt's barcode): a cashier's
  // within the troca period, as GET /:id (sale-reach.ts).
  read('/lookup', { querystring: SaleLookupQuerySchema, response: SaleDetailResponseSchema }, (c, query) =>
    saleByNumber(db, c.tenantId, query.number, c.role),
  );
  read('/:id', { params: IdParams, response: SaleDetailResponseSchema }, (c, _q, p: IdParam) =>
    getSaleDetail(db, c.tenantId, p.id, c.role),
  );

  writeRoute(app, ctx, {
    method: 'POST',
    url: '/items',
    access: update,
    body: SaleItemAddSchema,
    response: SaleResponseSchema,
    status: 201,
    run: async (tx, { tenantId, userId }, body) => ok(await addSaleItem(db, tenantId, body, tx, userId)),
  });
  writeRoute(app, ctx, {
    method: 'PUT',
    url: '/items/:itemId',
    access: update,
    params: ItemIdParams,
    body: SaleItemUpdateSchema,
    response: SaleResponseSchema,
    run: async (tx, { tenantId, userId }, body, { itemId }) =>
      ok(await updateSaleItem(db, tenantId, itemId, body, tx, userId)),
  });
  writeRoute(app, ctx, {
    method: 'DELETE',
    url: '/:saleId/items/:itemId',
    access: update,
    params: SaleItemParams,
    response: SaleResponseSchema,
    run: async (tx, { tenantId, userId }, _body, { saleId, itemId }) =>
      ok(await removeSaleItem(db, tenantId, saleId, itemId, tx, userId)),
  });
  writeRoute(app, ctx, {
    method: 'PUT',
    url: '/:id',
    access: update,
    params: IdParams,
    body: SaleUpdateSchema,
    response: SaleResponseSchema,
    run: async (tx, { tenantId }, body, { id }: IdParam) => ok(await updateSale(db, tenantId, id, body, tx)),
  });
  writeRoute(app, ctx, {
    method: 'PUT',
    url: '/:id/cancel',
    access: 'sales.cancel',
    params: IdParams,
    body: SaleCancelSchema,
    response: SaleResponseSchema,
    run: async (tx, { tenantId, userId }, body, { id }: IdParam) => {
      const sale = await cancelSale(db, tenantId, id, tx, userId, body.reason ?? null);
      // Its NFC-e is cancelled too within the window; otherwise the answer says why it stands.
      const notice = await cancelNoteOfSale(ctx, tx, tenantId, {
        id,
        number: sale.number,
        reason: sale.cancel_reason ?? null,
      });
      return ok(notice ? { ...sale, fiscal_note_notice: notice } : sale);
    },
  });

  const create = { access: 'sales.create' } as const;
  app.post(
    '/',
    { config: create, schema: { body: SaleCreateSchema, response: { 201: SaleCreateResponseSchema } } },
    async (request, reply) => {
      const { tenantId, userId, role } = authOf(request);
      const call = saleCall(request.body, idempotencyKeyOf(request));
      const created = await createSales(db, tenantId, userId, [call], {
        role,
        tokens: ctx.tokens,
        fiscal: ctx.emission.sales,
        sendNotes: true,
      });
      const [outcome] = await deliverNotes(ctx.emission, tenantId, [call], created, true);
      if (outcome!.kind === 'done') await salesWritten(ctx.database, 1);
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
      const run = await createSales(db, tenantId, userId, calls, {
        role,
        tokens: ctx.tokens,
        fiscal: ctx.emission.sales,
        log: (err) => request.log.error({ err }, 'lote de vendas: venda reenviada sozinha'),
      });
      // The outbox's sales do not wait for SEFAZ: their notes go to the queue.
      const created = await deliverNotes(ctx.emission, tenantId, calls, run, false);
      await salesWritten(ctx.database, created.filter((o) => o.kind === 'done').length);
      let next = 0;
      const results = parsed.map((p, i) => {
        const outcome: Outcome<unknown> = p instanceof Error ? { kind: 'refused', error: p } : created[next++]!;
        return { key: sent[i]!.key, ...batchAnswer(outcome) };
      });
      return ok({ results });
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
