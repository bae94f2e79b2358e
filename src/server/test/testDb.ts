// Test databases: a fresh in-memory PGlite per test file, and, when DATABASE_URL is set,
// a uniquely named PostgreSQL database created through it and dropped afterwards.
// Suites run on each: describe.each(databases())('... (%s)', (kind) => ...).
//
// A PGlite starts from an image of a migrated database (its data dir as a tar), made once
// per set of migrations and kept in the temporary folder: starting from it takes ~1.4 s
// where initdb and the 29 migrations took ~12 s on this 2-core machine, in each of the
// suite's ~100 server files. The migrations still run on it (none pending; functions.sql
// applied), so a test sees exactly what a fresh migrated database is.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { FUNCTIONS_FILE, MIGRATIONS_FOLDER, openDatabase, type Database, type DriverName } from '../db/client';

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

/** What a migrated database is made of: the migrations, functions.sql and PGlite's version. */
function schemaHash(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    readFileSync(join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  );
  hash.update(String(pglite.version));
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => join(f.parentPath, f.name))
    .sort())
    hash.update(file.slice(MIGRATIONS_FOLDER.length)).update(readFileSync(file));
  hash.update(readFileSync(FUNCTIONS_FILE));
  return hash.digest('hex').slice(0, 16);
}

let image: Promise<Blob> | null = null;

/** The migrated database's image: from the temporary folder, or made now and left there. */
function migratedImage(): Promise<Blob> {
  image ??= (async () => {
    const path = join(tmpdir(), `balcao-test-pglite-${schemaHash()}.tar`);
    if (existsSync(path)) return new Blob([readFileSync(path)]);
    const fresh = await openDatabase({ pgliteDir: null });
    try {
      await fresh.migrate();
      const made = await fresh.image!();
      // Written aside, then renamed: a file running beside this one never reads half of it.
      const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(aside, new Uint8Array(await made.arrayBuffer()));
      renameSync(aside, path);
      return made;
    } finally {
      await fresh.close();
    }
  })();
  return image;
}

function adminClient(): pg.Client {
  return new pg.Client({ connectionString: process.env.DATABASE_URL });
}

export async function createTestDatabase(kind: TestDbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ pgliteDir: null, pgliteImage: await migratedImage() });
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
