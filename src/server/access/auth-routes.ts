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
import type { LoginLimits } from './login-rate-limit';
import { getUser } from './users';

/**
 * The session calls take no Idempotency-Key. Login and refresh answer fresh tokens, which
 * must never sit in the idempotency table (refresh tokens are kept only as hashes), and a
 * login's request carries the password; a repeated login simply opens another session.
 * Logout is public (an expired session must still end) and idempotent by itself.
 */
const ISSUES_TOKENS = 'Sessão: a resposta traz tokens novos, que nunca são guardados em claro.';
const ENDS_SESSION = 'Encerrar a sessão de novo não muda nada e responde o mesmo (rota pública, sem loja da sessão).';

/** /api/auth: login, refresh, logout, me (spec §7). */
export const authRoutes: FastifyPluginAsyncZod<RouteOptions & { loginLimits: LoginLimits }> = async (
  app,
  { ctx, loginLimits },
) => {
  const session = { access: 'public', withoutIdempotencyKey: ISSUES_TOKENS } as const;

  app.post(
    '/login',
    { config: session, schema: { body: LoginSchema, response: { 200: LoginResponseSchema } } },
    async (request) => {
      const data = await login(
        { ...ctx, loginLimits },
        { ...request.body, hostSubdomain: hostSubdomainOf(request), ip: request.ip },
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/refresh',
    { config: session, schema: { body: RefreshSchema, response: { 200: RefreshResponseSchema } } },
    async (request) => {
      const data = await refreshSession({ ...ctx, loginLimits }, request.body.refreshToken, hostSubdomainOf(request));
      return { success: true as const, data };
    },
  );

  // Public on purpose: the refresh token proves the session, and logging out must work
  // even after the access token expired.
  app.post(
    '/logout',
    {
      config: { access: 'public', withoutIdempotencyKey: ENDS_SESSION },
      schema: { body: LogoutSchema, response: { 200: AckSchema } },
    },
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
