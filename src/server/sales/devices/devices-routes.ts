import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeviceListResponseSchema,
  DeviceRegisterSchema,
  DeviceResponseSchema,
  DeviceUpdateSchema,
  IdParams,
} from '../../../shared/contract';
import type { RouteOptions } from '../../context';
import { ok, readRoutes, writeRoute } from '../../http/record-routes';
import { getDevice, listDevices, renameDevice } from './devices';
import { registerDevice } from './sale-numbers';

/**
 * /api/devices: the tills, the codes their sale numbers start with and their names. A till
 * that sells (sales.create) asks for its code on its first contact (the same id always gets
 * the same code) and reads its own name; whoever reads sales sees the list (the history's
 * device filter, Caixas); only admins (company.write) name a till.
 */
export const deviceRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = readRoutes(app, 'sales.read');
  read('/', { response: DeviceListResponseSchema }, async ({ tenantId }) => ({
    devices: await listDevices(ctx.db, tenantId),
  }));
  read('/:id', { params: IdParams, response: DeviceResponseSchema }, ({ tenantId }, _query, { id }) =>
    getDevice(ctx.db, tenantId, id),
  );
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/',
    access: 'sales.create',
    body: DeviceRegisterSchema,
    response: DeviceResponseSchema,
    run: async (tx, { tenantId }, body) => ok(await registerDevice(ctx.db, tenantId, body, tx)),
  });
  writeRoute(app, ctx, {
    method: 'PUT',
    url: '/:id',
    access: 'company.write',
    params: IdParams,
    body: DeviceUpdateSchema,
    response: DeviceResponseSchema,
    run: async (tx, { tenantId }, body, { id }) => ok(await renameDevice(ctx.db, tenantId, id, body, tx)),
  });
};
