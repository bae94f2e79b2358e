// Authentication calls (spec §7), encoded and parsed with the contract.
import { z } from 'zod/mini';
import { LoginResponseSchema, LoginSchema, LogoutSchema, MeResponseSchema } from '../../shared/contract/auth';
import { AckSchema } from '../../shared/contract/common';
import type { LoginResult, User } from '../../shared/contract';
import { api } from '../lib/api';

export async function loginRequest(email: string, password: string, tenantId: string): Promise<LoginResult> {
  const parsed = LoginSchema.safeParse({ email, password, tenantId });
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Dados de login inválidos');
  const body = z.encode(LoginSchema, parsed.data);
  // No Bearer token and no refresh: a 401 here means wrong credentials.
  const response = await api.post(LoginResponseSchema, '/auth/login', body, { auth: false });
  return response.data;
}

export async function fetchCurrentUser(): Promise<User> {
  const response = await api.get(MeResponseSchema, '/auth/me');
  return response.data;
}

export async function logoutRequest(refreshToken: string): Promise<void> {
  await api.post(AckSchema, '/auth/logout', z.encode(LogoutSchema, { refreshToken }), { auth: false });
}
