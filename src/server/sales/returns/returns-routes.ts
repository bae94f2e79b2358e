import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParams,
  ReturnCreateSchema,
  SaleReturnResponseSchema,
  SaleReturnsResponseSchema,
  StoreCreditPayoutCreateSchema,
  StoreCreditPayoutResponseSchema,
  StoreCreditResponseSchema,
} from '../../../shared/contract';
import type { RouteOptions } from '../../context';
import { ok, readRoutes, writeRoute, type IdParam } from '../../http/record-routes';
import { createReturn, saleReturnsOf } from './sale-returns';
import { getStoreCredit } from '../records/store-credit';
import { payOutStoreCredit } from './store-credit-payout';

/**
 * A till's POST below a record (whoever sells), 201, its Idempotency-Key bound to the body as
 * the outbox sends it (offline: true), so a direct sending and its outbox replay are one.
 */
const asTheOutboxSendsIt = {
  method: 'POST',
  access: 'sales.create',
  params: IdParams,
  status: 201,
  hashed: (body: unknown) => ({ ...(body as object), offline: true }),
} as const;

/**
 * /api/sales/:id/returns (Trocas e Devoluções): whoever sells may return, a cashier up to
 * the store's limit (sale-returns.ts). The key is bound to the body with the delivery flag
 * as the outbox sends it: a direct sending whose answer was lost and its outbox replay are
 * one return.
 */
export const returnRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  readRoutes(app, 'sales.read')(
    '/:id/returns',
    { params: IdParams, response: SaleReturnsResponseSchema },
    (c, _q, p: IdParam) => saleReturnsOf(ctx.db, c.tenantId, p.id, c.role),
  );

  writeRoute(app, ctx, {
    ...asTheOutboxSendsIt,
    url: '/:id/returns',
    body: ReturnCreateSchema,
    response: SaleReturnResponseSchema,
    run: async (tx, { tenantId, userId, role }, body, { id }: IdParam) =>
      ok(await createReturn(ctx.db, tenantId, id, body, { userId, role, tokens: ctx.tokens }, tx)),
  });
};

/**
 * GET /api/customers/:id/store-credit: the vale-troca balance and its ledger.
 * POST /api/customers/:id/store-credit/payout: vale-troca given back in cash (whoever sells;
 * a cashier within the return limit: store-credit-payout.ts), its key bound to the body as
 * the outbox sends it, as a return's is.
 */
export const storeCreditRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = readRoutes(app, 'customers.read');
  read('/:id/store-credit', { params: IdParams, response: StoreCreditResponseSchema }, (c, _q, p: IdParam) =>
    getStoreCredit(ctx.db, c.tenantId, p.id),
  );

  writeRoute(app, ctx, {
    ...asTheOutboxSendsIt,
    url: '/:id/store-credit/payout',
    body: StoreCreditPayoutCreateSchema,
    response: StoreCreditPayoutResponseSchema,
    run: async (tx, { tenantId, userId, role }, body, { id }: IdParam) =>
      ok(await payOutStoreCredit(ctx.db, tenantId, id, body, { userId, role }, tx)),
  });
};
