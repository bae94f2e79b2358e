import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CashMovementCreateSchema,
  CashMovementResponseSchema,
  CashSessionCloseSchema,
  CashSessionListQuerySchema,
  CashSessionListResponseSchema,
  CashSessionOpenSchema,
  CashSessionResponseSchema,
  IdParams,
  successBody,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { sendIdempotent } from '../http/idempotency';
import { getCashSession, listCashSessions, type Caller } from './cash-session-queries';
import { addCashMovement, closeCashSession, openCashSession } from './cash-sessions';

/**
 * /api/cash-sessions: the till sessions (caixa). Whoever sells (sales.create) opens one,
 * moves cash and closes it; a cashier reads and changes only the sessions they opened, an
 * admin every one (closing a session left open on a lost device). Every change takes an
 * Idempotency-Key: the outbox replays them.
 */
export const cashSessionRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const access = { access: 'sales.create' } as const;
  const callerOf = (request: Parameters<typeof authOf>[0]): Caller => {
    const { tenantId, userId, role } = authOf(request);
    return { tenantId, userId, role };
  };

  app.get(
    '/',
    {
      config: access,
      schema: { querystring: CashSessionListQuerySchema, response: { 200: CashSessionListResponseSchema } },
    },
    async (request) => successBody(await listCashSessions(ctx.db, callerOf(request), request.query)),
  );

  app.get(
    '/:id',
    { config: access, schema: { params: IdParams, response: { 200: CashSessionResponseSchema } } },
    async (request) => successBody(await getCashSession(ctx.db, callerOf(request), request.params.id)),
  );

  app.post(
    '/',
    { config: access, schema: { body: CashSessionOpenSchema, response: { 201: CashSessionResponseSchema } } },
    async (request, reply) =>
      sendIdempotent(ctx, request, reply, 201, async (tx) =>
        successBody(await openCashSession(tx, callerOf(request), request.body)),
      ),
  );

  app.post(
    '/:id/movements',
    {
      config: access,
      schema: { params: IdParams, body: CashMovementCreateSchema, response: { 201: CashMovementResponseSchema } },
    },
    async (request, reply) =>
      sendIdempotent(ctx, request, reply, 201, async (tx) =>
        successBody(await addCashMovement(tx, callerOf(request), request.params.id, request.body)),
      ),
  );

  app.post(
    '/:id/close',
    {
      config: access,
      schema: { params: IdParams, body: CashSessionCloseSchema, response: { 200: CashSessionResponseSchema } },
    },
    async (request, reply) =>
      sendIdempotent(ctx, request, reply, 200, async (tx) =>
        successBody(await closeCashSession(tx, callerOf(request), request.params.id, request.body)),
      ),
  );
};
