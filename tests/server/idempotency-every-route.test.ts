// Every POST, PUT, PATCH and DELETE route of the app honours the Idempotency-Key: the same
// key with the same request replays the stored answer and writes nothing more; the same
// key with another request (another body, or another id where there is no body) is 409
// IDEMPOTENCY_MISMATCH and writes nothing. The routes come from the app itself
// (app.mutatingRoutes, collected as Fastify registers them): a new route fails here until
// it has a case, and a route that ignores the key fails its case.
import { randomUUID } from 'node:crypto';
import { tablesFingerprint } from './fingerprint';
import { describe, expect, it } from 'vitest';
import { NO_STORE, useTestStore } from '../../src/server/test/helpers';
import { databases } from '../../src/server/test/testDb';
import { routeCases } from './idempotency-cases';
import { NOTES_APP_OPTIONS } from './idempotency-fiscal-notes-cases';
import type { Answer, Call, Case } from './idempotency-fixtures';

/** The routes that take no key, each with the reason it declares (http/idempotency.ts). */
const WITHOUT_KEY = [
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/credit-approval',
  'POST /api/auth/return-approval',
  'POST /api/company',
  'DELETE /api/company/:id',
  'POST /csp-report',
  'POST /api/stock-entries/nfe/preview',
  'POST /api/imports/:kind/preview',
];

describe.each(databases())('Idempotency-Key on every mutating route (%s)', (kind) => {
  let { ctx, http, admin } = NO_STORE;
  let cases: Record<string, () => Promise<Case>>;

  /** Every table of the database as one hash: equal means nothing was written. */
  const fingerprint = () => tablesFingerprint(ctx.db);

  useTestStore(
    kind,
    (store) => {
      ({ ctx, http, admin } = store);
      cases = routeCases({ db: ctx.db, http, admin, tenantId: store.tenantId });
    },
    {},
    NOTES_APP_OPTIONS,
  );

  const byHeader = async (method: string, call: Call, key: string): Promise<Answer> => {
    const res = await http.call(method as 'POST', call.url, {
      token: admin,
      headers: { 'Idempotency-Key': key },
      ...(call.body === undefined ? {} : { body: call.body }),
    });
    return { status: res.status, body: res.body, replayed: res.headers['idempotent-replayed'] === 'true' };
  };

  it('the routes without a key are only those that say why', () => {
    const routes = ctx.app.mutatingRoutes;
    expect(routes.length).toBeGreaterThan(40);
    const without = routes.filter((r) => r.withoutIdempotencyKey);
    expect(without.map((r) => `${r.method} ${r.url}`).sort()).toEqual([...WITHOUT_KEY].sort());
    for (const r of without) expect(r.withoutIdempotencyKey!.length).toBeGreaterThan(20);
  });

  it('every other one replays the same request and refuses another one under the same key, writing once', async () => {
    const routes = ctx.app.mutatingRoutes.filter((r) => !r.withoutIdempotencyKey);
    const missing = routes.map((r) => `${r.method} ${r.url}`).filter((name) => !(name in cases));
    expect(missing, 'routes with no case in this test: add one').toEqual([]);
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const c = await cases[name]!();
      const send = c.send ?? byHeader;
      const key = randomUUID();
      const before = await fingerprint();
      const first = await send(route.method, c.call, key);
      expect(first.status, `${name}: ${JSON.stringify(first.body)}`).toBeLessThan(300);
      expect(first.replayed, name).not.toBe(true);
      const written = await fingerprint();
      expect(written, `${name} wrote nothing`).not.toBe(before);

      const again = await send(route.method, c.call, key);
      expect(again, `${name}: the same request under the same key`).toEqual({
        ...first,
        replayed: first.replayed === null ? null : true,
      });
      expect(await fingerprint(), `${name}: the replay wrote`).toBe(written);

      const other = await send(route.method, c.other, key);
      expect(other.status, `${name}: another request under the same key`).toBe(409);
      expect(other.body, name).toMatchObject({ success: false, code: 'IDEMPOTENCY_MISMATCH' });
      expect(await fingerprint(), `${name}: the mismatch wrote`).toBe(written);
    }
  });
});
