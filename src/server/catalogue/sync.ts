// Delta pull of the offline mirror: products and customers whose version is above the
// client's cursor, in version order across both tables, deleted rows as tombstones.
// Versions are unique per tenant and commit in increasing order (change-version.ts), so
// "version > cursor" never skips a row, provided both tables are read in ONE snapshot:
// otherwise a product committed between the two reads could sit below a customer's
// version that moved the cursor past it. Here one statement reads everything.
//
// The page is built as JSON by the database: a first load of 50,000 products is 10
// pages of 5,000 rows, and reading them as JavaScript objects and encoding each price
// through the contract's Money codec cost three times the query (PGlite parses every
// field in JavaScript). The JSON is the contract's exactly, which the tests check
// against SyncPullResponseSchema and against GET /api/products/:id of the same rows:
// the same keys in the same order, prices in reais (centavos / 100, the double
// toReais gives), timestamps as toISOString() writes them (UTC, milliseconds).
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { SyncPullQuery } from '../../shared/contract';
import type { Db } from '../db/client';
import { customers, products } from '../db/schema';

export const SYNC_PULL_DEFAULT_LIMIT = 1000;

/** A timestamptz as Date.prototype.toISOString() writes it: '2026-11-22T13:05:09.123Z'. */
const iso = (column: SQLWrapper) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface PageRow {
  cursor: number;
  products: string;
  customers: string;
  tombstones: string;
  remaining: number;
}

/** The rows of subquery r as a compact JSON array (json_agg would add a line break per row). */
const jsonArray = sql.raw(`'[' || coalesce(string_agg(row_to_json(r)::text, ',' ORDER BY r.version), '') || ']'`);

/** The body of GET /api/sync/pull (SyncPullResponseSchema), as JSON text. */
export async function pullChangesJson(db: Db, tenantId: string, query: SyncPullQuery): Promise<string> {
  const since = query.since ?? 0;
  const limit = query.limit ?? SYNC_PULL_DEFAULT_LIMIT;
  const p = products;
  const c = customers;
  // The page is every change in (since, cursor], cursor being the `limit`-th change
  // after `since` across both tables (or the last one).
  const inPage = (t: typeof products | typeof customers) =>
    sql`${t.tenantId} = ${tenantId} AND ${t.version} > ${since} AND ${t.version} <= page.cursor`;
  // Both drivers (PGlite, node-postgres) answer { rows }.
  const { rows } = (await db.execute(sql`
    WITH page AS (
      SELECT coalesce(max(version), ${since}) AS cursor FROM (
        (SELECT ${p.version} AS version FROM ${p}
          WHERE ${p.tenantId} = ${tenantId} AND ${p.version} > ${since} ORDER BY ${p.version} LIMIT ${limit})
        UNION ALL
        (SELECT ${c.version} FROM ${c}
          WHERE ${c.tenantId} = ${tenantId} AND ${c.version} > ${since} ORDER BY ${c.version} LIMIT ${limit})
        ORDER BY version LIMIT ${limit}
      ) changes
    )
    SELECT
      page.cursor::float8 AS cursor,
      (SELECT ${jsonArray} FROM (
        SELECT ${p.id} AS id, ${p.sku} AS sku, ${p.name} AS name, ${p.size} AS size, ${p.color} AS color,
               ${p.currentStock} AS current_stock, ${p.minimumStock} AS minimum_stock,
               ${p.costPrice}::float8 / 100 AS cost_price, ${p.salePrice}::float8 / 100 AS sale_price,
               ${p.active} AS active, ${iso(p.createdAt)} AS created_at, ${iso(p.updatedAt)} AS updated_at,
               ${p.version} AS version
          FROM ${p} WHERE ${inPage(p)} AND ${p.deletedAt} IS NULL) r)::text AS products,
      (SELECT ${jsonArray} FROM (
        SELECT ${c.id} AS id, ${c.name} AS name, ${c.email} AS email, ${c.phone} AS phone,
               ${c.document} AS document, ${c.address} AS address, ${c.city} AS city, ${c.state} AS state,
               ${c.zipCode} AS zip_code, ${c.active} AS active,
               ${iso(c.createdAt)} AS created_at, ${iso(c.updatedAt)} AS updated_at, ${c.version} AS version
          FROM ${c} WHERE ${inPage(c)} AND ${c.deletedAt} IS NULL) r)::text AS customers,
      (SELECT ${jsonArray} FROM (
        SELECT 'product' AS entity, ${p.id} AS id, ${p.version} AS version
          FROM ${p} WHERE ${inPage(p)} AND ${p.deletedAt} IS NOT NULL
        UNION ALL
        SELECT 'customer', ${c.id}, ${c.version}
          FROM ${c} WHERE ${inPage(c)} AND ${c.deletedAt} IS NOT NULL) r)::text AS tombstones,
      ((SELECT count(*) FROM ${p} WHERE ${p.tenantId} = ${tenantId} AND ${p.version} > page.cursor)
        + (SELECT count(*) FROM ${c} WHERE ${c.tenantId} = ${tenantId} AND ${c.version} > page.cursor))::int
        AS remaining
    FROM page
  `)) as { rows: PageRow[] };
  const row = rows[0]!;
  const cursor = Number(row.cursor);
  const remaining = Number(row.remaining);
  return (
    `{"success":true,"data":{"products":${row.products},"customers":${row.customers},` +
    `"tombstones":${row.tombstones},"cursor":${cursor},"hasMore":${remaining > 0},"remaining":${remaining}}}`
  );
}
