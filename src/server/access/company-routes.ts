import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompanyListResponseSchema,
  CompanyResponseSchema,
  CompanyUpdateSchema,
  IdParams,
  ReceiptHeaderResponseSchema,
  type CompanyUpdate,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { sendIdempotent } from '../http/idempotency';
import { forbidden, notFound } from '../errors';
import { COMPANY_NOT_FOUND, getCompany, updateCompany } from './company';

/**
 * /api/company (spec §7): the caller's own store only (company.read / company.write), and
 * the part of it receipts print (everyone signed in).
 * Stores are created and removed by the operator (npm run tenant), never by the app.
 * Edits take an Idempotency-Key.
 */
export const companyRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = { access: 'company.read' } as const;
  const write = { access: 'company.write' } as const;
  const refused = {
    ...write,
    withoutIdempotencyKey: 'Sempre recusada (403): lojas são criadas e removidas pelo operador; nada é gravado.',
  } as const;
  const update = (request: FastifyRequest, reply: FastifyReply, tenantId: string, input: CompanyUpdate) =>
    sendIdempotent(ctx, request, reply, 200, async (tx) => ({
      success: true as const,
      data: await updateCompany(tx, tenantId, input),
    }));

  /** Another store's id answers 404, like every other resource. */
  const ownId = (tenantId: string, id: string) => {
    if (id !== tenantId) throw notFound(COMPANY_NOT_FOUND);
  };

  app.get('/me', { config: read, schema: { response: { 200: CompanyResponseSchema } } }, async (request) => ({
    success: true as const,
    data: await getCompany(ctx.db, authOf(request).tenantId),
  }));

  // The store as receipts print it: everyone signed in (the till prints receipts offline
  // from the copy it keeps).
  app.get(
    '/receipt-header',
    { config: { access: 'authenticated' }, schema: { response: { 200: ReceiptHeaderResponseSchema } } },
    async (request) => {
      const { name, cnpj, phone, address } = await getCompany(ctx.db, authOf(request).tenantId);
      return { success: true as const, data: { name, cnpj, phone, address } };
    },
  );

  app.put(
    '/me',
    { config: write, schema: { body: CompanyUpdateSchema, response: { 200: CompanyResponseSchema } } },
    async (request, reply) => update(request, reply, authOf(request).tenantId, request.body),
  );

  app.get('/', { config: read, schema: { response: { 200: CompanyListResponseSchema } } }, async (request) => ({
    success: true as const,
    data: [await getCompany(ctx.db, authOf(request).tenantId)],
  }));

  app.post('/', { config: refused }, async () => {
    throw forbidden('Novas empresas são criadas pelo operador do sistema (npm run tenant -- create).');
  });

  app.get(
    '/:id',
    { config: read, schema: { params: IdParams, response: { 200: CompanyResponseSchema } } },
    async (request) => {
      const { tenantId } = authOf(request);
      ownId(tenantId, request.params.id);
      return { success: true as const, data: await getCompany(ctx.db, tenantId) };
    },
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: { params: IdParams, body: CompanyUpdateSchema, response: { 200: CompanyResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      ownId(tenantId, request.params.id);
      return update(request, reply, tenantId, request.body);
    },
  );

  app.delete('/:id', { config: refused, schema: { params: IdParams } }, async (request) => {
    ownId(authOf(request).tenantId, request.params.id);
    throw forbidden('A empresa não pode ser excluída pelo aplicativo.');
  });
};
