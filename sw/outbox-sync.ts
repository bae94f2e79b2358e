// Background Sync: with the app closed, the worker drains the outbox with the page's own
// sender code (drainOutbox + createTransport over the same API client). It uses the copy of
// the access token the page keeps in IndexedDB and never refreshes: refresh tokens
// rotate, and a refresh here would leave the page holding a spent one. A 401 simply
// stops the drain until the app is opened again.
import { createApiClient } from '../src/app/lib/api-client';
import { ApiError } from '../src/app/lib/api-error';
import type { RefreshCoordinator } from '../src/app/lib/refresh-coordinator';
import type { TokenStore } from '../src/app/lib/token-store';
import { BalcaoDb } from '../src/app/offline/db';
import { createTransport } from '../src/app/offline/send';
import { drainOutbox, withSenderLock, type DrainResult } from '../src/app/offline/sender';
import { META_ACCESS_TOKEN, META_EXPIRES_AT } from '../src/app/offline/session-cache';
import { onAck } from '../src/app/counter/outbox-kinds';

/** A read-only token store over the values the page copied into IndexedDB. */
function workerTokens(accessToken: string | null, expiresAt: number | null): TokenStore {
  return {
    getAccessToken: () => accessToken,
    getRefreshToken: () => null,
    getExpiresAt: () => expiresAt,
    setTokens: () => undefined,
    clear: () => undefined,
    subscribe: () => () => undefined,
  };
}

const noRefresh: RefreshCoordinator = {
  refresh: () => Promise.reject(new ApiError('Sessão expirada. Abra o app para continuar.', 401, 'UNAUTHENTICATED')),
  ensureFresh: () => Promise.resolve(),
  needsRefresh: () => false,
};

/** Drains the outbox once. Rejects when the network failed, so the browser retries later. */
export async function drainFromWorker(db = new BalcaoDb()): Promise<DrainResult | null> {
  try {
    const [token, expiresAt] = await Promise.all([db.meta.get(META_ACCESS_TOKEN), db.meta.get(META_EXPIRES_AT)]);
    const tokens = workerTokens(
      typeof token?.value === 'string' ? token.value : null,
      typeof expiresAt?.value === 'number' ? expiresAt.value : null,
    );
    if (!tokens.getAccessToken() || (tokens.getExpiresAt() ?? 0) <= Date.now()) return null;
    const client = createApiClient({ tokens, refresher: noRefresh });
    const result = await withSenderLock(() => drainOutbox(db, { ...createTransport(client), onAck }));
    if (result?.stopped === 'network') throw new Error('Sem conexão: a sincronização tenta de novo mais tarde');
    return result;
  } finally {
    db.close();
  }
}
