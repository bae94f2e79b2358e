import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AckSchema,
  IdParams,
  UserCreateSchema,
  UserListResponseSchema,
  UserResponseSchema,
  UserUpdateSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { createUser, deleteUser, listUsers, updateUser } from './users';

/** /api/users (spec §7): users.read / users.write (admins). */
export const userRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  const read = { access: 'users.read' } as const;
  const write = { access: 'users.write' } as const;

  app.get('/', { config: read, schema: { response: { 200: UserListResponseSchema } } }, async (request) => ({
    success: true as const,
    data: await listUsers(ctx.db, authOf(request).tenantId),
  }));

  app.post(
    '/',
    { config: write, schema: { body: UserCreateSchema, response: { 201: UserResponseSchema } } },
    async (request, reply) => {
      const data = await createUser(ctx.db, authOf(request).tenantId, request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.put(
    '/:id',
    { config: write, schema: { params: IdParams, body: UserUpdateSchema, response: { 200: UserResponseSchema } } },
    async (request) => {
      const auth = authOf(request);
      return {
        success: true as const,
        data: await updateUser(ctx.db, auth.tenantId, auth.userId, request.params.id, request.body),
      };
    },
  );

  app.delete('/:id', { config: write, schema: { params: IdParams, response: { 200: AckSchema } } }, async (request) => {
    const auth = authOf(request);
    await deleteUser(ctx.db, auth.tenantId, auth.userId, request.params.id);
    return { success: true as const, message: 'Usuário excluído com sucesso!' };
  });
};
