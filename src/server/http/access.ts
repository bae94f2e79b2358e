// Access control on EVERY /api route: each declares config.access ('public',
// 'authenticated' or a permission of spec §6); a route without one fails at startup.
// Authentication and the permission check run onRequest, before the body is parsed, so
// an unauthorized caller gets 401/403 rather than a validation error.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler } from 'fastify';
import { hasPermission, PERMISSIONS, type Permission } from '../../shared/permissions';
import { subdomainFromHost } from '../../shared/tenancy';
import { forbidden, unauthenticated } from '../errors';
import type { AuthContext } from '../context';

export type RouteAccess = 'public' | 'authenticated' | Permission;

export interface AccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** The query string's field names (from the route's schema), for tests that probe them. */
  query: string[];
}

/** The keys of a zod object schema (an empty list for anything else). */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    requirePermission(permission: Permission): onRequestAsyncHookHandler;
    /** Every /api route with its declared access (tests check it against the permission matrix). */
    accessTable: AccessEntry[];
  }
}

/** The tenant named by the request's Host header, or null (IP, bare localhost, reserved). */
export function hostSubdomainOf(request: FastifyRequest): string | null {
  return subdomainFromHost(request.host);
}

/** The caller of an authenticated route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export function requirePermission(permission: Permission): onRequestAsyncHookHandler {
  return async function checkPermission(request) {
    const auth = authOf(request);
    if (!hasPermission(auth.role, permission)) throw forbidden();
  };
}

/** Who an Authorization header stands for in the store a host names (401 when nobody). */
export type Authenticate = (authorization: string | undefined, hostSubdomain: string | null) => Promise<AuthContext>;

export function registerAccessControl(app: FastifyInstance, resolve: Authenticate): void {
  app.decorateRequest('auth', null);
  app.decorate('requirePermission', requirePermission);
  const table: AccessEntry[] = [];
  app.decorate('accessTable', table);

  const authenticate: onRequestAsyncHookHandler = async function authenticate(request) {
    request.auth = await resolve(request.headers.authorization, hostSubdomainOf(request));
  };

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return; // /health and static files
    const access = route.config?.access;
    if (!access) {
      throw new Error(`A rota ${String(route.method)} ${route.url} não declara config.access (permissão).`);
    }
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access, query: fieldsOf(route.schema?.querystring) });
    }
    if (access === 'public') return;
    if (access !== 'authenticated' && !(PERMISSIONS as readonly string[]).includes(access)) {
      throw new Error(`A rota ${String(route.method)} ${route.url} declara uma permissão desconhecida: ${access}`);
    }
    const existing: onRequestHookHandler[] = route.onRequest
      ? ([] as onRequestHookHandler[]).concat(route.onRequest as onRequestHookHandler | onRequestHookHandler[])
      : [];
    const guards = [authenticate, ...(access === 'authenticated' ? [] : [requirePermission(access)])];
    route.onRequest = [...(guards as onRequestHookHandler[]), ...existing];
  });
}
