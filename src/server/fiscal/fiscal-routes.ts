import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CertificateInfoResponseSchema,
  CertificateUploadSchema,
  CONTINGENCY_XML_MAX,
  ContingencyNoteResponseSchema,
  ContingencyNoteUploadSchema,
  FiscalSettingsResponseSchema,
  FiscalSettingsUpdateSchema,
  IBPT_FILE_MAX_BYTES,
  IbptImportResponseSchema,
  IbptTableResponseSchema,
  IbptUploadSchema,
  FiscalTillResponseSchema,
  IdParams,
  TillKeyListResponseSchema,
  TillKeyRegisterSchema,
  TillKeyResponseSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { ok, readRoutes, writeRoute } from '../http/record-routes';
import { openUploadedCertificate, saveCertificate } from './certificate-store';
import { getFiscalSettings, updateFiscalSettings } from './fiscal-settings';
import { ibptTableInfo, openIbptFile, replaceIbptTable } from './ibpt-table';
import { getFiscalTill } from './fiscal-till';
import { checkContingencyNote, intakeRefusedByKey, keepContingencyNote } from './contingency-notes';
import { receiptOf } from './note-receipt';
import { checkTillKey, listTillKeys, registerTillKey, revokeTillKey } from './till-keys';

/**
 * /api/fiscal: the store's NFC-e setup, admins only (fiscal.settings); a cashier gets 403
 * on every route, reads included, since the answer names the certificate and the CSC's
 * presence. The certificate is sent as JSON (the .pfx in base64, a few KB, and its
 * password), opened before the write's transaction; the key's request hash covers the
 * password and the CSC only sealed (TokenService.seal), and the stored answer never holds
 * either. GET /till/{device id} is every signed-in user's: what that till needs to emit
 * (fiscal-till.ts), without any secret. /till-keys: which tills hold the store's signing key
 * for the offline contingency (till-keys.ts): a till registers the certificate it holds the
 * key of (checked before the key is looked up: a refusal is not stored), an admin removes it.
 * POST /contingency-notes is every signed-in user's (the till's cashier sends it): an NFC-e
 * the till signed in offline contingency, kept with its bytes for the queue
 * (contingency-notes.ts); a note refused by the till's key is kept 'rejeitada' before the
 * key's transaction and answered 400.
 */
export const fiscalRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const access = 'fiscal.settings';
  const sealed =
    (...secrets: string[]) =>
    (body: unknown) => {
      const copy = { ...(body as Record<string, unknown>) };
      for (const name of secrets)
        if (typeof copy[name] === 'string') copy[name] = ctx.tokens.seal(copy[name] as string);
      return copy;
    };

  readRoutes(app, access)('/settings', { response: FiscalSettingsResponseSchema }, ({ tenantId }) =>
    getFiscalSettings(ctx.db, ctx.fiscalBox, tenantId, undefined, ctx.fiscalTechResponsible),
  );
  readRoutes(app, 'authenticated')(
    '/till/:id',
    { params: IdParams, response: FiscalTillResponseSchema },
    ({ tenantId }, _query, { id }) =>
      getFiscalTill(
        ctx.db,
        tenantId,
        id,
        ctx.emission.sales.taxRates,
        async (t, tenant) => (await ctx.emission.emitters.get(t, tenant)).csc,
        ctx.fiscalTechResponsible,
      ),
  );
  writeRoute(app, ctx, {
    method: 'PUT',
    url: '/settings',
    access,
    body: FiscalSettingsUpdateSchema,
    response: FiscalSettingsResponseSchema,
    hashed: sealed('csc'),
    run: async (tx, { tenantId }, body) =>
      ok(await updateFiscalSettings(ctx.db, ctx.fiscalBox, tenantId, body, tx, ctx.fiscalTechResponsible)),
  });
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/certificate',
    access,
    body: CertificateUploadSchema,
    response: CertificateInfoResponseSchema,
    prepare: ({ pfx_base64, password }, { tenantId }) =>
      openUploadedCertificate(ctx.db, tenantId, Buffer.from(pfx_base64, 'base64'), password),
    hashed: sealed('password'),
    run: async (tx, { tenantId }, a1) => ok(await saveCertificate(ctx.db, ctx.fiscalBox, tenantId, a1, tx)),
  });
  // The IBPT table: the CSV in base64 (a state's is ~2 MB), read and checked before the key
  // is looked up (a bad file is refused and not stored), then the store's table replaced.
  readRoutes(app, access)('/ibpt', { response: IbptTableResponseSchema }, ({ tenantId }) =>
    ibptTableInfo(ctx.db, tenantId),
  );
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/ibpt',
    access,
    body: IbptUploadSchema,
    response: IbptImportResponseSchema,
    bodyLimit: Math.ceil(IBPT_FILE_MAX_BYTES / 3) * 4 + 4_096,
    prepare: ({ file_base64, file_name }, { tenantId }) =>
      openIbptFile(ctx.db, tenantId, Buffer.from(file_base64, 'base64'), file_name),
    run: async (tx, { tenantId }, file) => ok(await replaceIbptTable(tx, tenantId, file)),
  });
  readRoutes(app, access)('/till-keys', { response: TillKeyListResponseSchema }, ({ tenantId }) =>
    listTillKeys(ctx.db, tenantId),
  );
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/till-keys',
    access,
    body: TillKeyRegisterSchema,
    response: TillKeyResponseSchema,
    status: 201,
    prepare: (body, { tenantId }) => checkTillKey(ctx.db, tenantId, body),
    run: async (tx, { tenantId, userId }, checked) => ok(await registerTillKey(ctx.db, tenantId, userId, checked, tx)),
  });
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/till-keys/:id/revoke',
    access,
    params: IdParams,
    response: TillKeyResponseSchema,
    run: async (tx, { tenantId, userId }, _body, { id }: { id: string }) =>
      ok(await revokeTillKey(ctx.db, tenantId, id, userId, tx)),
  });
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/contingency-notes',
    access: 'authenticated',
    body: ContingencyNoteUploadSchema,
    response: ContingencyNoteResponseSchema,
    status: 201,
    bodyLimit: CONTINGENCY_XML_MAX * 2 + 64_000,
    prepare: async (body, { tenantId }) => {
      const checked = await checkContingencyNote(ctx.db, tenantId, body);
      await intakeRefusedByKey(ctx.db, tenantId, checked);
      return checked;
    },
    run: async (tx, { tenantId }, checked) => {
      const row = await keepContingencyNote(ctx.db, tenantId, checked, tx);
      // The worker finds it on its next look (pollMs): the row is committed after this returns.
      return ok(receiptOf(row));
    },
  });
};
