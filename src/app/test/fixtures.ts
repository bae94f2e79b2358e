// Users, tenant and products as the API sends them (reais in JSON).
import type { FakeServer } from './fake-server';

export const TENANT = { tenantId: '3f1c7a52-8a8e-4c55-9d0e-1b2a3c4d5e6f', name: 'Loja Demo', subdomain: 'demo' };

export const ADMIN = {
  id: '0b6d2f9e-1a3c-4e5f-8a7b-9c0d1e2f3a4b',
  name: 'Ana Admin',
  email: 'admin@demo.com',
  role: 'admin' as const,
  active: true,
};

export const CASHIER = {
  id: '1c7e3a0f-2b4d-4f6a-9b8c-0d1e2f3a4b5c',
  name: 'Carlos Caixa',
  email: 'caixa@demo.com',
  role: 'user' as const,
  active: true,
};

export function tokenSet(suffix = '1', expiresIn = 900) {
  return { accessToken: `access-${suffix}`, refreshToken: `refresh-${suffix}`, expiresIn };
}

/** Stores a valid session and answers /auth/me with `user`. */
export function signedInAs(server: FakeServer, user: typeof ADMIN | typeof CASHIER) {
  window.localStorage.setItem('accessToken', 'access-0');
  window.localStorage.setItem('refreshToken', 'refresh-0');
  window.localStorage.setItem('tokenExpiresAt', String(Date.now() + 15 * 60_000));
  server.on('GET', '/api/auth/me', () => ({ body: { success: true, data: user } }));
}

let sequence = 0;
export function productJson(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const n = String(sequence).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${n}`,
    sku: `SKU-${sequence}`,
    name: `Produto ${sequence}`,
    size: 'M',
    color: 'Azul',
    current_stock: 10,
    minimum_stock: 2,
    cost_price: 10.5,
    sale_price: 19.9,
    active: true,
    ...overrides,
  };
}
