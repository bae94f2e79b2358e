// Store users (admins and staff). Rules: e-mail unique per tenant among live users; an
// admin cannot delete or deactivate themselves; the store always keeps one active admin.
// Changes to admins lock the tenant row, so two concurrent demotions cannot both pass.
import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import {
  type Pagination,
  type User,
  type UserCreate,
  type UserListQuery,
  type UserUpdate,
} from '../../shared/contract';
import { apiFields } from '../db/api-fields';
import { inTransaction, type DbOrTx } from '../db/client';
import { pageOf } from '../db/pages';
import { refusingDuplicates } from '../db/errors';
import { liveIn, liveRow } from '../db/tombstones';
import { refreshTokens, tenants, users, type UserRow } from '../db/schema';
import { conflict } from '../errors';
import { hashPassword } from './passwords';

export const USER_NOT_FOUND = 'Usuário não encontrado.';
export const LAST_ADMIN = 'A loja precisa de pelo menos um administrador ativo.';

const fields = apiFields(users, ['id', 'name', 'email', 'role', 'active', 'createdAt']);

/** The user as the API shows it (never its password hash). */
export function toUser(row: UserRow): User {
  return fields.toApi(row) as User;
}

const live = (tenantId: string) => liveIn(users, tenantId);

function emailTaken(email: string) {
  return conflict(`Já existe um usuário com o e-mail ${email}`);
}

export async function listUsers(
  db: DbOrTx,
  tenantId: string,
  query: UserListQuery,
): Promise<{ users: User[]; pagination: Pagination }> {
  const { rows, pagination } = await pageOf(
    db.select().from(users).where(live(tenantId)).orderBy(asc(users.name), asc(users.email), asc(users.id)).$dynamic(),
    db.select({ total: count() }).from(users).where(live(tenantId)),
    query,
  );
  return { users: rows.map(toUser), pagination };
}

export async function getUser(db: DbOrTx, tenantId: string, id: string): Promise<User> {
  return toUser(await liveRow(db, users, tenantId, id, USER_NOT_FOUND));
}

/** A create or an update whose password, if any, is already its argon2 hash. */
export type WithPasswordHash<T extends { password?: string | undefined }> = Omit<T, 'password'> & {
  passwordHash: string | null;
};

/**
 * The input with its password hashed (argon2id: tens of milliseconds of CPU). A route
 * hashes before its write's transaction opens, so the transaction (PGlite runs one at a
 * time) never waits on it; an input already hashed is returned as it is.
 */
export async function withPasswordHash<T extends { password?: string | undefined }>(
  input: T | WithPasswordHash<T>,
): Promise<WithPasswordHash<T>> {
  if ('passwordHash' in input) return input;
  const { password, ...rest } = input;
  return { ...rest, passwordHash: password ? await hashPassword(password) : null };
}

export async function createUser(
  db: DbOrTx,
  tenantId: string,
  input: UserCreate | WithPasswordHash<UserCreate>,
  tx?: DbOrTx,
): Promise<User> {
  const { passwordHash } = await withPasswordHash(input);
  if (!passwordHash) throw new Error('createUser: senha ausente');
  return refusingDuplicates({ users_tenant_email_key: () => emailTaken(input.email) }, () =>
    inTransaction(db, tx, async (t) => {
      const [row] = await t
        .insert(users)
        .values({ tenantId, name: input.name, email: input.email, role: input.role, passwordHash })
        .returning();
      return toUser(row!);
    }),
  );
}

/** Locks the tenant row (serializes admin changes) and loads the live target user. */
async function lockAndLoad(t: DbOrTx, tenantId: string, id: string): Promise<UserRow> {
  await t.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
  return liveRow(t, users, tenantId, id, USER_NOT_FOUND);
}

/** Throws when `target` is the last active admin and is about to stop being one. */
async function assertNotLastAdmin(t: DbOrTx, tenantId: string, target: UserRow): Promise<void> {
  if (target.role !== 'admin' || !target.active) return;
  const others = await t
    .select({ id: users.id })
    .from(users)
    .where(and(live(tenantId), eq(users.role, 'admin'), eq(users.active, true), ne(users.id, target.id)))
    .limit(1);
  if (others.length === 0) throw conflict(LAST_ADMIN);
}

export async function revokeUserTokens(t: DbOrTx, tenantId: string, userId: string): Promise<void> {
  await t
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)),
    );
}

export async function updateUser(
  db: DbOrTx,
  tenantId: string,
  actorId: string,
  id: string,
  input: UserUpdate | WithPasswordHash<UserUpdate>,
  tx?: DbOrTx,
): Promise<User> {
  const { passwordHash } = await withPasswordHash(input);
  return refusingDuplicates({ users_tenant_email_key: () => emailTaken(input.email) }, () =>
    inTransaction(db, tx, async (t) => {
      const target = await lockAndLoad(t, tenantId, id);
      if (id === actorId && !input.active) throw conflict('Você não pode desativar o próprio usuário.');
      if (input.role !== 'admin' || !input.active) await assertNotLastAdmin(t, tenantId, target);
      const [row] = await t
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          role: input.role,
          active: input.active,
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
        .returning();
      // A deactivated user, or one whose password was reset, loses every session.
      if ((target.active && !input.active) || passwordHash) await revokeUserTokens(t, tenantId, id);
      return toUser(row!);
    }),
  );
}

export async function deleteUser(
  db: DbOrTx,
  tenantId: string,
  actorId: string,
  id: string,
  tx?: DbOrTx,
): Promise<void> {
  await inTransaction(db, tx, async (t) => {
    const target = await lockAndLoad(t, tenantId, id);
    if (id === actorId) throw conflict('Você não pode excluir o próprio usuário.');
    await assertNotLastAdmin(t, tenantId, target);
    await t
      .update(users)
      .set({ deletedAt: new Date(), active: false, updatedAt: new Date() })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
    await revokeUserTokens(t, tenantId, id);
  });
}
