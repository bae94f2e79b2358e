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
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { ok, readRoutes, writeRoute, type IdParam } from '../http/record-routes';
import { getCashSession, listCashSessions } from './cash-session-queries';
import { addCashMovement, closeCashSession, openCashSession } from './cash-sessions';

/**
 * /api/cash-sessions: the till sessions (caixa). Whoever sells (sales.create) opens one,
 * moves cash and closes it; a cashier reads (today's, spec §6) and changes only the sessions they opened, an
 * admin every one (closing a session left open on a lost device). Every change takes an
 * Idempotency-Key: the outbox replays them.
 */
export const cashSessionRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const access = 'sales.create';
  const read = readRoutes(app, access);

  read('/', { querystring: CashSessionListQuerySchema, response: CashSessionListResponseSchema }, (caller, query) =>
    listCashSessions(ctx.db, caller, query),
  );
  read('/:id', { params: IdParams, response: CashSessionResponseSchema }, (caller, _q, { id }: IdParam) =>
    getCashSession(ctx.db, caller, id, { today: true }),
  );

  writeRoute(app, ctx, {
    method: 'POST',
    url: '/',
    access,
    body: CashSessionOpenSchema,
    response: CashSessionResponseSchema,
    status: 201,
    run: async (tx, caller, body) => ok(await openCashSession(tx, caller, body)),
  });
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/:id/movements',
    access,
    params: IdParams,
    body: CashMovementCreateSchema,
    response: CashMovementResponseSchema,
    status: 201,
    run: async (tx, caller, body, { id }: IdParam) => ok(await addCashMovement(tx, caller, id, body)),
  });
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/:id/close',
    access,
    params: IdParams,
    body: CashSessionCloseSchema,
    response: CashSessionResponseSchema,
    run: async (tx, caller, body, { id }: IdParam) => ok(await closeCashSession(tx, caller, id, body)),
  });
};
