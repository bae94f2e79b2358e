import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed';
import { idempotencyKeys, refreshTokens, users } from '../db/schema';
import { requestHashOf } from '../core/idempotency';
import { createTokenService } from '../core/tokens';
import { deleteUser, LAST_ADMIN, updateUser } from './users';
import { login, NO_UUID, TEST_JWT_SECRET, NO_STORE, useTestStore, expectEachRefused } from '../test/helpers';
import { databases } from '../test/testDb';

describe.each(databases())('users (%s)', (kind) => {
  let { ctx, http, admin } = NO_STORE;

  const liveUsers = async () =>
    ctx.db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, ctx.demo.tenant.id), isNull(users.deletedAt)));

  useTestStore(kind, (store) => ({ ctx, http, admin } = store));

  it('lists live users of the store, without password hashes, as a page of the list shape', async () => {
    const res = await http.get('/api/users', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1 });
    expect(res.body.data.users.map((u: { email: string }) => u.email)).toEqual(['admin@demo.com', 'caixa@demo.com']);
    for (const u of res.body.data.users)
      expect(Object.keys(u).sort()).toEqual(['active', 'created_at', 'email', 'id', 'name', 'role']);
    expect(JSON.stringify(res.body)).not.toMatch(/argon|password/i);
    const second = await http.get('/api/users?page=2&limit=1', { token: admin });
    expect(second.body.data.users.map((u: { email: string }) => u.email)).toEqual(['caixa@demo.com']);
    expect(second.body.data.pagination).toEqual({ page: 2, limit: 1, total: 2, totalPages: 2 });
    const tooBig = await http.get('/api/users?limit=201', { token: admin });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.details).toEqual([expect.objectContaining({ path: 'limit' })]);
  });

  it('under an Idempotency-Key, the stored request hash covers the password only sealed with the server secret', async () => {
    const key = randomUUID();
    const body = { name: 'Caixa Chave', email: 'chave@demo.com', role: 'user', password: 'senha123' };
    const res = await http.post('/api/users', body, { token: admin, headers: { 'Idempotency-Key': key } });
    expect(res.status).toBe(201);
    const [row] = await ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.tenantId, ctx.demo.tenant.id), eq(idempotencyKeys.key, key)));
    const hashOf = (password: string) =>
      requestHashOf({ method: 'POST', path: '/api/users', body: { ...body, password } });
    // A sha256 over the plain password could be brute-forced from a copy of the database.
    expect(row!.requestHash).not.toBe(hashOf('senha123'));
    expect(row!.requestHash).toBe(hashOf(createTokenService(TEST_JWT_SECRET).seal('senha123')));
    await login(ctx.app, 'chave@demo.com', 'senha123');
  });

  it('creates a user who can log in; e-mails are unique per store', async () => {
    const res = await http.post(
      '/api/users',
      { name: 'Vendedora Nova', email: 'Nova@Demo.com', role: 'user', password: 'senha123' },
      { token: admin },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Vendedora Nova', email: 'nova@demo.com', role: 'user', active: true });
    expect(JSON.stringify(res.body)).not.toContain('senha123');
    await login(ctx.app, 'nova@demo.com', 'senha123');

    const dup = await http.post(
      '/api/users',
      { name: 'Outra', email: 'NOVA@demo.com', role: 'admin', password: 'senha123' },
      { token: admin },
    );
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      success: false,
      code: 'CONFLICT',
      error: 'Já existe um usuário com o e-mail nova@demo.com',
    });

    const clash = await http.put(
      `/api/users/${res.body.data.id}`,
      { name: 'Vendedora Nova', email: 'caixa@demo.com', role: 'user', active: true },
      { token: admin },
    );
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('Já existe um usuário com o e-mail caixa@demo.com');

    // The other store may have the same e-mail.
    const other = await login(ctx.app, 'admin@outra.com', 'outra123', 'outra.localhost:3000');
    const elsewhere = await http.post(
      '/api/users',
      { name: 'Nova', email: 'nova@demo.com', role: 'user', password: 'senha123' },
      { token: other.accessToken, host: 'outra.localhost:3000' },
    );
    expect(elsewhere.status).toBe(201);
  });

  it('validates input (400 with details, nothing written)', async () => {
    const before = (await liveUsers()).length;
    const cases: [unknown, string][] = [
      [{ email: 'a@demo.com', password: 'senha123' }, 'name'],
      [{ name: 'A', email: 'nao-email', password: 'senha123' }, 'email'],
      [{ name: 'A', email: 'a@demo.com', password: '123' }, 'password'],
      [{ name: 'A', email: 'a@demo.com', password: 'senha123', role: 'root' }, 'role'],
    ];
    await expectEachRefused(cases, (body) => http.post('/api/users', body, { token: admin }));
    const put = await http.put(`/api/users/${ctx.demo.cashier.id}`, { name: 'Sem resto' }, { token: admin });
    expect(put.status).toBe(400);
    expect((await liveUsers()).length).toBe(before);
    expect((await http.put('/api/users/abc', {}, { token: admin })).status).toBe(400);
    expect(
      (
        await http.put(
          `/api/users/${NO_UUID}`,
          { name: 'X', email: 'x@demo.com', role: 'user', active: true },
          { token: admin },
        )
      ).status,
    ).toBe(404);
    expect((await http.delete(`/api/users/${NO_UUID}`, { token: admin })).status).toBe(404);
  });

  it('updates name, role and password; a new password ends old sessions', async () => {
    const created = await http.post(
      '/api/users',
      { name: 'Temporário', email: 'temp@demo.com', role: 'user', password: 'senha123' },
      { token: admin },
    );
    const id = created.body.data.id;
    const s = await login(ctx.app, 'temp@demo.com', 'senha123');
    const res = await http.put(
      `/api/users/${id}`,
      { name: 'Gerente', email: 'temp@demo.com', role: 'admin', active: true, password: 'nova-senha' },
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Gerente', role: 'admin', active: true });
    expect((await http.post('/api/auth/refresh', { refreshToken: s.refreshToken })).status).toBe(401);
    const s2 = await login(ctx.app, 'temp@demo.com', 'nova-senha');
    expect(s2.user.role).toBe('admin');
    // Role comes from the database on each request: the old access token now acts as admin.
    expect((await http.get('/api/users', { token: s.accessToken })).status).toBe(200);
  });

  it('deactivating revokes sessions; reactivating lets the user back in', async () => {
    const s = await login(ctx.app, DEMO.cashier.email, DEMO.cashier.password);
    const body = { name: 'Caixa Demo', email: DEMO.cashier.email, role: 'user', active: false };
    expect((await http.put(`/api/users/${ctx.demo.cashier.id}`, body, { token: admin })).status).toBe(200);
    const live = await ctx.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, ctx.demo.cashier.id), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
    expect((await http.get('/api/products', { token: s.accessToken })).status).toBe(401);
    expect(
      (await http.put(`/api/users/${ctx.demo.cashier.id}`, { ...body, active: true }, { token: admin })).status,
    ).toBe(200);
    await login(ctx.app, DEMO.cashier.email, DEMO.cashier.password);
  });

  it('deletes a user: sessions end, login fails, the e-mail is free again', async () => {
    const created = await http.post(
      '/api/users',
      { name: 'Sai Logo', email: 'sai@demo.com', role: 'user', password: 'senha123' },
      { token: admin },
    );
    const s = await login(ctx.app, 'sai@demo.com', 'senha123');
    const del = await http.delete(`/api/users/${created.body.data.id}`, { token: admin });
    expect(del.status).toBe(200);
    expect(del.body.success).toBe(true);
    expect((await http.get('/api/auth/me', { token: s.accessToken })).status).toBe(401);
    expect((await http.post('/api/auth/refresh', { refreshToken: s.refreshToken })).status).toBe(401);
    const again = await http.post(
      '/api/auth/login',
      { email: 'sai@demo.com', password: 'senha123' },
      { ip: '10.9.9.9' },
    );
    expect(again.status).toBe(401);
    const list = await http.get('/api/users?limit=200', { token: admin });
    expect(list.body.data.users.some((u: { email: string }) => u.email === 'sai@demo.com')).toBe(false);
    const recreated = await http.post(
      '/api/users',
      { name: 'Voltou', email: 'sai@demo.com', role: 'user', password: 'senha123' },
      { token: admin },
    );
    expect(recreated.status).toBe(201);
    expect((await http.delete(`/api/users/${created.body.data.id}`, { token: admin })).status).toBe(404);
  });

  it('an admin cannot delete or deactivate themselves', async () => {
    const me = ctx.demo.admin;
    const del = await http.delete(`/api/users/${me.id}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.error).toBe('Você não pode excluir o próprio usuário.');
    const off = await http.put(
      `/api/users/${me.id}`,
      { name: me.name, email: me.email, role: 'admin', active: false },
      { token: admin },
    );
    expect(off.status).toBe(409);
    expect(off.body.error).toBe('Você não pode desativar o próprio usuário.');
  });

  it('the last active admin can never be demoted, deactivated or deleted', async () => {
    // Leave the demo admin as the only active admin of the store.
    for (const u of await liveUsers()) {
      if (u.role === 'admin' && u.id !== ctx.demo.admin.id) {
        await http.delete(`/api/users/${u.id}`, { token: admin });
      }
    }
    const me = ctx.demo.admin;
    const demote = await http.put(
      `/api/users/${me.id}`,
      { name: me.name, email: me.email, role: 'user', active: true },
      { token: admin },
    );
    expect(demote.status).toBe(409);
    expect(demote.body).toEqual({ success: false, code: 'CONFLICT', error: LAST_ADMIN });
    // The route never lets a non-admin reach these, so drive the service directly.
    const tenantId = ctx.demo.tenant.id;
    const actor = ctx.demo.cashier.id;
    await expect(deleteUser(ctx.db, tenantId, actor, me.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: LAST_ADMIN,
    });
    await expect(
      updateUser(ctx.db, tenantId, actor, me.id, { name: me.name, email: me.email, role: 'admin', active: false }),
    ).rejects.toMatchObject({ message: LAST_ADMIN });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ role: 'admin', active: true, deletedAt: null });

    // With a second admin, demoting the first is fine.
    const second = await http.post(
      '/api/users',
      { name: 'Segundo Admin', email: 'admin2@demo.com', role: 'admin', password: 'senha123' },
      { token: admin },
    );
    const ok = await http.put(
      `/api/users/${me.id}`,
      { name: me.name, email: me.email, role: 'user', active: true },
      { token: admin },
    );
    expect(ok.status).toBe(200);
    // Now the first one is a cashier and cannot manage users anymore.
    expect((await http.get('/api/users', { token: admin })).status).toBe(403);
    const s2 = await login(ctx.app, 'admin2@demo.com', 'senha123');
    const restore = await http.put(
      `/api/users/${me.id}`,
      { name: me.name, email: me.email, role: 'admin', active: true },
      { token: s2.accessToken },
    );
    expect(restore.status).toBe(200);
    expect(second.status).toBe(201);
  });
});
