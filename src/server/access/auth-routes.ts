import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AckSchema,
  LoginResponseSchema,
  LoginSchema,
  LogoutSchema,
  MeResponseSchema,
  RefreshResponseSchema,
  RefreshSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf, hostSubdomainOf } from '../http/access';
import { login, logout, refreshSession } from './auth';
import { getUser } from './users';

/**
 * The session calls carry a password or a refresh token and answer tokens: none of that may
 * sit in the idempotency table (passwords are kept only as argon2, refresh tokens only as
 * hashes), so they take no Idempotency-Key. A repeated login simply opens another session.
 */
const SESSION = 'Sessão: o pedido leva senha ou token e a resposta traz tokens, que nunca são guardados em claro.';

/** /api/auth: login, refresh, logout, me (spec §7). */
export const authRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const session = { access: 'public', withoutIdempotencyKey: SESSION } as const;

  app.post(
    '/login',
    { config: session, schema: { body: LoginSchema, response: { 200: LoginResponseSchema } } },
    async (request) => {
      const data = await login(ctx, { ...request.body, hostSubdomain: hostSubdomainOf(request), ip: request.ip });
      return { success: true as const, data };
    },
  );

  app.post(
    '/refresh',
    { config: session, schema: { body: RefreshSchema, response: { 200: RefreshResponseSchema } } },
    async (request) => {
      const data = await refreshSession(ctx, request.body.refreshToken, hostSubdomainOf(request));
      return { success: true as const, data };
    },
  );

  // Public on purpose: the refresh token proves the session, and logging out must work
  // even after the access token expired.
  app.post(
    '/logout',
    { config: session, schema: { body: LogoutSchema, response: { 200: AckSchema } } },
    async (request) => {
      await logout(ctx.db, request.body.refreshToken);
      return { success: true as const, message: 'Logout realizado' };
    },
  );

  app.get(
    '/me',
    { config: { access: 'authenticated' }, schema: { response: { 200: MeResponseSchema } } },
    async (request) => {
      const auth = authOf(request);
      return { success: true as const, data: await getUser(ctx.db, auth.tenantId, auth.userId) };
    },
  );
};
