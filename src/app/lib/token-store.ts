// Where the session tokens live: localStorage under the keys of spec §9.
import { STORAGE_KEYS } from '../../shared/constants';
import type { TokenSet } from '../../shared/contract';

export interface TokenStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  /** Epoch milliseconds at which the access token expires, or null when unknown. */
  getExpiresAt(): number | null;
  setTokens(tokens: TokenSet): void;
  clear(): void;
  /** Called after setTokens or clear (in this tab). Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** The part of Web Storage used here (typed without the DOM lib: the worker reads this file too). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const browserStorage = () => (globalThis as unknown as { localStorage: KeyValueStorage }).localStorage;

export function createTokenStore(
  storage: () => KeyValueStorage = browserStorage,
  now: () => number = Date.now,
): TokenStore {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    getAccessToken: () => storage().getItem(STORAGE_KEYS.accessToken),
    getRefreshToken: () => storage().getItem(STORAGE_KEYS.refreshToken),
    getExpiresAt() {
      const raw = storage().getItem(STORAGE_KEYS.tokenExpiresAt);
      const value = raw === null ? NaN : Number(raw);
      return Number.isFinite(value) ? value : null;
    },
    setTokens({ accessToken, refreshToken, expiresIn }) {
      const s = storage();
      s.setItem(STORAGE_KEYS.accessToken, accessToken);
      s.setItem(STORAGE_KEYS.refreshToken, refreshToken);
      s.setItem(STORAGE_KEYS.tokenExpiresAt, String(now() + expiresIn * 1000));
      notify();
    },
    clear() {
      const s = storage();
      s.removeItem(STORAGE_KEYS.accessToken);
      s.removeItem(STORAGE_KEYS.refreshToken);
      s.removeItem(STORAGE_KEYS.tokenExpiresAt);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** True when the stored access token is still valid, or a refresh token may renew it. */
export function hasRestorableSession(tokens: TokenStore, now: number = Date.now()): boolean {
  const access = tokens.getAccessToken();
  const expiresAt = tokens.getExpiresAt();
  const accessValid = access !== null && (expiresAt === null || expiresAt > now);
  return accessValid || tokens.getRefreshToken() !== null;
}
