import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeviceListResponseSchema, DeviceRegisterSchema, DeviceResponseSchema } from '../../shared/contract';
import type { RouteOptions } from '../context';
import { ok, readRoutes, writeRoute } from '../http/record-routes';
import { listDevices, registerDevice } from './sale-numbers';

/**
 * /api/devices: the tills and the codes their sale numbers start with. A till that sells
 * (sales.create) asks for its code on its first contact (the same id always gets the same
 * code); whoever reads sales sees the list (the history's device filter).
 */
export const deviceRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  readRoutes(app, 'sales.read')('/', { response: DeviceListResponseSchema }, async ({ tenantId }) => ({
    devices: await listDevices(ctx.db, tenantId),
  }));
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/',
    access: 'sales.create',
    body: DeviceRegisterSchema,
    response: DeviceResponseSchema,
    run: async (tx, { tenantId }, body) => ok(await registerDevice(ctx.db, tenantId, body, tx)),
  });
};
