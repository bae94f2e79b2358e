import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StoreSettingsResponseSchema, StoreSettingsUpdateSchema } from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { sendIdempotent } from '../http/idempotency';
import { getStoreSettings, updateStoreSettings } from './settings';

/**
 * /api/settings: the store's settings. Everyone signed in reads them (the till follows
 * some); only admins change them (company.write), with an Idempotency-Key.
 */
export const settingsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  app.get(
    '/',
    { config: { access: 'authenticated' }, schema: { response: { 200: StoreSettingsResponseSchema } } },
    async (request) => ({ success: true as const, data: await getStoreSettings(ctx.db, authOf(request).tenantId) }),
  );

  app.put(
    '/',
    {
      config: { access: 'company.write' },
      schema: { body: StoreSettingsUpdateSchema, response: { 200: StoreSettingsResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) => ({
        success: true as const,
        data: await updateStoreSettings(ctx.db, tenantId, request.body, tx),
      }));
    },
  );
};
