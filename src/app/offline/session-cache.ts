// What the device remembers of the session in IndexedDB: the last signed-in user (so a
// till that opens without network stays signed in) and a copy of the current access
// token for the service worker's Background Sync (never the refresh token).
import { UserSchema, type User } from '../../shared/contract/users';
import type { TokenStore } from '../lib/token-store';
import type { BalcaoDb } from './db';

export const META_LAST_USER = 'auth.lastUser';
export const META_ACCESS_TOKEN = 'auth.accessToken';
export const META_EXPIRES_AT = 'auth.expiresAt';

export async function saveLastUser(db: BalcaoDb, user: User): Promise<void> {
  await db.meta.put({ key: META_LAST_USER, value: user });
}

/** The last user this device saw signed in, or null (also for a row that no longer parses). */
export async function loadLastUser(db: BalcaoDb): Promise<User | null> {
  const row = await db.meta.get(META_LAST_USER);
  const parsed = UserSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

/**
 * Who makes an act at this device now: the signed-in user, as the act records it
 * (`made_by`). The outbox may deliver it later under whoever is signed in then; the server
 * holds the caixa rule to this user instead. Nobody known: nothing (the deliverer counts).
 */
export async function madeByNow(db: BalcaoDb): Promise<{ made_by?: string }> {
  const user = await loadLastUser(db);
  return user ? { made_by: user.id } : {};
}

/** Copies the access token (and its expiry) where the service worker can read it. */
export async function writeAccessToken(db: BalcaoDb, tokens: TokenStore): Promise<void> {
  const accessToken = tokens.getAccessToken();
  if (accessToken === null) {
    await db.meta.bulkDelete([META_ACCESS_TOKEN, META_EXPIRES_AT]);
    return;
  }
  await db.meta.bulkPut([
    { key: META_ACCESS_TOKEN, value: accessToken },
    { key: META_EXPIRES_AT, value: tokens.getExpiresAt() },
  ]);
}

/** Keeps the copy current whenever this tab's tokens change. Returns the unsubscribe function. */
export function mirrorAccessToken(db: BalcaoDb, tokens: TokenStore): () => void {
  const write = () => {
    writeAccessToken(db, tokens).catch(() => undefined);
  };
  write();
  return tokens.subscribe(write);
}

/**
 * Signing out (or a session the server ended): forget the user, the token copy and the
 * cached query data. The outbox, the local sales and the catalogue mirror stay: they
 * belong to the store, and pending sales go out at the next sign-in.
 */
export async function clearSessionData(db: BalcaoDb): Promise<void> {
  await db.transaction('rw', db.meta, db.queryCache, async () => {
    await db.meta.bulkDelete([META_LAST_USER, META_ACCESS_TOKEN, META_EXPIRES_AT]);
    await db.queryCache.clear();
  });
}
