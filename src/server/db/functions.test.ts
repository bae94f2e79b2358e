// db/functions.sql: every start applies the current definition of each SQL function and
// trigger after the migrations. Applying it again changes nothing; a stale definition left
// in a database is replaced; two processes starting together on one PostgreSQL both start.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { createTestDatabase, databases, type TestDatabase } from '../test/testDb';

const one = async <T>(database: TestDatabase, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

describe.each(databases())('SQL functions and triggers (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('sp_day is the São Paulo day (UTC-3) of a time', async () => {
    const row = await one<{ late: string; early: string }>(
      database,
      sql`SELECT sp_day('2026-11-25T02:59:59Z')::text AS late, sp_day('2026-11-25T03:00:00Z')::text AS early`,
    );
    expect(row).toEqual({ late: '2026-11-24', early: '2026-11-25' });
  });

  it('a stale definition is replaced at the next start, and applying it again changes nothing', async () => {
    // A function as an older start might have left it: no version drawn.
    await database.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN RETURN NEW; END $$`),
    );
    await database.migrate();
    await database.migrate();
    const stamped = await one<{ version: string }>(
      database,
      sql`WITH t AS (INSERT INTO tenants (subdomain, name) VALUES ('fn-test', 'Loja') RETURNING id)
          INSERT INTO products (tenant_id, sku, name) SELECT id, 'SKU-1', 'Caneca' FROM t RETURNING version`,
    );
    expect(Number(stamped.version)).toBeGreaterThan(0);
    const triggers = await one<{ n: string }>(
      database,
      sql`SELECT count(*) AS n FROM pg_trigger WHERE tgname = 'products_stamp_change'`,
    );
    expect(Number(triggers.n)).toBe(1);
  });

  it.runIf(kind === 'postgres')('two processes starting together on one database both start', async () => {
    const url = database.url!;
    const [a, b] = await Promise.all([
      openDatabase({ databaseUrl: url, poolMax: 2 }),
      openDatabase({ databaseUrl: url, poolMax: 2 }),
    ]);
    try {
      await expect(Promise.all([a.migrate(), b.migrate()])).resolves.toBeDefined();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
