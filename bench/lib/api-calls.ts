// The API side of the year-of-history benches (finance, reports, history): the admin's GET
// of one call as a function to time, the floor every authenticated call pays (and its note
// in the report), the loop that measures each call after it, and the PGlite data dir or
// PostgreSQL database a first server start seeds for them.
import { rmSync } from 'node:fs';
import { api } from '../../tests/e2e/support/api';
import { startServer, type RunningServer } from '../../tests/e2e/support/server';
import { adminToken } from './catalogue';
import { sequential, type Latency } from './latency';
import { withPostgres } from './postgres';
import type { PartContext } from './report';
import { using, withServer } from './resources';
import { fmt } from './stats';

/** A GET with the admin's token that throws on any status but `accepted` (a 404 may mean 'not built yet'). */
export function adminGet(server: RunningServer, token: string, path: string, accepted: readonly number[] = [200]) {
  return async () => {
    const res = await api(server, 'GET', path, { token });
    if (!accepted.includes(res.status)) {
      throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    }
    return res;
  };
}

/** GET /api/auth/me in a row: what any authenticated call costs before its own SQL (HTTP, JWT, session). */
export function authFloor(server: RunningServer, token: string, warmup: number, count: number): Promise<Latency> {
  return sequential(adminGet(server, token, '/api/auth/me'), warmup, count);
}

/** What the API side of a bench measured: the floor, then each call in order. */
export interface ApiPhase<T> {
  /** GET /api/auth/me: what any authenticated call costs before its own SQL (HTTP, JWT, session). */
  floor: Latency;
  calls: T[];
}

type AdminGet = ReturnType<typeof adminGet>;

/**
 * Signs the admin in and times the floor, then hands `measure` each call with its GET (one
 * that throws on a status but `accepted`) and the answer of a first GET.
 */
export async function measureCalls<C extends { path: string }, R extends { call: C }, T>(
  server: RunningServer,
  raw: readonly R[],
  times: { warmup: number; count: number; accepted?: readonly number[] },
  measure: (item: R, get: AdminGet, probe: Awaited<ReturnType<AdminGet>>, token: string) => Promise<T>,
): Promise<ApiPhase<T>> {
  const token = await adminToken(server);
  const floor = await authFloor(server, token, times.warmup, times.count);
  const calls: T[] = [];
  for (const item of raw) {
    const get = adminGet(server, token, item.call.path, times.accepted);
    calls.push(await measure(item, get, await get(), token));
  }
  return { floor, calls };
}

/** The floor beside the calls in the report: no query can take an API call below it. */
export function noteApiFloor(ctx: PartContext, database: string, floor: Latency): void {
  ctx.note(
    `piso da API: GET /api/auth/me (${database})`,
    `p95 ${fmt(floor.p95)} ms (p50 ${fmt(floor.p50)}): HTTP, JWT e a consulta da sessão`,
  );
}

/**
 * A PGlite data dir migrated and seeded by a first start of the server, kept while `fn`
 * runs (its generator and raw queries open it while no server runs) and removed after.
 */
export async function withSeededPglite<T>(fn: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = await using(
    () => startServer(),
    (server) => server.stop({ keepData: true }),
    async (server) => server.dataDir,
  );
  return using(
    async () => dataDir,
    async (dir) => rmSync(dir, { recursive: true, force: true }),
    fn,
  );
}

/**
 * A throwaway PostgreSQL database (lib/postgres.ts) migrated and seeded by a first start
 * of the server, for `fn` to fill and measure; null when PostgreSQL is not there.
 */
export function withSeededPostgres<T>(tag: string, fn: (url: string) => Promise<T>): Promise<T | null> {
  return withPostgres(tag, async (url) => {
    await withServer(
      () => startServer({ DATABASE_URL: url }),
      async () => undefined,
    );
    return fn(url);
  });
}
