// The route side of idempotency (core/idempotency.ts has the protocol): reads the
// Idempotency-Key header, tells what the key is bound to, and sends an outcome: the
// effect's fresh answer, or the stored answer of an earlier call with the same key
// (marked with the response header Idempotent-Replayed: true).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '../../shared/contract';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { requestHashOf, runKeyed, type Answered, type KeyedCall } from '../core/idempotency';
import { validationError } from '../validation';
import { authOf } from './access';

export const REPLAYED_HEADER = 'Idempotent-Replayed';

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
 * The call a request stands for: its key, and the hash of what the key is bound to (the
 * method, the path and the body; `hashed` is what the hash covers when not the whole body).
 */
export function keyedCallOf(request: FastifyRequest, hashed?: (body: unknown) => unknown): KeyedCall {
  // A route without a body schema ignores what was sent (cancel, item removal).
  const body = request.routeOptions.schema?.body ? (request.body ?? null) : null;
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
  if (answer.kind === 'replayed') return reply.header(REPLAYED_HEADER, 'true').code(answer.statusCode).send(answer.body);
  return reply.code(statusCode).send(answer.data);
}

/**
 * Runs `effect` (a service call joining the given transaction, answering the body to send)
 * under the request's Idempotency-Key and sends its answer with `statusCode`, or the
 * stored answer.
 */
export async function sendIdempotent<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  effect: (tx: DbOrTx) => Promise<T>,
): Promise<FastifyReply> {
  const answer = await runKeyed(ctx.db, authOf(request).tenantId, keyedCallOf(request), statusCode, effect);
  return sendAnswer(reply, statusCode, answer);
}
