import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParams,
  UserCreateSchema,
  UserListQuerySchema,
  UserListResponseSchema,
  UserResponseSchema,
  UserUpdateSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { ok, readRoutes, registerRemoval, writeRoute, type IdParam } from '../http/record-routes';
import { createUser, deleteUser, listUsers, updateUser, withPasswordHash } from './users';

/**
 * /api/users (spec §7): users.read / users.write (admins). Every write takes an
 * Idempotency-Key. The password is hashed before the write's transaction opens, and the
 * key's request hash covers it only sealed (TokenService.seal).
 */
export const userRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const access = 'users.write';
  const { db } = ctx;
  const sealed = (body: unknown) => {
    const { password, ...rest } = body as { password?: string };
    return password === undefined ? rest : { ...rest, password: ctx.tokens.seal(password) };
  };

  readRoutes(app, 'users.read')(
    '/',
    { querystring: UserListQuerySchema, response: UserListResponseSchema },
    (c, query) => listUsers(db, c.tenantId, query),
  );
  writeRoute(app, ctx, {
    method: 'POST',
    url: '/',
    access,
    body: UserCreateSchema,
    response: UserResponseSchema,
    status: 201,
    prepare: (body) => withPasswordHash(body),
    hashed: sealed,
    run: async (tx, { tenantId }, input) => ok(await createUser(db, tenantId, input, tx)),
  });
  writeRoute(app, ctx, {
    method: 'PUT',
    url: '/:id',
    access,
    params: IdParams,
    body: UserUpdateSchema,
    response: UserResponseSchema,
    prepare: (body) => withPasswordHash(body),
    hashed: sealed,
    run: async (tx, { tenantId, userId }, input, { id }: IdParam) =>
      ok(await updateUser(db, tenantId, userId, id, input, tx)),
  });
  registerRemoval(app, ctx, access, 'Usuário excluído com sucesso!', (tx, { tenantId, userId }, id) =>
    deleteUser(db, tenantId, userId, id, tx),
  );
};
