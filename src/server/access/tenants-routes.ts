import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, TenantSearchQuerySchema, TenantSearchResponseSchema } from '../../shared/contract';
import { isReservedSubdomain } from '../../shared/tenancy';
import type { RouteOptions } from '../context';
import { MESSAGES } from '../errors';
import { findTenantBySubdomain } from './tenants';
import { issueDetails } from '../validation';

/** Failures of the search: its own shape plus the usual error fields (loose: the error handler's bodies pass too). */
const SearchFailureSchema = z.looseObject({
  success: z.literal(false),
  error: z.string(),
  code: z.enum(ERROR_CODES),
});

/** GET /api/tenants/search?subdomain= (no auth): the login screen's tenant lookup. */
export const tenantRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const notFoundBody = (code: 'VALIDATION' | 'NOT_FOUND', details?: unknown) => ({
    success: false as const,
    data: null,
    message: MESSAGES.tenantNotFound,
    error: MESSAGES.tenantNotFound,
    code,
    ...(details ? { details } : {}),
  });

  app.get(
    '/search',
    {
      config: { access: 'public' },
      schema: { response: { 200: TenantSearchResponseSchema, '4xx': SearchFailureSchema } },
    },
    async (request, reply) => {
      // Parsed here rather than by the route schema: a bad subdomain answers in the
      // search's own shape {success, data: null, message}.
      const query = TenantSearchQuerySchema.safeParse(request.query);
      if (!query.success) return reply.code(400).send(notFoundBody('VALIDATION', issueDetails(query.error.issues)));
      const { subdomain } = query.data;
      if (isReservedSubdomain(subdomain)) return reply.code(404).send(notFoundBody('NOT_FOUND'));
      const tenant = await findTenantBySubdomain(ctx.db, subdomain);
      if (!tenant) return reply.code(404).send(notFoundBody('NOT_FOUND'));
      return {
        success: true,
        data: { tenantId: tenant.id, name: tenant.name, subdomain: tenant.subdomain },
        message: 'Empresa encontrada',
      };
    },
  );
};
