// The route side of idempotency: reads the Idempotency-Key header and answers either the
// effect's fresh result or the stored answer of an earlier call with the same key
// (marked with the response header Idempotent-Replayed: true). Every POST, PUT, PATCH and
// DELETE route honours the key, except the few that say why not (withoutIdempotencyKey);
// app.mutatingRoutes lists them all for the test that walks them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '../../shared/contract';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import {
  runIdempotent,
  runIdempotentFolded,
  type FoldedEffect,
  type IdempotentCall,
  type Prepared,
} from '../core/idempotency';
import { validationError } from '../validation';
import { authOf } from './access';

export const REPLAYED_HEADER = 'Idempotent-Replayed';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface MutatingRoute {
  method: string;
  url: string;
  /** Why the route takes no Idempotency-Key; absent: it honours the key. */
  withoutIdempotencyKey?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Why this POST/PUT/PATCH/DELETE route takes no Idempotency-Key. Only for a route that
     * stores nothing a repeat could duplicate, or whose request or answer must never be
     * stored (credentials).
     */
    withoutIdempotencyKey?: string;
  }
  interface FastifyInstance {
    /** Every POST, PUT, PATCH and DELETE route of the app (registered before any route). */
    mutatingRoutes: MutatingRoute[];
  }
}

/** Collects every mutating route as it is registered (call before registering any). */
export function registerMutatingRouteTable(app: FastifyInstance): void {
  const table: MutatingRoute[] = [];
  app.decorate('mutatingRoutes', table);
  app.addHook('onRoute', (route) => {
    const reason = route.config?.withoutIdempotencyKey;
    for (const method of ([] as string[]).concat(route.method)) {
      if (!MUTATING_METHODS.has(method)) continue;
      table.push({ method, url: route.url, ...(reason ? { withoutIdempotencyKey: reason } : {}) });
    }
  });
}

/** The request's Idempotency-Key, or undefined; a malformed one is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(raw);
  if (!parsed.success) {
    throw validationError(parsed.error.issues.map((i) => ({ ...i, path: IDEMPOTENCY_KEY_HEADER })));
  }
  return parsed.data;
}

/**
 * Runs `effect` (a service call joining the given transaction) under the request's
 * Idempotency-Key and sends its answer with `statusCode`, or the stored answer. An effect
 * that answers prepared(...) writes together with the stored answer (core/idempotency.ts).
 * `hashed` is what the request hash covers when not the whole body (a sale's delivery
 * flag is left out: sales/sale-checks.ts).
 */
export async function sendIdempotent<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  effect: (tx: DbOrTx) => Promise<T | Prepared<T>>,
  hashed?: (body: unknown) => unknown,
): Promise<FastifyReply> {
  const result = await runIdempotent(ctx.db, callOf(request, hashed), statusCode, effect);
  if (result.replayed) reply.header(REPLAYED_HEADER, 'true');
  return reply.code(result.statusCode).send(result.body);
}

/** sendIdempotent for an effect that reads the key's answer in its own first statement (runIdempotentFolded). */
export async function sendIdempotentFolded<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  effect: FoldedEffect<T>,
  hashed?: (body: unknown) => unknown,
): Promise<FastifyReply> {
  const result = await runIdempotentFolded(ctx.db, callOf(request, hashed), statusCode, effect);
  if (result.replayed) reply.header(REPLAYED_HEADER, 'true');
  return reply.code(result.statusCode).send(result.body);
}

/** The call a request stands for: its key, and what the key's hash covers. */
function callOf(request: FastifyRequest, hashed?: (body: unknown) => unknown): IdempotentCall {
  // A route without a body schema ignores what was sent (cancel, item removal).
  const body = request.routeOptions.schema?.body ? (request.body ?? null) : null;
  return {
    tenantId: authOf(request).tenantId,
    key: idempotencyKeyOf(request),
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    body: hashed && body !== null ? hashed(body) : body,
  };
}
