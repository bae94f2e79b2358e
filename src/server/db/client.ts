// The two drivers behind one Drizzle type: PGlite (embedded, one process per data dir)
// or PostgreSQL through node-postgres (DATABASE_URL, many processes).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { dumpConsistent } from './backup';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a service accepts: the database, or a transaction it should join. */
export type DbOrTx = Db | Tx;
export type DriverName = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DriverName;
  /** Applies pending migrations (drizzle migrator of the driver), then functions.sql. */
  migrate(): Promise<void>;
  /** select 1 */
  ping(): Promise<void>;
  /** PGlite only: the store as of one moment, gzipped tar (backup.ts). */
  dump?: () => Promise<Uint8Array>;
  /** PGlite only: the data dir as a plain tar, to open copies of it (pgliteImage). */
  image?: () => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * The extensions the schema uses (the search indexes, migration 0010). PGlite loads an
 * extension's code only when given here, so every PGlite that opens a data dir passes them:
 * an index of theirs touched without them fails.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Every SQL function and trigger as it is now, applied after the migrations on each start. */
export const FUNCTIONS_FILE = fileURLToPath(new URL('./functions.sql', import.meta.url));
const functionsSql = () => readFileSync(FUNCTIONS_FILE, 'utf8');

/** Arbitrary constant: the advisory lock that serializes migrations across processes. */
const MIGRATION_LOCK_KEY = 7_203_114_771;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; absent or null means in memory. */
  pgliteDir?: string | null | undefined;
  /** node-postgres pool size. */
  poolMax?: number;
  /** A PGlite data directory's tarball (dumpDataDir) to start from instead of an empty one. */
  pgliteImage?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolMax ?? 10)
    : openPglite(options.pgliteDir, options.pgliteImage);
}

async function openPglite(dir: string | null | undefined, image?: Blob): Promise<Database> {
  let lock: DataDirLock | null = null;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    lock = acquireDataDirLock(dir);
  }
  let client: PGlite;
  try {
    const extensions = PGLITE_EXTENSIONS;
    const start = image ? { loadDataDir: image } : {};
    client = dir ? new PGlite(dir, { extensions, ...start }) : new PGlite({ extensions, ...start });
    await client.waitReady;
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    // One process per data dir (data-dir-lock.ts): nothing to race with.
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await client.exec(functionsSql());
    },
    ping: async () => {
      await client.query('select 1');
    },
    dump: () => dumpConsistent(client),
    image: async () => (await client.dumpDataDir('none')) as Blob,
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: Math.max(2, max) });
  // An idle client error (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    migrate: async () => {
      // Several app processes may start together: one migrates, the others wait.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
        // Several statements and no parameters: one simple query, run as one transaction.
        await lockClient.query(functionsSql());
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        lockClient.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/** Runs `fn` in `tx` when given (composition), else in a new transaction. */
export function inTransaction<T>(db: DbOrTx, tx: DbOrTx | undefined, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  if (tx) return fn(tx);
  return db.transaction((t) => fn(t));
}

/** The statement names already given, by SQL text. */
const statementNames = new Map<string, string>();

/**
 * Runs a statement whose text is the same every time (only its parameters change) as a
 * NAMED prepared statement: node-postgres parses it once per connection, and PostgreSQL
 * may keep its plan, instead of parsing and planning it on every call (on the sale path
 * that was a quarter of the database's CPU). Through Drizzle's own session,
 * so it joins the caller's transaction; PGlite has no network to save and runs it as
 * usual. The name comes from the text, so one name never stands for two texts.
 */
export async function executeNamed<T>(t: DbOrTx, query: SQL): Promise<{ rows: T[] }> {
  const internals = t as unknown as { session: PgSession; dialect: PgDialect };
  const built = internals.dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (!name) {
    name = `q_${createHash('sha1').update(built.sql).digest('hex').slice(0, 20)}`;
    if (statementNames.size < 1000) statementNames.set(built.sql, name);
  }
  return (await internals.session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
}
