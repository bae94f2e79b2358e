import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../shared/contract';
import {
  FiscalNoteCancelSchema,
  FiscalNoteDetailResponseSchema,
  FiscalNoteListQuerySchema,
  FiscalNoteListResponseSchema,
  FiscalNoteResendResponseSchema,
  InutilizationCreateSchema,
  InutilizationResponseSchema,
  NumberGapsResponseSchema,
} from '../../../shared/contract/fiscal-notes';
import type { RouteOptions } from '../../context';
import { authOf } from '../../http/access';
import { ok, readRoutes, writeRoute, type IdParam } from '../../http/record-routes';
import { cancelNote } from './notes-cancel';
import { exportFileName, ExportQuerySchema, writeMonthExport } from './notes-export';
import { inutilizeNumbers } from './notes-inutilize';
import { numberGaps } from './notes-numbering';
import { listNotes, noteDetail } from './notes-read';
import { resendNote } from './notes-resend';

/**
 * 'Notas Fiscais' (admins: fiscal.settings, the permission of the store's fiscal setup; a
 * cashier gets 403 on every route): the notes, a note's detail with its XML, cancel and
 * resend, the skipped numbers and their inutilização, and the month's package for the
 * accountant. Cancel and inutilização speak to SEFAZ inside the action's transaction.
 */
export const fiscalNoteRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const access = 'fiscal.settings';
  const read = readRoutes(app, access);

  read('/notes', { querystring: FiscalNoteListQuerySchema, response: FiscalNoteListResponseSchema }, (c, query) =>
    listNotes(ctx.db, c.tenantId, query),
  );
  app.get(
    '/notes/export',
    { config: { access }, schema: { querystring: ExportQuerySchema } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      const { month } = request.query;
      const out = new PassThrough();
      writeMonthExport(ctx.db, tenantId, month, out).catch((error: unknown) => {
        request.log.error({ err: error }, 'notas: pacote do mês interrompido');
        out.destroy(error as Error);
      });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${exportFileName(month)}"`)
        .header('cache-control', 'no-store')
        .send(out);
    },
  );
  read('/notes/:id', { params: IdParams, response: FiscalNoteDetailResponseSchema }, (c, _q, p: IdParam) =>
    noteDetail(ctx.db, c.tenantId, p.id),
  );
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/notes/:id/cancel',
    access,
    params: IdParams,
    body: FiscalNoteCancelSchema,
    response: FiscalNoteDetailResponseSchema,
    run: async (tx, { tenantId }, body, { id }: IdParam) =>
      ok(await cancelNote(ctx, tx, tenantId, id, body.justification)),
  });
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/notes/:id/resend',
    access,
    params: IdParams,
    response: FiscalNoteResendResponseSchema,
    run: async (tx, { tenantId }, _body, { id }: IdParam) => ok(await resendNote(ctx, tx, tenantId, id)),
  });
  read('/gaps', { response: NumberGapsResponseSchema }, (c) => numberGaps(ctx.db, c.tenantId));
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/inutilizations',
    access,
    body: InutilizationCreateSchema,
    response: InutilizationResponseSchema,
    status: 201,
    run: async (tx, { tenantId }, body) => ok(await inutilizeNumbers(ctx, tx, tenantId, body)),
  });
};
