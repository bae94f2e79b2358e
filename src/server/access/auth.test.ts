import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed';
import { loginAttempts, refreshTokens, users } from '../db/schema';
import { DEMO_HOST, freshIp, login, OTHER, OTHER_HOST, TEST_JWT_SECRET, NO_STORE, useTestStore } from '../test/helpers';
import { databases } from '../test/testDb';

describe.each(databases())('auth (%s)', (kind) => {
  let { ctx, http } = NO_STORE;

  useTestStore(kind, (store) => ({ ctx, http } = store));

  const loginReq = (body: unknown, opts: { host?: string; ip?: string } = {}) =>
    http.post('/api/auth/login', body, { ip: opts.ip ?? freshIp(), ...(opts.host ? { host: opts.host } : {}) });

  it('logs in with the tenant from the Host header', async () => {
    const res = await loginReq({ email: 'ADMIN@demo.com ', password: 'demo123' });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.expiresIn).toBe(900);
    expect(data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toEqual({
      id: ctx.demo.admin.id,
      name: 'Administrador Demo',
      email: 'admin@demo.com',
      role: 'admin',
      active: true,
      created_at: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    const [, payload] = data.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ sub: ctx.demo.admin.id, tid: ctx.demo.tenant.id, role: 'admin' });
    expect(claims.exp - claims.iat).toBe(900);
    // Stored: only the sha256 of the refresh token, argon2id password hashes.
    const stored = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, ctx.demo.admin.id));
    expect(stored.some((t) => t.tokenHash === data.refreshToken)).toBe(false);
    expect(stored.every((t) => /^[0-9a-f]{64}$/.test(t.tokenHash))).toBe(true);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.demo.admin.id));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('uses tenantId when the Host names no tenant, and refuses unknown tenants', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', 'www.localhost']) {
      const ok = await loginReq(
        { email: DEMO.admin.email, password: 'demo123', tenantId: ctx.demo.tenant.id },
        { host },
      );
      expect(ok.status, host).toBe(200);
      const none = await loginReq({ email: DEMO.admin.email, password: 'demo123' }, { host });
      expect(none.status).toBe(404);
      expect(none.body.error).toBe('Empresa não encontrada ou subdomain inválido');
    }
    const unknownHost = await loginReq({ email: DEMO.admin.email, password: 'demo123' }, { host: 'nada.localhost' });
    expect(unknownHost.status).toBe(404);
    expect(unknownHost.body).toMatchObject({
      code: 'NOT_FOUND',
      error: 'Empresa não encontrada ou subdomain inválido',
    });
    const mismatch = await loginReq({ email: DEMO.admin.email, password: 'demo123', tenantId: ctx.other.tenant.id });
    expect(mismatch.status).toBe(404);
    // The demo admin does not exist in the other store.
    const wrongStore = await loginReq({ email: DEMO.admin.email, password: 'demo123' }, { host: OTHER_HOST });
    expect(wrongStore.status).toBe(401);
  });

  it('answers one generic 401 for a wrong e-mail or password', async () => {
    const wrongPassword = await loginReq({ email: DEMO.admin.email, password: 'errada' });
    const wrongEmail = await loginReq({ email: 'ninguem@demo.com', password: 'demo123' });
    for (const res of [wrongPassword, wrongEmail]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, code: 'UNAUTHENTICATED', error: 'E-mail ou senha incorretos.' });
    }
  });

  it('validates the login payload', async () => {
    const res = await loginReq({ email: 'x', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'password']);
    expect((await loginReq({ email: 'a@b.com', password: 'x', tenantId: 'nope' }, { host: 'localhost' })).status).toBe(
      400,
    );
  });

  it('returns the current user from /me and refuses missing, forged or expired tokens', async () => {
    const s = await login(ctx.app, DEMO.cashier.email, DEMO.cashier.password);
    const me = await http.get('/api/auth/me', { token: s.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: ctx.demo.cashier.id, role: 'user', name: 'Caixa Demo' });

    const missing = await http.get('/api/auth/me');
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('UNAUTHENTICATED');
    expect((await http.get('/api/auth/me', { token: 'abc.def.ghi' })).status).toBe(401);
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const claims = { tid: ctx.demo.tenant.id, role: 'admin' };
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ctx.demo.cashier.id)
      .setIssuer('balcao')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    expect((await http.get('/api/auth/me', { token: expired })).status).toBe(401);
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ctx.demo.cashier.id)
      .setIssuer('balcao')
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('outro-segredo-qualquer-com-32-caracteres!!'));
    expect((await http.get('/api/auth/me', { token: forged })).status).toBe(401);
  });

  it('rotates refresh tokens and revokes the family when a spent one is reused', async () => {
    const s = await login(ctx.app, DEMO.admin.email, DEMO.admin.password);
    const r1 = await http.post('/api/auth/refresh', { refreshToken: s.refreshToken });
    expect(r1.status).toBe(200);
    expect(r1.body.data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });
    expect(r1.body.data.refreshToken).not.toBe(s.refreshToken);
    expect((await http.get('/api/auth/me', { token: r1.body.data.accessToken })).status).toBe(200);

    const r2 = await http.post('/api/auth/refresh', { refreshToken: r1.body.data.refreshToken });
    expect(r2.status).toBe(200);

    // The first token again: theft or replay. 401 and the whole family is revoked...
    const reuse = await http.post('/api/auth/refresh', { refreshToken: s.refreshToken });
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({
      success: false,
      code: 'UNAUTHENTICATED',
      error: 'Sessão expirada. Faça login novamente.',
    });
    // ...so even the newest token of that family is dead.
    expect((await http.post('/api/auth/refresh', { refreshToken: r2.body.data.refreshToken })).status).toBe(401);

    // Other sessions of the same user are other families and live on.
    const other = await login(ctx.app, DEMO.admin.email, DEMO.admin.password);
    expect((await http.post('/api/auth/refresh', { refreshToken: other.refreshToken })).status).toBe(200);

    expect((await http.post('/api/auth/refresh', { refreshToken: 'desconhecido' })).status).toBe(401);
    expect((await http.post('/api/auth/refresh', {})).status).toBe(400);
  });

  it('refuses a refresh on another store host', async () => {
    const s = await login(ctx.app, DEMO.admin.email, DEMO.admin.password);
    const res = await http.post('/api/auth/refresh', { refreshToken: s.refreshToken }, { host: OTHER_HOST });
    expect(res.status).toBe(401);
  });

  it('logout revokes the family and always succeeds', async () => {
    const s = await login(ctx.app, DEMO.cashier.email, DEMO.cashier.password);
    const rotated = await http.post('/api/auth/refresh', { refreshToken: s.refreshToken });
    const out = await http.post('/api/auth/logout', { refreshToken: rotated.body.data.refreshToken });
    expect(out.status).toBe(200);
    expect(out.body.success).toBe(true);
    expect((await http.post('/api/auth/refresh', { refreshToken: rotated.body.data.refreshToken })).status).toBe(401);
    const unknown = await http.post('/api/auth/logout', { refreshToken: 'nunca-existiu' });
    expect(unknown.status).toBe(200);
    expect((await http.post('/api/auth/logout', {})).status).toBe(400);
  });

  it('refuses an inactive user at login, on /me and on refresh', async () => {
    const email = 'inativo@demo.com';
    const admin = await login(ctx.app, DEMO.admin.email, DEMO.admin.password);
    const created = await http.post(
      '/api/users',
      { name: 'Inativo', email, role: 'user', password: 'senha123' },
      { token: admin.accessToken },
    );
    const s = await login(ctx.app, email, 'senha123');
    await http.put(
      `/api/users/${created.body.data.id}`,
      { name: 'Inativo', email, role: 'user', active: false },
      { token: admin.accessToken },
    );
    const res = await loginReq({ email, password: 'senha123' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      code: 'FORBIDDEN',
      error: 'Usuário inativo. Procure o administrador da loja.',
    });
    // A wrong password does not reveal that the account is inactive.
    expect((await loginReq({ email, password: 'errada' })).status).toBe(401);
    expect((await http.get('/api/auth/me', { token: s.accessToken })).status).toBe(401);
    expect((await http.post('/api/auth/refresh', { refreshToken: s.refreshToken })).status).toBe(401);
  });

  it('rate-limits 5 failures per tenant+e-mail in 15 minutes (across IPs), with 429', async () => {
    const email = DEMO.cashier.email;
    for (let i = 0; i < 5; i++) {
      expect((await loginReq({ email, password: `errada${i}` })).status).toBe(401);
    }
    const blocked = await loginReq({ email, password: DEMO.cashier.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(blocked.body.error).toMatch(/^Muitas tentativas de login\. Tente novamente em (15 minutos|14 minutos)\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Same e-mail in the other store is another key.
    const elsewhere = await loginReq(
      { email: OTHER.cashier.email, password: OTHER.cashier.password },
      { host: OTHER_HOST },
    );
    expect(elsewhere.status).toBe(200);
    // Refused attempts are not recorded (hammering does not extend the lockout).
    const rows = await ctx.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.tenantId, ctx.demo.tenant.id), eq(loginAttempts.email, email)));
    expect(rows.filter((r) => r.result === 'failure')).toHaveLength(5);
    expect(rows.filter((r) => r.result === 'pending')).toHaveLength(0);
  });

  it('a success resets the per-e-mail failure count', async () => {
    const email = 'reset@demo.com';
    const admin = await login(ctx.app, DEMO.admin.email, DEMO.admin.password);
    await http.post(
      '/api/users',
      { name: 'Reset', email, role: 'user', password: 'senha123' },
      { token: admin.accessToken },
    );
    for (let i = 0; i < 4; i++) expect((await loginReq({ email, password: 'x' })).status).toBe(401);
    expect((await loginReq({ email, password: 'senha123' })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await loginReq({ email, password: 'x' })).status).toBe(401);
    expect((await loginReq({ email, password: 'senha123' })).status).toBe(429);
  });

  it('rate-limits 50 attempts per IP in 15 minutes, across e-mails and stores', async () => {
    const ip = freshIp();
    const attempts = Array.from({ length: 50 }, (_, i) =>
      loginReq({ email: `quem${i}@demo.com`, password: 'x' }, { ip, host: i % 2 ? DEMO_HOST : OTHER_HOST }),
    );
    const results = await Promise.all(attempts);
    expect(results.every((r) => r.status === 401)).toBe(true);
    const blocked = await loginReq({ email: DEMO.admin.email, password: DEMO.admin.password }, { ip });
    expect(blocked.status).toBe(429);
    expect((await loginReq({ email: DEMO.admin.email, password: DEMO.admin.password })).status).toBe(200);
  });

  it('never lets more than 5 parallel guesses through', async () => {
    const email = DEMO.admin.email;
    const results = await Promise.all(
      Array.from({ length: 12 }, () => loginReq({ email, password: 'chute' }, { host: DEMO_HOST })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
  });
});
