// Migration 0022 on a store that already sold: the store's sequence must start past every
// number it handed out before (the counter row of migration 0016, and a bare number written
// by hand past it), so the first sale numbered after the upgrade takes no number the store
// already has. The database is brought to migration 0021 first, filled as a store of
// before the upgrade would be, then opened as today's server opens it.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from './client';

const BEFORE = 21; // the last migration before the store sequences

/** The migrations folder as it was at migration `last`. */
function migrationsUpTo(last: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'balcao-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  for (const file of readdirSync(folder)) {
    if (/^\d{4}_.*\.sql$/.test(file) && Number(file.slice(0, 4)) > last) rmSync(join(folder, file));
  }
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('migration 0022 on a store that already has sales', () => {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const db = drizzle({ client });
  const folders: string[] = [];
  afterAll(async () => {
    await client.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

  it("each store's sequence starts past its counter and past any bare number it has", async () => {
    const old = migrationsUpTo(BEFORE);
    folders.push(old);
    await migrate(db, { migrationsFolder: old });

    // Store A: its counter handed out 50 numbers, and someone wrote '0077' by hand.
    // Store B: a counter of 3 and nothing else. Store C: never numbered a sale.
    const [a, b, c] = await rows<{ id: string }>(
      sql`INSERT INTO tenants (subdomain, name) VALUES ('a', 'A'), ('b', 'B'), ('c', 'C') RETURNING id`,
    );
    await db.execute(
      sql`INSERT INTO sale_counters (tenant_id, sales, devices) VALUES (${a!.id}, 50, 2), (${b!.id}, 3, 0)`,
    );
    const [customer] = await rows<{ id: string }>(
      sql`INSERT INTO customers (tenant_id, name) VALUES (${a!.id}, 'Maria') RETURNING id`,
    );
    for (const number of ['0049', '0077', 'A-0120'])
      await db.execute(
        sql`INSERT INTO sales (tenant_id, number, customer_id, customer_name, total, payment_method,
                               payment_status, sale_status)
            VALUES (${a!.id}, ${number}, ${customer!.id}, 'Maria', 1000, 'cash', 'paid', 'completed')`,
      );

    // Today's server starting on that database: every migration, then functions.sql.
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await client.exec(readFileSync(new URL('./functions.sql', import.meta.url), 'utf8'));

    const next = async (tenantId: string) =>
      Number((await rows<{ n: string[] }>(sql`SELECT sale_numbers_next(${tenantId}::uuid, 1) AS n`))[0]!.n[0]);
    expect(await next(a!.id)).toBe(78); // past '0077', which is past the counter's 50
    expect(await next(b!.id)).toBe(4);
    expect(await next(c!.id)).toBe(1);

    // A sale written without a number takes the next one, and the device codes still count on.
    const [filled] = await rows<{ number: string }>(
      sql`INSERT INTO sales (tenant_id, customer_id, customer_name, total, payment_method, payment_status, sale_status)
          VALUES (${a!.id}, ${customer!.id}, 'Maria', 500, 'pix', 'paid', 'completed') RETURNING number`,
    );
    expect(filled!.number).toBe('0079');
    const [counter] = await rows<{ devices: number }>(
      sql`SELECT devices FROM sale_counters WHERE tenant_id = ${a!.id}`,
    );
    expect(counter!.devices).toBe(2);
  });
});
