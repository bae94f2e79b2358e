// Login rate limit, counted in the database so it holds across app processes:
// per tenant+e-mail, failures since the last success inside the window (5 per 15 min);
// per IP, every attempt inside the window (50 per 15 min).
// An attempt is inserted as 'pending' (counted as a failure) BEFORE counting: of N parallel
// attempts the k-th to count sees at least k rows, so no more than the limit get through.
import { and, count, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import { LOGIN_RATE_LIMIT_IP_MAX, LOGIN_RATE_LIMIT_MAX, LOGIN_RATE_LIMIT_WINDOW_MS } from '../../shared/constants';
import type { DbOrTx } from '../db/client';
import { loginAttempts } from '../db/schema';
import { AppError } from '../errors';

export interface LoginLimits {
  emailMax: number;
  ipMax: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  emailMax: LOGIN_RATE_LIMIT_MAX,
  ipMax: LOGIN_RATE_LIMIT_IP_MAX,
  windowMs: LOGIN_RATE_LIMIT_WINDOW_MS,
};

const CLEANUP_EVERY_MS = 10 * 60_000;
const KEEP_ATTEMPTS = sql`now() - interval '1 day'`;
let lastCleanup = 0;

function rateLimited(oldest: Date | null, windowMs: number): AppError {
  const waitMs = oldest ? oldest.getTime() + windowMs - Date.now() : windowMs;
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const err = new AppError(
    'RATE_LIMITED',
    `Muitas tentativas de login. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
    { retryAfterSeconds: minutes * 60 },
  );
  err.headers['retry-after'] = String(minutes * 60);
  return err;
}

/** Records a pending attempt and returns its id, or throws RATE_LIMITED (recording nothing). */
export async function beginLoginAttempt(
  db: DbOrTx,
  limits: LoginLimits,
  key: { tenantId: string; email: string; ip: string },
): Promise<string> {
  if (Date.now() - lastCleanup > CLEANUP_EVERY_MS) {
    lastCleanup = Date.now();
    await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, KEEP_ATTEMPTS));
  }
  const [attempt] = await db
    .insert(loginAttempts)
    .values({ ...key, result: 'pending' })
    .returning({ id: loginAttempts.id });

  const since = sql`now() - make_interval(secs => ${limits.windowMs / 1000})`;
  const sameEmail = and(eq(loginAttempts.tenantId, key.tenantId), eq(loginAttempts.email, key.email));
  const lastSuccess = db
    .select({ at: sql`max(${loginAttempts.createdAt})` })
    .from(loginAttempts)
    .where(and(sameEmail, eq(loginAttempts.result, 'success'), gt(loginAttempts.createdAt, since)));
  const [email] = await db
    .select({ n: count(), oldest: min(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(
      and(
        sameEmail,
        inArray(loginAttempts.result, ['pending', 'failure']),
        gt(loginAttempts.createdAt, sql`coalesce((${lastSuccess}), ${since})`),
      ),
    );
  const [ip] = await db
    .select({ n: count(), oldest: min(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, key.ip), gt(loginAttempts.createdAt, since)));

  const blocked = (email && email.n > limits.emailMax && email) || (ip && ip.n > limits.ipMax && ip) || null;
  if (blocked) {
    // A refused attempt does not count, so hammering does not extend the lockout.
    await db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.tenantId, key.tenantId), eq(loginAttempts.id, attempt!.id)));
    throw rateLimited(blocked.oldest, limits.windowMs);
  }
  return attempt!.id;
}

export async function settleLoginAttempt(
  db: DbOrTx,
  tenantId: string,
  attemptId: string,
  result: 'success' | 'failure',
): Promise<void> {
  await db
    .update(loginAttempts)
    .set({ result })
    .where(and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.id, attemptId)));
}
