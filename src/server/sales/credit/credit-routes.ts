// Crediário credit at the till: a customer's open crediário (GET /api/customers/:id/crediario,
// whoever sells reads it) and an admin's approval of one sale over the limit
// (POST /api/auth/credit-approval, asked by the cashier's till with the admin's password),
// and an admin's approval of one return over the cashier's return limit
// (POST /api/auth/return-approval, the same way).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreditApprovalRequestSchema,
  CreditApprovalResponseSchema,
  CustomerCrediarioResponseSchema,
  IdParams,
  ReturnApprovalRequestSchema,
} from '../../../shared/contract';
import { getStoreSettings } from '../../core/store-settings';
import type { LoginLimits } from '../../access/login-rate-limit';
import type { RouteOptions } from '../../context';
import { authOf } from '../../http/access';
import { ok } from '../../http/record-routes';
import { approveCredit, approveReturn } from './credit-approval';
import { customerCrediario } from './sale-credit';

/** GET /api/customers/:id/crediario */
export const customerCrediarioRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  app.get(
    '/:id/crediario',
    {
      config: { access: 'customers.read' },
      schema: { params: IdParams, response: { 200: CustomerCrediarioResponseSchema } },
    },
    async (request) => {
      const { tenantId } = authOf(request);
      const settings = () => getStoreSettings(ctx.db, tenantId);
      return { success: true as const, data: await customerCrediario(ctx.db, tenantId, request.params.id, settings) };
    },
  );
};

const APPROVAL_WITHOUT_KEY =
  'Leva a senha de um administrador e nada grava além da tentativa; repetir dá outra aprovação igual.';

/** POST /api/auth/credit-approval and POST /api/auth/return-approval */
export const creditApprovalRoutes: FastifyPluginAsyncZod<RouteOptions & { loginLimits: LoginLimits }> = async (
  app,
  { ctx, loginLimits },
) => {
  const config = { access: 'authenticated', withoutIdempotencyKey: APPROVAL_WITHOUT_KEY } as const;
  const response = { 200: CreditApprovalResponseSchema };
  const deps = { ...ctx, loginLimits };

  const asker = (request: FastifyRequest) => ({ ip: request.ip, askedBy: authOf(request).userId });

  app.post('/credit-approval', { config, schema: { body: CreditApprovalRequestSchema, response } }, async (request) =>
    ok(await approveCredit(deps, authOf(request).tenantId, { ...request.body, ...asker(request) })),
  );
  app.post('/return-approval', { config, schema: { body: ReturnApprovalRequestSchema, response } }, async (request) =>
    ok(await approveReturn(deps, authOf(request).tenantId, { ...request.body, ...asker(request) })),
  );
};
