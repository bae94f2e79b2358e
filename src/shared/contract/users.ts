import { z } from 'zod/mini';
import { ROLES } from '../permissions';
import { Email, envelope, Id, pageOf, PageQuery, RequiredText, Timestamp } from './common';

export const RoleSchema = z.enum(ROLES, { error: 'Perfil inválido (admin ou user)' });

export const UserSchema = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  active: z.boolean(),
  created_at: z.optional(Timestamp),
});
export type User = z.infer<typeof UserSchema>;

const Password = z
  .string({ error: 'Senha é obrigatória' })
  .check(
    z.minLength(6, { error: 'A senha deve ter pelo menos 6 caracteres' }),
    z.maxLength(200, { error: 'Senha longa demais' }),
  );

export const UserCreateSchema = z.object({
  name: RequiredText('Nome', 120),
  email: Email,
  role: z._default(RoleSchema, 'user'),
  password: Password,
});
export type UserCreate = z.infer<typeof UserCreateSchema>;

export const UserUpdateSchema = z.object({
  name: RequiredText('Nome', 120),
  email: Email,
  role: RoleSchema,
  active: z.boolean(),
  password: z.optional(Password),
});
export type UserUpdate = z.infer<typeof UserUpdateSchema>;

export const UserResponseSchema = envelope(UserSchema);
export const UserListQuerySchema = z.object({ ...PageQuery });
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const UserListSchema = pageOf('users', UserSchema);
export const UserListResponseSchema = envelope(UserListSchema);
