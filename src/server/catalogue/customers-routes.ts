import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CustomerCreateSchema,
  CustomerListQuerySchema,
  CustomerListResponseSchema,
  CustomerResponseSchema,
  CustomerUpdateSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { ok, registerRecordRoutes } from '../http/record-routes';
import { createCustomer, deleteCustomer, getCustomer, listCustomers, updateCustomer } from './customers';

/**
 * /api/customers (spec §7): customers.read / customers.write. Every write takes an
 * Idempotency-Key: a customer created offline with its own id is replayed safely.
 */
export const customerRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = 'customers.read';
  const write = 'customers.write';

  app.get(
    '/',
    {
      config: { access: read },
      schema: { querystring: CustomerListQuerySchema, response: { 200: CustomerListResponseSchema } },
    },
    async (request) => ok(await listCustomers(ctx.db, authOf(request).tenantId, request.query)),
  );

  registerRecordRoutes(app, ctx, {
    read,
    write,
    one: CustomerResponseSchema,
    get: getCustomer,
    create: { body: CustomerCreateSchema, run: createCustomer },
    update: { body: CustomerUpdateSchema, run: updateCustomer },
    remove: { run: deleteCustomer, message: 'Cliente removido com sucesso!' },
  });
};
