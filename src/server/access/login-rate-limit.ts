// Password attempts, counted in the database so the limits hold across app processes.
// A login counts per tenant+e-mail (failures since the last success inside the window,
// 5 per 15 min) and per IP (every attempt inside the window, 50 per 15 min). An admin's
// password typed at a cashier's till (an approval) is counted apart, never on the admin's
// login: per cashier who asks (their failures since their last approval, 5 per 15 min: a
// cashier cannot go on guessing) and per admin e-mail (failures on that admin's approvals,
// whoever asks, 10 per 15 min), so no cashier can lock an admin out of signing in.
// An attempt is inserted as 'pending' (counted as a failure) BEFORE counting: of N parallel
// attempts the k-th to count sees at least k rows, so no more than the limit get through.
import { and, count, eq, gt, inArray, lt, min, sql, type SQL } from 'drizzle-orm';
import {
  APPROVAL_RATE_LIMIT_ADMIN_MAX,
  APPROVAL_RATE_LIMIT_ASKER_MAX,
  LOGIN_RATE_LIMIT_IP_MAX,
  LOGIN_RATE_LIMIT_MAX,
  LOGIN_RATE_LIMIT_WINDOW_MS,
} from '../../shared/constants';
import type { DbOrTx } from '../db/client';
import { loginAttempts } from '../db/schema';
import { AppError } from '../errors';

export interface LoginLimits {
  emailMax: number;
  ipMax: number;
  /** Failed approvals per cashier who asks. */
  approvalAskerMax: number;
  /** Failed approvals per admin e-mail. */
  approvalAdminMax: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  emailMax: LOGIN_RATE_LIMIT_MAX,
  ipMax: LOGIN_RATE_LIMIT_IP_MAX,
  approvalAskerMax: APPROVAL_RATE_LIMIT_ASKER_MAX,
  approvalAdminMax: APPROVAL_RATE_LIMIT_ADMIN_MAX,
  windowMs: LOGIN_RATE_LIMIT_WINDOW_MS,
};

/** An attempt: a login, or an approval asked by `askedBy` at a till. */
export interface AttemptKey {
  tenantId: string;
  email: string;
  ip: string;
  askedBy?: string | null;
}

const CLEANUP_EVERY_MS = 10 * 60_000;
const KEEP_ATTEMPTS = sql`now() - interval '1 day'`;
let lastCleanup = 0;

const LOGIN_TRIES = 'Muitas tentativas de login.';
const APPROVAL_TRIES = 'Muitas tentativas de senha de administrador neste caixa.';

function rateLimited(what: string, oldest: Date | null, windowMs: number): AppError {
  const waitMs = oldest ? oldest.getTime() + windowMs - Date.now() : windowMs;
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const err = new AppError(
    'RATE_LIMITED',
    `${what} Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
    { retryAfterSeconds: minutes * 60 },
  );
  err.headers['retry-after'] = String(minutes * 60);
  return err;
}

/** One counter: the attempts it sees, whether a success inside the window restarts it, its limit. */
interface Counter {
  of: SQL;
  sinceSuccess: boolean;
  max: number;
}

function countersOf(limits: LoginLimits, key: AttemptKey): Counter[] {
  const a = loginAttempts;
  if (key.askedBy) {
    const approvals = and(eq(a.tenantId, key.tenantId), eq(a.scope, 'approval'))!;
    return [
      { of: and(approvals, eq(a.askedBy, key.askedBy))!, sinceSuccess: true, max: limits.approvalAskerMax },
      { of: and(approvals, eq(a.email, key.email))!, sinceSuccess: true, max: limits.approvalAdminMax },
    ];
  }
  const logins = eq(a.scope, 'login');
  return [
    {
      of: and(logins, eq(a.tenantId, key.tenantId), eq(a.email, key.email))!,
      sinceSuccess: true,
      max: limits.emailMax,
    },
    { of: and(logins, eq(a.ip, key.ip))!, sinceSuccess: false, max: limits.ipMax },
  ];
}

/** How many attempts a counter holds inside the window, and the oldest of them. */
async function tally(db: DbOrTx, counter: Counter, since: SQL): Promise<{ n: number; oldest: Date | null }> {
  const a = loginAttempts;
  if (!counter.sinceSuccess) {
    const [row] = await db
      .select({ n: count(), oldest: min(a.createdAt) })
      .from(a)
      .where(and(counter.of, gt(a.createdAt, since)));
    return row ?? { n: 0, oldest: null };
  }
  const lastSuccess = db
    .select({ at: sql`max(${a.createdAt})` })
    .from(a)
    .where(and(counter.of, eq(a.result, 'success'), gt(a.createdAt, since)));
  const [row] = await db
    .select({ n: count(), oldest: min(a.createdAt) })
    .from(a)
    .where(
      and(
        counter.of,
        inArray(a.result, ['pending', 'failure']),
        gt(a.createdAt, sql`coalesce((${lastSuccess}), ${since})`),
      ),
    );
  return row ?? { n: 0, oldest: null };
}

/** Records a pending attempt and returns its id, or throws RATE_LIMITED (recording nothing). */
export async function beginLoginAttempt(db: DbOrTx, limits: LoginLimits, key: AttemptKey): Promise<string> {
  if (Date.now() - lastCleanup > CLEANUP_EVERY_MS) {
    lastCleanup = Date.now();
    await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, KEEP_ATTEMPTS));
  }
  const approval = Boolean(key.askedBy);
  const [attempt] = await db
    .insert(loginAttempts)
    .values({
      tenantId: key.tenantId,
      email: key.email,
      ip: key.ip,
      result: 'pending',
      scope: approval ? 'approval' : 'login',
      askedBy: key.askedBy ?? null,
    })
    .returning({ id: loginAttempts.id });

  const since = sql`now() - make_interval(secs => ${limits.windowMs / 1000})`;
  for (const counter of countersOf(limits, key)) {
    const { n, oldest } = await tally(db, counter, since);
    if (n <= counter.max) continue;
    // A refused attempt does not count, so hammering does not extend the lockout.
    await db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.tenantId, key.tenantId), eq(loginAttempts.id, attempt!.id)));
    throw rateLimited(approval ? APPROVAL_TRIES : LOGIN_TRIES, oldest, limits.windowMs);
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
