// An admin present at the counter approves one action on a cashier's device (a return over
// the cashier's limit): their e-mail and password open a session of theirs on the server,
// which checks them (online only), the action runs under it, and that session ends at once.
// The cashier's own session is untouched.
import { z } from 'zod';
import { LoginResponseSchema, LoginSchema, LogoutSchema } from '../../shared/contract/auth';
import { AckSchema } from '../../shared/contract/common';
import type { ApiClient } from './api-client';

export const NOT_AN_ADMIN = 'Este usuário não é administrador. Peça a um administrador para entrar.';

export interface AdminCredentials {
  email: string;
  password: string;
  /** The store (the server finds it by the host name when absent). */
  tenantId?: string;
}

/** Runs `action` with an admin's access token; throws the server's refusal of the credentials. */
export async function asAdmin<T>(
  client: Pick<ApiClient, 'post'>,
  credentials: AdminCredentials,
  action: (accessToken: string) => Promise<T>,
): Promise<T> {
  const body = z.encode(LoginSchema, LoginSchema.parse(credentials));
  const session = (await client.post(LoginResponseSchema, '/auth/login', body, { auth: false })).data;
  try {
    if (session.user.role !== 'admin') throw new Error(NOT_AN_ADMIN);
    return await action(session.accessToken);
  } finally {
    const logout = z.encode(LogoutSchema, { refreshToken: session.refreshToken });
    await client.post(AckSchema, '/auth/logout', logout, { auth: false }).catch(() => undefined);
  }
}
