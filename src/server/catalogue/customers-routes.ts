import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CustomerCreateSchema,
  CustomerListQuerySchema,
  CustomerListResponseSchema,
  CustomerResponseSchema,
  CustomerUpdateSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { registerRecordRoutes } from '../http/record-routes';
import { createCustomer, deleteCustomer, getCustomer, listCustomers, updateCustomer } from './customers';

/**
 * /api/customers (spec §7): customers.read / customers.write. Every write takes an
 * Idempotency-Key: a customer created offline with its own id is replayed safely.
 */
export const customerRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  registerRecordRoutes(app, ctx, {
    read: 'customers.read',
    write: 'customers.write',
    one: CustomerResponseSchema,
    list: { query: CustomerListQuerySchema, response: CustomerListResponseSchema, run: listCustomers },
    get: getCustomer,
    create: { body: CustomerCreateSchema, run: createCustomer },
    update: { body: CustomerUpdateSchema, run: updateCustomer },
    remove: { run: deleteCustomer, message: 'Cliente removido com sucesso!' },
  });
};
