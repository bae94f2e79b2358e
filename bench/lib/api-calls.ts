// The API side of the year-of-history benches (finance, reports, history): the admin's GET
// of one call as a function to time, the floor every authenticated call pays, and the
// PGlite data dir or PostgreSQL database a first server start seeds for them.
import { rmSync } from 'node:fs';
import { api } from '../../tests/e2e/support/api';
import { startServer, type RunningServer } from '../../tests/e2e/support/server';
import { sequential, type Latency } from './latency';
import { withPostgres } from './postgres';
import { using } from './resources';

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
    await using(
      () => startServer({ DATABASE_URL: url }),
      (server) => server.stop(),
      async () => undefined,
    );
    return fn(url);
  });
}
