// Test databases: a fresh in-memory PGlite per test file, and, when DATABASE_URL is set,
// a uniquely named PostgreSQL database created through it and dropped afterwards.
// Suites run on each: describe.each(databases())('... (%s)', (kind) => ...).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DriverName } from '../db/client';

export type TestDbKind = DriverName;

/** The databases to run every suite on: PGlite always, PostgreSQL when DATABASE_URL is set. */
export function databases(): TestDbKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase extends Database {
  /** Connection string of the postgres test database (null for PGlite). */
  url: string | null;
  /** Closes and, for PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

function adminClient(): pg.Client {
  return new pg.Client({ connectionString: process.env.DATABASE_URL });
}

export async function createTestDatabase(kind: TestDbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ pgliteDir: null });
    await database.migrate();
    return { ...database, url: null, destroy: () => database.close() };
  }
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL não definido para os testes em PostgreSQL');
  const name = `balcao_test_${randomBytes(6).toString('hex')}`;
  const admin = adminClient();
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 5 });
  await database.migrate();
  let closed = false;
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      if (closed) return;
      closed = true;
      await database.close();
    },
    destroy: async () => {
      if (!closed) {
        closed = true;
        await database.close();
      }
      const dropper = adminClient();
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
