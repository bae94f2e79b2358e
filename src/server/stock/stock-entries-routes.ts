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
import { ok, readRoutes, writeRoute } from '../http/record-routes';
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
  const access = 'stock_entries.write';
  readRoutes(app, 'stock_entries.read')(
    '/',
    { querystring: StockEntryListQuerySchema, response: StockEntryListResponseSchema },
    (c, query) => listStockEntries(ctx.db, c.tenantId, query),
  );

  app.post(
    '/nfe/preview',
    {
      bodyLimit: NFE_BODY_LIMIT_BYTES,
      config: { access, withoutIdempotencyKey: 'a prévia não grava nada: repeti-la é ler a nota de novo' },
      schema: { body: NfePreviewRequestSchema, response: { 200: NfePreviewResponseSchema } },
    },
    async (request) => ok(await previewNfe(ctx.db, authOf(request).tenantId, request.body)),
  );

  writeRoute(app, ctx, {
    method: 'POST',
    url: '/',
    access,
    bodyLimit: NFE_BODY_LIMIT_BYTES,
    body: StockEntryCreateSchema,
    response: StockEntryResultResponseSchema,
    status: 201,
    run: async (tx, { tenantId, userId }, body) => ok(await createStockEntry(ctx.db, { tenantId, userId }, body, tx)),
  });
};
