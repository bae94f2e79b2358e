import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StoreSettingsResponseSchema, StoreSettingsUpdateSchema } from '../../shared/contract';
import type { RouteOptions } from '../context';
import { ok, readRoutes, writeRoute } from '../http/record-routes';
import { getStoreSettings } from '../core/store-settings';
import { updateStoreSettings } from './settings';

/**
 * /api/settings: the store's settings. Everyone signed in reads them (the till follows
 * some); only admins change them (company.write), with an Idempotency-Key.
 */
export const settingsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  readRoutes(app, 'authenticated')('/', { response: StoreSettingsResponseSchema }, ({ tenantId }) =>
    getStoreSettings(ctx.db, tenantId),
  );
  writeRoute(app, ctx, {
    method: 'PUT',
    url: '/',
    access: 'company.write',
    body: StoreSettingsUpdateSchema,
    response: StoreSettingsResponseSchema,
    run: async (tx, { tenantId }, body) => ok(await updateStoreSettings(ctx.db, tenantId, body, tx)),
  });
};
