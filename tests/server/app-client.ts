// The app's own API client against a test server listening on a port, signed in as a
// user of the demo store, as a till's session holds it (tokens in memory).
import type { FastifyInstance } from 'fastify';
import { createApiClient, createRefreshRequest } from '../../src/app/lib/api-client';
import { createRefreshCoordinator } from '../../src/app/lib/refresh-coordinator';
import { createTokenStore, type KeyValueStorage } from '../../src/app/lib/token-store';
import { login } from '../../src/server/test/helpers';

function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (k) => values.get(k) ?? null,
    setItem: (k, v) => void values.set(k, v),
    removeItem: (k) => void values.delete(k),
  };
}

/**
 * The app's API client signed in as `email` (password demo123) on the listening `app`, or
 * through another port in front of it (a proxy that drops or holds requests).
 */
export async function appClientOf(app: FastifyInstance, email: string, port?: number) {
  const base = `http://127.0.0.1:${port ?? (app.server.address() as { port: number }).port}/api`;
  const storage = memoryStorage();
  const tokens = createTokenStore(() => storage);
  tokens.setTokens({ ...(await login(app, email, 'demo123')), expiresIn: 900 });
  const refresher = createRefreshCoordinator({
    tokens,
    requestRefresh: createRefreshRequest(undefined, base),
    onRefreshFailed: () => undefined,
    withLock: (task) => task(),
  });
  return createApiClient({ tokens, refresher, base });
}
