// An admin's password typed at a cashier's till (the credit and return approvals) is
// counted apart from the admin's login: a cashier who types it wrong five times is stopped
// (their own counter), the admin still signs in, another cashier still asks; and one admin's
// approvals have their own counter too, whoever asks.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed';
import { freshIp, login, NO_STORE, request, useTestStore } from '../../test/helpers';
import { databases } from '../../test/testDb';

describe.each(databases())('approval tries (%s)', (kind) => {
  let { ctx, http, admin, cashier } = NO_STORE;
  const tokens: Record<string, string> = {};

  const credit = (token: string, password: string) =>
    http.post(
      '/api/auth/credit-approval',
      { email: DEMO.admin.email, password, sale_id: randomUUID(), amount: 100 },
      { token },
    );
  const returnApproval = (token: string, password: string) =>
    http.post(
      '/api/auth/return-approval',
      { email: DEMO.admin.email, password, sale_id: randomUUID(), return_id: randomUUID(), amount: 100 },
      { token },
    );
  const adminLogin = () =>
    request(ctx.app, 'POST', '/api/auth/login', {
      ip: freshIp(),
      body: { email: DEMO.admin.email, password: DEMO.admin.password },
    });

  useTestStore(kind, async (store) => {
    ({ ctx, http, admin, cashier } = store);
    for (const name of ['beto', 'cida']) {
      const email = `${name}@demo.com`;
      const made = await http.post(
        '/api/users',
        { name, email, role: 'user', password: 'senha-de-caixa' },
        { token: admin, headers: { 'Idempotency-Key': randomUUID() } },
      );
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      tokens[name] = (await login(ctx.app, email, 'senha-de-caixa')).accessToken;
    }
  });

  it("five wrong passwords stop that cashier, never the admin's login; the admin's approvals count on their own", async () => {
    for (let i = 0; i < 5; i++) expect((await credit(cashier, 'errada')).status).toBe(400);
    // The cashier is stopped, even with the right password now.
    const stopped = await returnApproval(cashier, DEMO.admin.password);
    expect(stopped.status).toBe(429);
    expect(stopped.body.error).toMatch(/^Muitas tentativas de senha de administrador neste caixa\. Tente novamente em/);
    expect(stopped.headers['retry-after']).toBeDefined();
    // The admin signs in as ever.
    expect((await adminLogin()).status).toBe(200);

    // Another cashier types five more wrong ones: the admin's approval counter is full (10).
    for (let i = 0; i < 5; i++) expect((await returnApproval(tokens.beto!, 'errada')).status).toBe(400);
    const third = await credit(tokens.cida!, DEMO.admin.password);
    expect(third.status).toBe(429);
    // Still, the admin's login is not locked.
    expect((await adminLogin()).status).toBe(200);
  });
});
