import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompanyListResponseSchema,
  CompanyResponseSchema,
  CompanyUpdateSchema,
  IdParams,
  ReceiptHeaderResponseSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { ok, readRoutes, writeRoute, type IdParam } from '../http/record-routes';
import { forbidden, notFound } from '../errors';
import { COMPANY_NOT_FOUND, getCompany, updateCompany } from './company';

/**
 * /api/company (spec §7): the caller's own store only (company.read / company.write), and
 * the part of it receipts print (everyone signed in).
 * Stores are created and removed by the operator (npm run tenant), never by the app.
 * Edits take an Idempotency-Key.
 */
export const companyRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = readRoutes(app, 'company.read');
  const write = { access: 'company.write' } as const;
  const refused = {
    ...write,
    withoutIdempotencyKey: 'Sempre recusada (403): lojas são criadas e removidas pelo operador; nada é gravado.',
  } as const;
  const company = (tenantId: string) => getCompany(ctx.db, tenantId);

  /** Another store's id answers 404, like every other resource. */
  const ownId = (tenantId: string, id: string) => {
    if (id !== tenantId) throw notFound(COMPANY_NOT_FOUND);
  };

  /** PUT of the caller's store, at /me or at its own /:id. */
  const update = (url: string, params?: typeof IdParams) =>
    writeRoute(app, ctx, {
      method: 'PUT',
      url,
      access: write.access,
      params,
      body: CompanyUpdateSchema,
      response: CompanyResponseSchema,
      prepare: (input, { tenantId }, asked: Partial<IdParam>) => {
        if (params) ownId(tenantId, asked.id ?? '');
        return input;
      },
      run: async (tx, { tenantId }, input) => ok(await updateCompany(tx, tenantId, input)),
    });

  read('/me', { response: CompanyResponseSchema }, ({ tenantId }) => company(tenantId));
  // The store as receipts print it: everyone signed in (the till prints receipts offline
  // from the copy it keeps).
  readRoutes(app, 'authenticated')('/receipt-header', { response: ReceiptHeaderResponseSchema }, async (caller) => {
    const { name, cnpj, phone, address } = await company(caller.tenantId);
    return { name, cnpj, phone, address };
  });
  update('/me');
  read('/', { response: CompanyListResponseSchema }, async ({ tenantId }) => [await company(tenantId)]);

  app.post('/', { config: refused }, async () => {
    throw forbidden('Novas empresas são criadas pelo operador do sistema (npm run tenant -- create).');
  });

  read('/:id', { params: IdParams, response: CompanyResponseSchema }, ({ tenantId }, _query, { id }: IdParam) => {
    ownId(tenantId, id);
    return company(tenantId);
  });
  update('/:id', IdParams);

  app.delete('/:id', { config: refused, schema: { params: IdParams } }, async (request) => {
    ownId(authOf(request).tenantId, request.params.id);
    throw forbidden('A empresa não pode ser excluída pelo aplicativo.');
  });
};
