// The route side of idempotency (core/idempotency.ts has the protocol): reads the
// Idempotency-Key header, tells what the key is bound to, and sends an outcome: the
// effect's fresh answer, or the stored answer of an earlier call with the same key
// (marked with the response header Idempotent-Replayed: true). Every POST, PUT, PATCH and
// DELETE route honours the key, except the few that say why not (withoutIdempotencyKey);
// app.mutatingRoutes lists them all for the test that walks them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '../../shared/contract';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { requestHashOf, runKeyed, type Answered, type KeyedCall } from '../core/idempotency';
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

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

/**
 * The call a request stands for: its key, and the hash of what the key is bound to (the
 * method, the path and the body; `hashed` is what the hash covers when not the whole body).
 */
export function keyedCallOf(request: FastifyRequest, hashed?: (body: unknown) => unknown): KeyedCall {
  // A route without a body schema ignores what was sent (item removal); on a route whose
  // body is optional, an empty object says nothing more than no body.
  const sent = request.routeOptions.schema?.body ? (request.body ?? null) : null;
  const body = isEmptyObject(sent) ? null : sent;
  return {
    key: idempotencyKeyOf(request),
    requestHash: requestHashOf({
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      body: hashed && body !== null ? hashed(body) : body,
    }),
  };
}

/** Sends a fresh answer with `statusCode`, or a stored one as it was first sent. */
export function sendAnswer(reply: FastifyReply, statusCode: number, answer: Answered<unknown>): FastifyReply {
  if (answer.kind === 'replayed')
    return reply.header(REPLAYED_HEADER, 'true').code(answer.statusCode).send(answer.body);
  return reply.code(statusCode).send(answer.data);
}

/**
 * Runs `effect` (a service call joining the given transaction, answering the body to send)
 * under the request's Idempotency-Key and sends its answer with `statusCode`, or the
 * stored answer. `hashed`: what the key is bound to when not the whole body (a user's
 * password only as a keyed hash: access/users-routes.ts).
 */
export async function sendIdempotent<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  effect: (tx: DbOrTx) => Promise<T>,
  hashed?: (body: unknown) => unknown,
): Promise<FastifyReply> {
  const call = keyedCallOf(request, hashed);
  const answer = await runKeyed(ctx.db, authOf(request).tenantId, call, statusCode, effect);
  return sendAnswer(reply, statusCode, answer);
}
