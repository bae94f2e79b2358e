import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NfePreviewRequestSchema,
  NfePreviewResponseSchema,
  StockEntryCreateSchema,
  StockEntryListQuerySchema,
  StockEntryListResponseSchema,
  StockEntryResultResponseSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { sendIdempotent } from '../http/idempotency';
import { previewNfe } from './nfe-preview';
import { createStockEntry, listStockEntries } from './stock-entries';

/** A 5 MB XML inside JSON: escaped quotes and line breaks may grow it. */
const NFE_BODY_LIMIT_BYTES = 12 * 1024 * 1024;

/**
 * /api/stock-entries: goods in from a supplier's NF-e, admins only. The preview writes
 * nothing (no Idempotency-Key: repeating it reads the note again); the confirm takes one,
 * so a confirm repeated after a dropped answer enters the note once.
 */
export const stockEntryRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const ok = <T>(data: T) => ({ success: true as const, data });

  app.get(
    '/',
    {
      config: { access: 'stock_entries.read' },
      schema: { querystring: StockEntryListQuerySchema, response: { 200: StockEntryListResponseSchema } },
    },
    async (request) => ok(await listStockEntries(ctx.db, authOf(request).tenantId, request.query)),
  );

  app.post(
    '/nfe/preview',
    {
      bodyLimit: NFE_BODY_LIMIT_BYTES,
      config: {
        access: 'stock_entries.write',
        withoutIdempotencyKey: 'a prévia não grava nada: repeti-la é ler a nota de novo',
      },
      schema: { body: NfePreviewRequestSchema, response: { 200: NfePreviewResponseSchema } },
    },
    async (request) => ok(await previewNfe(ctx.db, authOf(request).tenantId, request.body)),
  );

  app.post(
    '/',
    {
      bodyLimit: NFE_BODY_LIMIT_BYTES,
      config: { access: 'stock_entries.write' },
      schema: { body: StockEntryCreateSchema, response: { 201: StockEntryResultResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId, userId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 201, async (tx) =>
        ok(await createStockEntry(ctx.db, { tenantId, userId }, request.body, tx)),
      );
    },
  );
};
