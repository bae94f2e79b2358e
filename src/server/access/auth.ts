// Sessions: login, refresh rotation with reuse detection, logout, and the per-request
// resolution of an access token into the caller (re-read from the database each time,
// so a deactivated, deleted or demoted user loses access at once).
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S } from '../../shared/constants';
import type { LoginResult, TokenSet } from '../../shared/contract';
import type { AuthContext } from '../context';
import type { Db, DbOrTx } from '../db/client';
import { refreshTokens, tenants, users, type UserRow } from '../db/schema';
import { AppError, MESSAGES, notFound, unauthenticated } from '../errors';
import { beginLoginAttempt, settleLoginAttempt, type LoginLimits } from './login-rate-limit';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { findTenantBySubdomain, getTenant } from './tenants';
import { hashRefreshToken, newRefreshToken, type TokenService } from '../core/tokens';
import { toUser } from './users';

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  loginLimits: LoginLimits;
}

const OTHER_TENANT = 'Esta sessão pertence a outra empresa. Faça login novamente.';

async function issueTokens(db: DbOrTx, tokens: TokenService, user: UserRow, familyId: string): Promise<TokenSet> {
  const refresh = newRefreshToken();
  await db.insert(refreshTokens).values({
    tenantId: user.tenantId,
    userId: user.id,
    familyId,
    tokenHash: refresh.hash,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000),
  });
  const accessToken = await tokens.signAccess({ userId: user.id, tenantId: user.tenantId, role: user.role });
  return { accessToken, refreshToken: refresh.token, expiresIn: ACCESS_TOKEN_TTL_S };
}

export interface LoginInput {
  email: string;
  password: string;
  tenantId?: string | undefined;
  /** Tenant named by the Host header, if any; it wins over tenantId. */
  hostSubdomain: string | null;
  ip: string;
}

/**
 * The active user of `tenantId` with this e-mail and password, under the attempt limits
 * (a login; or, with `askedBy`, an admin's approval typed at that user's till, counted
 * apart: login-rate-limit.ts); else 401 / 403.
 */
export async function checkCredentials(
  deps: Pick<AuthDeps, 'db' | 'loginLimits'>,
  tenantId: string,
  input: { email: string; password: string; ip: string; askedBy?: string | null },
): Promise<UserRow> {
  const { db } = deps;
  const attemptId = await beginLoginAttempt(db, deps.loginLimits, {
    tenantId: tenantId,
    email: input.email,
    ip: input.ip,
    askedBy: input.askedBy ?? null,
  });
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, input.email), isNull(users.deletedAt)));
  let ok = false;
  if (user) ok = await verifyPassword(user.passwordHash, input.password);
  else await burnPasswordCheck(input.password); // same cost: no e-mail enumeration by timing
  if (!user || !ok) {
    await settleLoginAttempt(db, tenantId, attemptId, 'failure');
    throw new AppError('UNAUTHENTICATED', MESSAGES.badCredentials);
  }
  // Right password: not a guess, so it settles as a success even for an inactive user.
  await settleLoginAttempt(db, tenantId, attemptId, 'success');
  if (!user.active) throw new AppError('FORBIDDEN', MESSAGES.inactiveUser);
  return user;
}

export async function login(deps: AuthDeps, input: LoginInput): Promise<LoginResult> {
  const { db } = deps;
  const tenant = input.hostSubdomain
    ? await findTenantBySubdomain(db, input.hostSubdomain)
    : input.tenantId
      ? await getTenant(db, input.tenantId)
      : null;
  if (!tenant || (input.tenantId && input.tenantId !== tenant.id)) throw notFound(MESSAGES.tenantNotFound);

  const user = await checkCredentials(deps, tenant.id, input);
  const tokenSet = await issueTokens(db, deps.tokens, user, randomUUID());
  return { ...tokenSet, user: toUser(user) };
}

type RefreshOutcome = { ok: true; tokens: TokenSet } | { ok: false; message: string };

/**
 * Rotates a refresh token: the presented one is spent, a new one of the same family is
 * issued. Presenting a spent token means it was stolen or replayed: the whole family is
 * revoked (committed, then 401).
 */
export async function refreshSession(
  deps: AuthDeps,
  refreshToken: string,
  hostSubdomain: string | null,
): Promise<TokenSet> {
  const hash = hashRefreshToken(refreshToken);
  const outcome = await deps.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const [row] = await tx
      .select({ token: refreshTokens, user: users, subdomain: tenants.subdomain })
      .from(refreshTokens)
      .innerJoin(users, and(eq(users.tenantId, refreshTokens.tenantId), eq(users.id, refreshTokens.userId)))
      .innerJoin(tenants, eq(tenants.id, refreshTokens.tenantId))
      .where(eq(refreshTokens.tokenHash, hash))
      .for('update', { of: refreshTokens });
    if (!row) return { ok: false, message: MESSAGES.unauthenticated };
    const { token, user } = row;
    if (token.revokedAt || token.expiresAt.getTime() <= Date.now()) {
      return { ok: false, message: MESSAGES.unauthenticated };
    }
    if (token.usedAt) {
      await revokeTokenFamily(tx, token);
      return { ok: false, message: MESSAGES.unauthenticated };
    }
    if (hostSubdomain && hostSubdomain !== row.subdomain) return { ok: false, message: OTHER_TENANT };
    if (user.deletedAt || !user.active) {
      await revokeTokenFamily(tx, token);
      return { ok: false, message: user.deletedAt ? MESSAGES.unauthenticated : MESSAGES.inactiveUser };
    }
    await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.tenantId, token.tenantId), eq(refreshTokens.id, token.id)));
    return { ok: true, tokens: await issueTokens(tx, deps.tokens, user, token.familyId) };
  });
  if (!outcome.ok) throw unauthenticated(outcome.message);
  return outcome.tokens;
}

/** Revokes the token's whole family. Unknown tokens are fine: logout always succeeds. */
export async function logout(db: DbOrTx, refreshToken: string): Promise<void> {
  const [row] = await db
    .select({ tenantId: refreshTokens.tenantId, familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
  if (!row) return;
  await revokeTokenFamily(db, row);
}

/** Revokes every token of a login's family not yet revoked (reuse of a spent one, logout, a user turned away). */
function revokeTokenFamily(db: DbOrTx, family: { tenantId: string; familyId: string }) {
  return db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.tenantId, family.tenantId),
        eq(refreshTokens.familyId, family.familyId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/** Bearer token => the caller, checked against the database and the Host's tenant. */
/**
 * The caller's user and store, read on every authenticated request: prepared once per
 * database (a named statement on each connection), so neither the query builder nor the
 * planner runs again for it.
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();
function prepareSessionQuery(db: Db) {
  return db
    .select({ id: users.id, role: users.role, active: users.active, subdomain: tenants.subdomain })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(
      and(eq(users.tenantId, sql.placeholder('tid')), eq(users.id, sql.placeholder('sub')), isNull(users.deletedAt)),
    )
    .prepare('auth_session');
}
function sessionQuery(db: Db) {
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = prepareSessionQuery(db)));
  return query;
}

export async function resolveSession(
  deps: Pick<AuthDeps, 'db' | 'tokens'>,
  authorization: string | undefined,
  hostSubdomain: string | null,
): Promise<AuthContext> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) throw unauthenticated(MESSAGES.notAuthenticated);
  const claims = await deps.tokens.verifyAccess(match[1]!);
  if (!claims) throw unauthenticated();
  const [row] = await sessionQuery(deps.db).execute({ tid: claims.tid, sub: claims.sub });
  if (!row) throw unauthenticated();
  if (!row.active) throw unauthenticated(MESSAGES.inactiveUser);
  if (hostSubdomain && hostSubdomain !== row.subdomain) throw unauthenticated(OTHER_TENANT);
  return { userId: row.id, tenantId: claims.tid, role: row.role, subdomain: row.subdomain };
}
