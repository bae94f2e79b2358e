import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeviceListResponseSchema,
  DeviceRegisterSchema,
  DeviceResponseSchema,
  successBody,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { sendIdempotent } from '../http/idempotency';
import { listDevices, registerDevice } from './sale-numbers';

/**
 * /api/devices: the tills and the codes their sale numbers start with. A till that sells
 * (sales.create) asks for its code on its first contact (the same id always gets the same
 * code); whoever reads sales sees the list (the history's device filter).
 */
export const deviceRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  app.get(
    '/',
    { config: { access: 'sales.read' }, schema: { response: { 200: DeviceListResponseSchema } } },
    async (request) => successBody({ devices: await listDevices(ctx.db, authOf(request).tenantId) }),
  );

  app.post(
    '/',
    {
      config: { access: 'sales.create' },
      schema: { body: DeviceRegisterSchema, response: { 200: DeviceResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        successBody(await registerDevice(ctx.db, tenantId, request.body, tx)),
      );
    },
  );
};
