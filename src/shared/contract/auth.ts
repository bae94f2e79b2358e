import { z } from 'zod';
import { Email, Id, envelope } from './common';
import { UserSchema } from './users';

export const LoginSchema = z.object({
  email: Email,
  password: z.string({ error: 'Senha é obrigatória' }).min(1, { error: 'Senha é obrigatória' }).max(200),
  tenantId: Id.optional(),
});
export type Login = z.infer<typeof LoginSchema>;

export const TokenSetSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** seconds */
  expiresIn: z.int(),
});
export type TokenSet = z.infer<typeof TokenSetSchema>;

export const LoginResultSchema = TokenSetSchema.extend({ user: UserSchema });
export type LoginResult = z.infer<typeof LoginResultSchema>;
export const LoginResponseSchema = envelope(LoginResultSchema);

export const RefreshSchema = z.object({ refreshToken: z.string().min(1).max(500) });
export const RefreshResponseSchema = envelope(TokenSetSchema);
export const LogoutSchema = RefreshSchema;
export const MeResponseSchema = envelope(UserSchema);
