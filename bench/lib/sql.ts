// Raw SQL on the database a server uses: PGlite in its DATA_DIR (only while no server runs
// on it: the same lock file as the server's) or PostgreSQL at a URL. Queries return rows;
// cast bigints (::int, ::float8) in the SQL, as the two drivers read int8 differently.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from '../../src/server/db/client';
import { acquireDataDirLock, DataDirInUseError, type DataDirLock } from '../../src/server/db/data-dir-lock';
import { using } from './resources';

export type SqlTarget = { dataDir: string } | { url: string };

export interface Sql {
  driver: 'pglite' | 'postgres';
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

export const describeTarget = (target: SqlTarget) => ('url' in target ? 'PostgreSQL' : 'PGlite');

export async function openSql(target: SqlTarget): Promise<Sql> {
  if ('url' in target) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    return {
      driver: 'postgres',
      query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
      exec: async (text) => {
        await client.query(text);
      },
      close: () => client.end(),
    };
  }
  const dir = join(target.dataDir, 'pglite');
  const lock = await lockDataDir(dir);
  let db: PGlite;
  try {
    db = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
    await db.waitReady;
  } catch (err) {
    lock.release();
    throw err;
  }
  return {
    driver: 'pglite',
    query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
    exec: async (text) => {
      await db.exec(text);
    },
    close: async () => {
      try {
        await db.close();
      } finally {
        lock.release();
      }
    },
  };
}

/**
 * The server's lock on its PGlite dir. A server just stopped may still be closing its
 * database (tests/e2e/support/server.ts waits for npx, not for the node under it): wait.
 */
async function lockDataDir(dir: string): Promise<DataDirLock> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return acquireDataDirLock(dir);
    } catch (err) {
      if (!(err instanceof DataDirInUseError) || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Opens the database, runs `fn` and closes it (registered: the watchdog closes it too). */
export function withSql<T>(target: SqlTarget, fn: (sql: Sql) => Promise<T>): Promise<T> {
  return using(
    () => openSql(target),
    (sql) => sql.close(),
    fn,
  );
}

/** A Postgres array literal ('{1,"a b",NULL}') for a text parameter cast to an array type. */
export function arrayLiteral(values: readonly (string | number | boolean | null)[]): string {
  const item = (v: string | number | boolean | null) =>
    v === null ? 'NULL' : typeof v === 'string' ? `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"` : String(v);
  return `{${values.map(item).join(',')}}`;
}

/** A SQL string literal. */
export const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
