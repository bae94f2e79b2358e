// The rows of a database as one hash, for tests that prove a refused or replayed request
// wrote nothing: equal before and after means no row of those tables changed.
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

/** The tables named, or every table of the database when none are. */
export async function tablesFingerprint(db: Db, tables?: readonly string[]): Promise<string> {
  const names =
    tables ??
    (
      (await db.execute(
        sql`SELECT table_name AS t FROM information_schema.tables
             WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
      )) as unknown as { rows: { t: string }[] }
    ).rows.map(({ t }) => t);
  const parts = names
    .map((t) => `(SELECT coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') FROM "${t}" x)`)
    .join(" || ':' || ");
  const { rows } = (await db.execute(sql.raw(`SELECT ${parts} AS f`))) as unknown as { rows: { f: string }[] };
  return rows[0]!.f;
}
