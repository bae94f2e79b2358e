import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AckSchema,
  IdParams,
  CustomerCreateSchema,
  CustomerListQuerySchema,
  CustomerListResponseSchema,
  CustomerResponseSchema,
  CustomerUpdateSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { sendIdempotent } from '../http/idempotency';
import { createCustomer, deleteCustomer, getCustomer, listCustomers, updateCustomer } from './customers';

/**
 * /api/customers (spec §7): customers.read / customers.write. Every write takes an
 * Idempotency-Key: a customer created offline with its own id is replayed safely.
 */
export const customerRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = { access: 'customers.read' } as const;
  const write = { access: 'customers.write' } as const;

  app.get(
    '/',
    { config: read, schema: { querystring: CustomerListQuerySchema, response: { 200: CustomerListResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await listCustomers(ctx.db, authOf(request).tenantId, request.query),
    }),
  );

  app.get(
    '/:id',
    { config: read, schema: { params: IdParams, response: { 200: CustomerResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await getCustomer(ctx.db, authOf(request).tenantId, request.params.id),
    }),
  );

  app.post(
    '/',
    { config: write, schema: { body: CustomerCreateSchema, response: { 201: CustomerResponseSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 201, async (tx) => ({
        success: true as const,
        data: await createCustomer(ctx.db, tenantId, request.body, tx),
      }));
    },
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: { params: IdParams, body: CustomerUpdateSchema, response: { 200: CustomerResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) => ({
        success: true as const,
        data: await updateCustomer(ctx.db, tenantId, request.params.id, request.body, tx),
      }));
    },
  );

  app.delete(
    '/:id',
    { config: write, schema: { params: IdParams, response: { 200: AckSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) => {
        await deleteCustomer(ctx.db, tenantId, request.params.id, tx);
        return { success: true as const, message: 'Cliente removido com sucesso!' };
      });
    },
  );
};
