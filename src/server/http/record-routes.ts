// The shapes every route of the API is written in (spec §7). A read answers the service's
// data in the success envelope; a change goes through sendIdempotent, so an
// Idempotency-Key replays it. On top of them, the routes every stored record has: read one
// by id, create, update and delete, plus the actions on one record (pay, cancel). Reads
// need the area's read permission, changes its write permission. A resource's routes file
// says only what differs: its schemas, its services and its messages.
import type { FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AckSchema, IdParams, successBody } from '../../shared/contract';
import type { Permission } from '../../shared/permissions';
import type { AppContext, AuthContext } from '../context';
import type { DbOrTx } from '../db/client';
import { authOf, type RouteAccess } from './access';
import { dayScoped } from './day-scope';
import { sendIdempotent } from './idempotency';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ZodApp = FastifyInstance<RawServerDefault, any, any, any, ZodTypeProvider>;
type Db = AppContext['db'];

/** The success envelope of one record or list. */
export const ok = successBody;

/** The success envelope around an answer that carries its own fields (data and a count). */
export const spread = <T extends object>(answer: T) => ({ success: true as const, ...answer });

export type IdParam = z.infer<typeof IdParams>;

interface RequestSchemas<Q, P> {
  querystring?: z.core.$ZodType<Q>;
  params?: z.core.$ZodType<P>;
  /** The answer's schema (its envelope). */
  response: z.core.$ZodType;
}

/**
 * The GET routes of one area, all under `access`: each hands the caller, the parsed query
 * and params to `run` and answers what it returns in the success envelope (or in
 * `envelope`). With `dayScoped`, a non-admin's date range is today whatever they ask
 * (spec §6), before `run` sees it.
 */
export function readRoutes(app: ZodApp, access: RouteAccess, options: { dayScoped?: boolean } = {}) {
  return <Q = unknown, P = unknown>(
    url: string,
    { response, ...schema }: RequestSchemas<Q, P>,
    run: (caller: AuthContext, query: Q, params: P) => Promise<unknown>,
    envelope: (data: never) => unknown = ok,
  ): void => {
    app.get(url, { config: { access }, schema: { ...schema, response: { 200: response } } }, async (request) => {
      const caller = authOf(request);
      const asked = request.query as Q;
      const query = options.dayScoped ? (dayScoped(caller.role, asked as object) as Q) : asked;
      return envelope((await run(caller, query, request.params as P)) as never);
    });
  };
}

/** A change of one route: its answer built by `run` inside the Idempotency-Key's transaction. */
export interface WriteRoute<B, P, I = B> extends RequestSchemas<unknown, P> {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  access: RouteAccess;
  body?: z.core.$ZodType<B>;
  /** 201 for a creation; 200 otherwise. */
  status?: 200 | 201;
  /** The largest body in bytes, when not Fastify's default (an NF-e's XML). */
  bodyLimit?: number;
  /**
   * Work done before the key is looked up and the transaction opens (a password hashed, a
   * refusal that must not be stored), its result given to `run`.
   */
  prepare?: (body: B, caller: AuthContext, params: P) => I | Promise<I>;
  /** What the key's request hash covers instead of the body (a password only sealed). */
  hashed?: (body: unknown) => unknown;
  run: (tx: DbOrTx, caller: AuthContext, input: I, params: P) => Promise<unknown>;
}

/** One change, answered by `run` and replayed by its Idempotency-Key. */
export function writeRoute<B, P, I = B>(app: ZodApp, ctx: AppContext, route: WriteRoute<B, P, I>): void {
  const { method, url, access, status = 200, bodyLimit, response, prepare, hashed, run, ...parts } = route;
  // Only the parts the route has: Fastify warns of a schema key left undefined.
  const schema = Object.fromEntries(Object.entries(parts).filter(([, part]) => part !== undefined));
  app.route({
    method,
    url,
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    config: { access },
    schema: { ...schema, response: { [status]: response } },
    handler: async (request, reply) => {
      const caller = authOf(request);
      const params = request.params as P;
      const input = prepare ? await prepare(request.body as B, caller, params) : (request.body as I);
      const effect = (tx: DbOrTx) => run(tx, caller, input, params);
      return sendIdempotent(ctx, request, reply, status, effect, hashed);
    },
  });
}

export interface RecordRoutes<Row, Create, Update, List = unknown> {
  read: Permission;
  write: Permission;
  /** The response schema of one record (its envelope). */
  one: z.core.$ZodType;
  /** GET / (its query's date range forced to today for non-admins when `dayScoped`). */
  list?: {
    query: z.core.$ZodType<List>;
    response: z.core.$ZodType;
    run: (db: Db, tenantId: string, query: List) => Promise<unknown>;
  };
  dayScoped?: boolean;
  /** Given the caller too, for what depends on who reads (a product's cost price). */
  get: (db: Db, tenantId: string, id: string, caller: AuthContext) => Promise<Row>;
  /** Creations and updates are given the author's id too (a product's stock movement). */
  create: {
    body: z.core.$ZodType<Create>;
    run: (db: Db, tenantId: string, body: Create, tx: DbOrTx, userId: string) => Promise<Row>;
  };
  update: {
    body: z.core.$ZodType<Update>;
    run: (db: Db, tenantId: string, id: string, body: Update, tx: DbOrTx, userId: string) => Promise<Row>;
  };
  remove: { run: (db: Db, tenantId: string, id: string, tx: DbOrTx) => Promise<void>; message: string };
}

/** GET / (when listed), GET /:id, POST /, PUT /:id and DELETE /:id of one kind of record. */
export function registerRecordRoutes<Row, Create, Update, List>(
  app: ZodApp,
  ctx: AppContext,
  spec: RecordRoutes<Row, Create, Update, List>,
): void {
  const { write: access, one: response, list, create, update, remove } = spec;
  const read = readRoutes(app, spec.read, { dayScoped: spec.dayScoped ?? false });
  if (list) {
    const { query: querystring, response: answer } = list;
    read('/', { querystring, response: answer }, ({ tenantId }, query: List) => list.run(ctx.db, tenantId, query));
  }
  read('/:id', { params: IdParams, response }, (c, _q, p: IdParam) => spec.get(ctx.db, c.tenantId, p.id, c));
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/',
    access,
    body: create.body,
    response,
    status: 201,
    run: async (tx, c, body) => ok(await create.run(ctx.db, c.tenantId, body, tx, c.userId)),
  });
  writeRoute(app, ctx, {
    method: 'PUT',
    url: '/:id',
    access,
    params: IdParams,
    body: update.body,
    response,
    run: async (tx, c, body, p) => ok(await update.run(ctx.db, c.tenantId, p.id, body, tx, c.userId)),
  });
  registerRemoval(app, ctx, access, remove.message, (tx, c, id) => remove.run(ctx.db, c.tenantId, id, tx));
}

/** DELETE /:id, acknowledged with `message` once `remove` has run. */
export function registerRemoval(
  app: ZodApp,
  ctx: AppContext,
  access: Permission,
  message: string,
  remove: (tx: DbOrTx, caller: AuthContext, id: string) => Promise<void>,
): void {
  writeRoute(app, ctx, {
    method: 'DELETE',
    url: '/:id',
    access,
    params: IdParams,
    response: AckSchema,
    run: async (tx, caller, _body, { id }: IdParam) => {
      await remove(tx, caller, id);
      return { success: true as const, message };
    },
  });
}

interface RecordActionCommon {
  method: 'POST' | 'PATCH';
  /** Below the record, e.g. '/:id/cancel'. */
  url: `/:id/${string}`;
  access: Permission;
  one: z.core.$ZodType;
}

/** An action with a request body (pay) or without one (cancel). */
export type RecordAction<Row, Body> = RecordActionCommon &
  (
    | {
        body: z.core.$ZodType<Body>;
        run: (db: Db, tenantId: string, id: string, body: Body, tx: DbOrTx) => Promise<Row>;
      }
    | { body?: undefined; run: (db: Db, tenantId: string, id: string, tx: DbOrTx) => Promise<Row> }
  );

/** An action on one record (pay, cancel), answered with the record as it now is. */
export function registerRecordAction<Row, Body>(app: ZodApp, ctx: AppContext, action: RecordAction<Row, Body>): void {
  const { method, url, access, one: response } = action;
  writeRoute(app, ctx, {
    method,
    url,
    access,
    params: IdParams,
    body: action.body,
    response,
    run: async (tx, c, body: Body, { id }: IdParam) =>
      ok(
        action.body ? await action.run(ctx.db, c.tenantId, id, body, tx) : await action.run(ctx.db, c.tenantId, id, tx),
      ),
  });
}
