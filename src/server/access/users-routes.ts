import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AckSchema,
  IdParams,
  UserCreateSchema,
  UserListQuerySchema,
  UserListResponseSchema,
  UserResponseSchema,
  UserUpdateSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { sendIdempotent } from '../http/idempotency';
import { createUser, deleteUser, listUsers, updateUser, withPasswordHash } from './users';

/**
 * /api/users (spec §7): users.read / users.write (admins). Every write takes an
 * Idempotency-Key. The password is hashed before the write's transaction opens, and the
 * key's request hash covers it only sealed (TokenService.seal).
 */
export const userRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = { access: 'users.read' } as const;
  const write = { access: 'users.write' } as const;
  const sealed = (body: unknown) => {
    const { password, ...rest } = body as { password?: string };
    return password === undefined ? rest : { ...rest, password: ctx.tokens.seal(password) };
  };

  app.get(
    '/',
    { config: read, schema: { querystring: UserListQuerySchema, response: { 200: UserListResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await listUsers(ctx.db, authOf(request).tenantId, request.query),
    }),
  );

  app.post(
    '/',
    { config: write, schema: { body: UserCreateSchema, response: { 201: UserResponseSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      const input = await withPasswordHash(request.body);
      return sendIdempotent(
        ctx,
        request,
        reply,
        201,
        async (tx) => ({ success: true as const, data: await createUser(ctx.db, tenantId, input, tx) }),
        sealed,
      );
    },
  );

  app.put(
    '/:id',
    { config: write, schema: { params: IdParams, body: UserUpdateSchema, response: { 200: UserResponseSchema } } },
    async (request, reply) => {
      const { tenantId, userId } = authOf(request);
      const input = await withPasswordHash(request.body);
      return sendIdempotent(
        ctx,
        request,
        reply,
        200,
        async (tx) => ({
          success: true as const,
          data: await updateUser(ctx.db, tenantId, userId, request.params.id, input, tx),
        }),
        sealed,
      );
    },
  );

  app.delete(
    '/:id',
    { config: write, schema: { params: IdParams, response: { 200: AckSchema } } },
    async (request, reply) => {
      const { tenantId, userId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) => {
        await deleteUser(ctx.db, tenantId, userId, request.params.id, tx);
        return { success: true as const, message: 'Usuário excluído com sucesso!' };
      });
    },
  );
};
