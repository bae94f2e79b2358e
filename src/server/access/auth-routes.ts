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

/** /api/auth: login, refresh, logout, me (spec §7). */
export const authRoutes: FastifyPluginAsyncZod<RouteOptions & { loginLimits: LoginLimits }> = async (
  app,
  { ctx, loginLimits },
) => {
  app.post(
    '/login',
    { config: { access: 'public' }, schema: { body: LoginSchema, response: { 200: LoginResponseSchema } } },
    async (request) => {
      const data = await login({ ...ctx, loginLimits }, { ...request.body, hostSubdomain: hostSubdomainOf(request), ip: request.ip });
      return { success: true as const, data };
    },
  );

  app.post(
    '/refresh',
    { config: { access: 'public' }, schema: { body: RefreshSchema, response: { 200: RefreshResponseSchema } } },
    async (request) => {
      const data = await refreshSession({ ...ctx, loginLimits }, request.body.refreshToken, hostSubdomainOf(request));
      return { success: true as const, data };
    },
  );

  // Public on purpose: the refresh token proves the session, and logging out must work
  // even after the access token expired.
  app.post(
    '/logout',
    { config: { access: 'public' }, schema: { body: LogoutSchema, response: { 200: AckSchema } } },
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
