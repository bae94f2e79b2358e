// The routes every stored record of the API has in the same shape (spec §7): read one by
// id, create, update and delete, plus the actions on one record (pay, cancel). Reads need
// the area's read permission; every change its write permission and goes through
// sendIdempotent, so an Idempotency-Key replays it. A resource's routes file says only
// what differs: its schemas, its services and its messages.
import type { FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AckSchema, IdParams } from '../../shared/contract';
import type { Permission } from '../../shared/permissions';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { authOf } from './access';
import { sendIdempotent } from './idempotency';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ZodApp = FastifyInstance<RawServerDefault, any, any, any, ZodTypeProvider>;
type Db = AppContext['db'];

/** The success envelope of one record or list. */
export const ok = <T>(data: T) => ({ success: true as const, data });

export interface RecordRoutes<Row, Create, Update> {
  read: Permission;
  write: Permission;
  /** The response schema of one record (its envelope). */
  one: z.ZodType;
  get: (db: Db, tenantId: string, id: string) => Promise<Row>;
  create: { body: z.ZodType<Create>; run: (db: Db, tenantId: string, body: Create, tx: DbOrTx) => Promise<Row> };
  update: {
    body: z.ZodType<Update>;
    run: (db: Db, tenantId: string, id: string, body: Update, tx: DbOrTx) => Promise<Row>;
  };
  remove: { run: (db: Db, tenantId: string, id: string, tx: DbOrTx) => Promise<void>; message: string };
}

/** GET /:id, POST /, PUT /:id and DELETE /:id of one kind of record. */
export function registerRecordRoutes<Row, Create, Update>(
  app: ZodApp,
  ctx: AppContext,
  spec: RecordRoutes<Row, Create, Update>,
): void {
  app.get(
    '/:id',
    { config: { access: spec.read }, schema: { params: IdParams, response: { 200: spec.one } } },
    async (request) => ok(await spec.get(ctx.db, authOf(request).tenantId, request.params.id)),
  );
  app.post(
    '/',
    { config: { access: spec.write }, schema: { body: spec.create.body, response: { 201: spec.one } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      const body = request.body as Create;
      return sendIdempotent(ctx, request, reply, 201, async (tx) =>
        ok(await spec.create.run(ctx.db, tenantId, body, tx)),
      );
    },
  );
  app.put(
    '/:id',
    {
      config: { access: spec.write },
      schema: { params: IdParams, body: spec.update.body, response: { 200: spec.one } },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      const body = request.body as Update;
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(await spec.update.run(ctx.db, tenantId, request.params.id, body, tx)),
      );
    },
  );
  app.delete(
    '/:id',
    { config: { access: spec.write }, schema: { params: IdParams, response: { 200: AckSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) => {
        await spec.remove.run(ctx.db, tenantId, request.params.id, tx);
        return { success: true as const, message: spec.remove.message };
      });
    },
  );
}

interface RecordActionCommon {
  method: 'POST' | 'PATCH';
  /** Below the record, e.g. '/:id/cancel'. */
  url: `/:id/${string}`;
  access: Permission;
  one: z.ZodType;
}

/** An action with a request body (pay) or without one (cancel). */
export type RecordAction<Row, Body> = RecordActionCommon &
  (
    | { body: z.ZodType<Body>; run: (db: Db, tenantId: string, id: string, body: Body, tx: DbOrTx) => Promise<Row> }
    | { body?: undefined; run: (db: Db, tenantId: string, id: string, tx: DbOrTx) => Promise<Row> }
  );

/** An action on one record (pay, cancel), answered with the record as it now is. */
export function registerRecordAction<Row, Body>(app: ZodApp, ctx: AppContext, action: RecordAction<Row, Body>): void {
  app.route({
    method: action.method,
    url: action.url,
    config: { access: action.access },
    schema: { params: IdParams, ...(action.body ? { body: action.body } : {}), response: { 200: action.one } },
    handler: async (request, reply) => {
      const { tenantId } = authOf(request);
      const { id } = request.params as z.infer<typeof IdParams>;
      const body = request.body as Body;
      return sendIdempotent(ctx, request, reply, 200, async (tx) =>
        ok(action.body ? await action.run(ctx.db, tenantId, id, body, tx) : await action.run(ctx.db, tenantId, id, tx)),
      );
    },
  });
}
