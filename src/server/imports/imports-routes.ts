import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ImportKindParamsSchema,
  ImportListQuerySchema,
  ImportListResponseSchema,
  ImportPreviewResponseSchema,
  ImportQuerySchema,
  ImportResponseSchema,
  type ImportKind,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { requestHashOf, runKeyed } from '../core/idempotency';
import { authOf } from '../http/access';
import { idempotencyKeyOf, sendAnswer } from '../http/idempotency';
import { ok, readRoutes } from '../http/record-routes';
import { confirmImport, previewImport, type ImportRequest } from './import-run';
import type { ImportSpec } from './import-spec';
import { listImports } from './imports';
import { customerImport } from './customer-import';
import { productImport } from './product-import';
import { receivableImport } from './receivable-import';
import { withUpload } from './upload';

/** Each kind of import the store can make, by its name in the URL. */
const SPECS: Record<ImportKind, ImportSpec<unknown, unknown>> = {
  products: productImport as ImportSpec<unknown, unknown>,
  customers: customerImport as ImportSpec<unknown, unknown>,
  receivables: receivableImport as ImportSpec<unknown, unknown>,
};

function specOf(kind: ImportKind): ImportSpec<unknown, unknown> {
  return SPECS[kind];
}

const contentLength = (header: string | undefined) => (header === undefined ? undefined : Number(header));

/**
 * /api/imports: spreadsheets in, admins only. The file is the raw request body
 * (application/octet-stream), saved to a temporary file as it arrives; the rest is in the
 * query string (contract/imports.ts). The preview writes nothing (no Idempotency-Key:
 * repeating it reads the file again); the confirm binds its key to the file's SHA-256 and
 * the query, and writes every valid row in the key's transaction, or nothing.
 */
export const importRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  // The file is streamed by the route, not parsed: any content type but JSON (parsed, and
  // so refused as no file, like every route's), text too.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  readRoutes(app, 'imports.read')(
    '/',
    { querystring: ImportListQuerySchema, response: ImportListResponseSchema },
    (c, query) => listImports(ctx.db, c.tenantId, query),
  );

  const requestOf = (auth: { tenantId: string; userId: string }, query: ReturnType<typeof ImportQuerySchema.parse>) =>
    ({
      tenantId: auth.tenantId,
      userId: auth.userId,
      fileName: query.file_name,
      mapping: query.mapping,
      stockMode: query.stock_mode,
    }) satisfies ImportRequest;

  app.post(
    '/:kind/preview',
    {
      config: {
        access: 'imports.write',
        withoutIdempotencyKey: 'a prévia não grava nada: repeti-la é ler a planilha de novo',
      },
      schema: {
        params: ImportKindParamsSchema,
        querystring: ImportQuerySchema,
        response: { 200: ImportPreviewResponseSchema },
      },
    },
    async (request) => {
      const spec = specOf(request.params.kind);
      const job = requestOf(authOf(request), request.query);
      return ok(
        await withUpload(request.raw, contentLength(request.headers['content-length']), (upload) =>
          previewImport(ctx.db, spec, job, upload),
        ),
      );
    },
  );

  app.post(
    '/:kind',
    {
      config: { access: 'imports.write' },
      schema: {
        params: ImportKindParamsSchema,
        querystring: ImportQuerySchema,
        response: { 201: ImportResponseSchema },
      },
    },
    async (request, reply) => {
      const spec = specOf(request.params.kind);
      const auth = authOf(request);
      const job = requestOf(auth, request.query);
      const key = idempotencyKeyOf(request);
      return withUpload(request.raw, contentLength(request.headers['content-length']), async (upload) => {
        const requestHash = requestHashOf({
          method: request.method,
          path: request.url.split('?')[0] ?? request.url,
          body: { file: upload.sha256, query: request.query },
        });
        const answer = await runKeyed(ctx.db, auth.tenantId, { key, requestHash }, 201, async (tx) =>
          ok(await confirmImport(tx, spec, job, upload)),
        );
        return sendAnswer(reply, 201, answer);
      });
    },
  );
};
