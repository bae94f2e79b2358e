// Token refresh (spec §4, §9): before a request when the access token expires within
// REFRESH_THRESHOLD_MS, and once after a 401. Concurrent callers share ONE in-flight
// refresh, and across tabs a Web Lock serialises them: refresh tokens rotate on every
// use and a reused one revokes the whole family, so two refreshes with the same token
// would sign the person out.
import { REFRESH_THRESHOLD_MS } from '../../shared/constants';
import type { TokenSet } from '../../shared/contract';
import { ApiError } from './api-error';
import { serverUnavailable } from './retry-policy';
import type { TokenStore } from './token-store';

export const NO_REFRESH_TOKEN_TEXT = 'No refresh token available';

export type RefreshRequest = (refreshToken: string) => Promise<TokenSet>;
export type LockRunner = <T>(task: () => Promise<T>) => Promise<T>;

export interface RefreshCoordinatorOptions {
  tokens: TokenStore;
  requestRefresh: RefreshRequest;
  /** Called after a refresh the server refused: tokens are already cleared. */
  onRefreshFailed: (error: unknown) => void;
  now?: () => number;
  thresholdMs?: number;
  withLock?: LockRunner;
}

export interface RefreshCoordinator {
  /**
   * Renews the tokens and resolves with the new access token. `staleAccessToken` is the
   * token a request was refused with: when the store already holds another, fresh one
   * (another request or tab refreshed meanwhile) that one is returned without a call.
   */
  refresh(staleAccessToken?: string | null): Promise<string>;
  /** Refreshes first when the access token expires within the threshold. */
  ensureFresh(): Promise<void>;
  /** True when the access token expires within the threshold (and a refresh token exists). */
  needsRefresh(): boolean;
}

const LOCK_NAME = 'balcao-token-refresh';

/** Serialises across tabs with the Web Locks API where it exists. */
export const webLockRunner: LockRunner = (task) => {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(LOCK_NAME, task) as Promise<Awaited<ReturnType<typeof task>>>) : task();
};

export function createRefreshCoordinator(options: RefreshCoordinatorOptions): RefreshCoordinator {
  const { tokens, requestRefresh, onRefreshFailed } = options;
  const now = options.now ?? Date.now;
  const thresholdMs = options.thresholdMs ?? REFRESH_THRESHOLD_MS;
  const withLock = options.withLock ?? webLockRunner;
  let inFlight: Promise<string> | null = null;

  function expiresSoon(): boolean {
    const expiresAt = tokens.getExpiresAt();
    return expiresAt !== null && expiresAt - now() < thresholdMs;
  }

  async function run(staleAccessToken: string | null | undefined): Promise<string> {
    return withLock(async () => {
      const current = tokens.getAccessToken();
      if (current && staleAccessToken !== undefined && current !== staleAccessToken && !expiresSoon()) {
        return current;
      }
      const refreshToken = tokens.getRefreshToken();
      if (!refreshToken) {
        const error = new ApiError(NO_REFRESH_TOKEN_TEXT, 401, 'NO_REFRESH_TOKEN');
        tokens.clear();
        onRefreshFailed(error);
        throw error;
      }
      try {
        const set = await requestRefresh(refreshToken);
        tokens.setTokens(set);
        return set.accessToken;
      } catch (error) {
        if (!serverUnavailable(error)) {
          tokens.clear();
          onRefreshFailed(error);
        }
        throw error;
      }
    });
  }

  function refresh(staleAccessToken?: string | null): Promise<string> {
    if (!inFlight) {
      inFlight = run(staleAccessToken).finally(() => {
        inFlight = null;
      });
    }
    return inFlight;
  }

  function needsRefresh(): boolean {
    return tokens.getRefreshToken() !== null && expiresSoon();
  }

  async function ensureFresh(): Promise<void> {
    if (needsRefresh()) await refresh(tokens.getAccessToken());
  }

  return { refresh, ensureFresh, needsRefresh };
}
