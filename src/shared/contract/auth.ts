import { z } from 'zod/mini';
import { Email, Id, envelope } from './common';
import { UserSchema } from './users';

export const LoginSchema = z.object({
  email: Email,
  password: z
    .string({ error: 'Senha é obrigatória' })
    .check(z.minLength(1, { error: 'Senha é obrigatória' }), z.maxLength(200)),
  tenantId: z.optional(Id),
});
export type Login = z.infer<typeof LoginSchema>;

export const TokenSetSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** seconds */
  expiresIn: z.int(),
});
export type TokenSet = z.infer<typeof TokenSetSchema>;

export const LoginResultSchema = z.extend(TokenSetSchema, { user: UserSchema });
export type LoginResult = z.infer<typeof LoginResultSchema>;
export const LoginResponseSchema = envelope(LoginResultSchema);

export const RefreshSchema = z.object({ refreshToken: z.string().check(z.minLength(1), z.maxLength(500)) });
export const RefreshResponseSchema = envelope(TokenSetSchema);
export const LogoutSchema = RefreshSchema;
export const MeResponseSchema = envelope(UserSchema);
