// Delta pull of the offline mirror: the products and customers a till has not seen yet,
// in version order across both tables, deleted rows as tombstones, in pages.
//
// Every write of a row stamps it with a new version (one sequence) and with its
// transaction's id, txid (the stamp_change trigger, migration 0008). Writers take no
// store-wide lock, so versions do not commit in order: a pull cannot trust "version >
// cursor" alone (a transaction that drew version 10 may commit after one that drew 11 was
// already sent). The cursor follows transactions instead. A pull's statement returns its
// own snapshot (pg_current_snapshot: the transactions it could see), and the next pass
// asks for the rows whose txid that snapshot could not see: a transaction that was still
// open then (in its in-progress list) or began afterwards (txid >= its xmax). The snapshot
// handed back is the one the statement read with, so what a pull sent is never sent again,
// except what committed while a pass of several pages went on (below).
//
// A pass is paged by version (a large first load: 5,000 rows a page). The cursor of a
// page in the middle of a pass holds where the pass started (`from`, the previous pass's
// snapshot), the last version sent (`after`) and the snapshot of the pass's first page
// (`until`): a row committed while the pass went on, below `after`, was written by a
// transaction `until` could not see, so the next pass, from `until`, brings it. The last
// page's cursor is { from: until }: the next pass.
//
// Text form (the contract's SyncCursor): 'xmin-xmax-xip_xip.after.xmin-xmax-xip', either
// snapshot empty (a first load has no `from`; a finished pass no `until`), and in the
// middle of a pass '.remaining': what the pass still had to send. `remaining` is counted
// on the first page of a pass only and carried on, less what each page sends: counting
// the rest on every page read the whole rest of the catalogue each time (a first load of
// 300,000 products spent half its server time counting). A later page asks only whether
// anything is left beyond it (one index entry). The figure is for progress; it is exact
// unless rows were written while the pass went on (those come all the same). A bare number
// is an older app's cursor: the change version it had everything up to, under the old
// per-store version lock, so { from: none, after: that version } continues it exactly.
//
// Both tables are read in one statement (one snapshot), and the page is built as JSON by
// the database: a first load of 50,000 products is 10 pages of 5,000 rows, and reading
// them as JavaScript objects and encoding each price through the contract's Money codec
// cost three times the query (PGlite parses every field in JavaScript). The JSON is the
// contract's exactly, which the tests check against SyncPullResponseSchema and against GET
// /api/products/:id of the same rows: the same keys in the same order, prices in reais
// (centavos / 100, the double toReais gives), timestamps as toISOString() writes them.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SyncPullQuery } from '../../shared/contract';
import type { DbOrTx } from '../db/client';
import { customers, products } from '../db/schema';
import { badRequest } from '../errors';

export const SYNC_PULL_DEFAULT_LIMIT = 1000;
const INVALID_CURSOR = 'Cursor de sincronização inválido. Sincronize o aparelho de novo.';

/** A pg_snapshot: every transaction below xmin had ended; xip were in progress; xmax and above had not begun. */
export interface Snapshot {
  xmin: bigint;
  xmax: bigint;
  xip: bigint[];
}

export interface SyncCursorState {
  /** Rows whose writer this snapshot could not see; null: every row. */
  from: Snapshot | null;
  /** Rows above this version (within a pass). */
  after: number;
  /** The snapshot of the pass's first page; null at the start of a pass. */
  until: Snapshot | null;
  /** Changes the pass still had to send after `after` (counted on its first page); null: count them. */
  remaining?: number | null;
}

const FIRST_PASS: SyncCursorState = { from: null, after: 0, until: null, remaining: null };

function parseSnapshot(text: string): Snapshot | null {
  if (text === '') return null;
  const [xmin, xmax, xip] = text.split('-');
  const snapshot = {
    xmin: BigInt(xmin!),
    xmax: BigInt(xmax!),
    xip: xip ? xip.split('_').map((x) => BigInt(x)) : [],
  };
  const sane = snapshot.xmin <= snapshot.xmax && snapshot.xip.every((x) => x >= snapshot.xmin && x < snapshot.xmax);
  if (!sane) throw badRequest(INVALID_CURSOR);
  return snapshot;
}

const snapshotText = (s: Snapshot | null) => (s ? `${s.xmin}-${s.xmax}-${s.xip.join('_')}` : '');

/** pg_snapshot's own text form, 'xmin:xmax:xip,xip'. */
export function snapshotOfPg(text: string): Snapshot {
  const [xmin, xmax, xip] = text.split(':');
  return { xmin: BigInt(xmin!), xmax: BigInt(xmax!), xip: xip ? xip.split(',').map((x) => BigInt(x)) : [] };
}

/** The cursor's text (already matched against the contract's SyncCursor pattern). */
export function parseCursor(text: string | undefined): SyncCursorState {
  if (text === undefined) return FIRST_PASS;
  const parts = text.split('.');
  const after = Number(parts.length === 1 ? parts[0] : parts[1]);
  const remaining = parts.length === 4 ? Number(parts[3]) : null;
  if (!Number.isSafeInteger(after) || (remaining !== null && !Number.isSafeInteger(remaining))) {
    throw badRequest(INVALID_CURSOR);
  }
  if (parts.length === 1) return { from: null, after, until: null, remaining: null };
  const until = parseSnapshot(parts[2]!);
  // A count belongs to a pass under way (one with its first snapshot).
  return { from: parseSnapshot(parts[0]!), after, until, remaining: until ? remaining : null };
}

export function cursorText(state: SyncCursorState): string {
  const text = `${snapshotText(state.from)}.${state.after}.${snapshotText(state.until)}`;
  return state.until && (state.remaining ?? null) !== null ? `${text}.${state.remaining}` : text;
}

/** A timestamptz as Date.prototype.toISOString() writes it: '2026-11-22T13:05:09.123Z'. */
const iso = (column: SQLWrapper) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface PageRow {
  snapshot: string;
  last_version: number | string;
  page_last: number | string | null;
  /** changes in this page */
  page_rows: number | string;
  products: string;
  customers: string;
  tombstones: string;
  remaining: number | string;
}

/** The rows of subquery r as a compact JSON array (json_agg would add a line break per row). */
const jsonArray = sql.raw(`'[' || coalesce(string_agg(row_to_json(r)::text, ',' ORDER BY r.version), '') || ']'`);

async function readPage(
  db: DbOrTx,
  tenantId: string,
  state: SyncCursorState,
  limit: number,
  withCost: boolean,
): Promise<PageRow> {
  const p = products;
  const c = customers;
  const { from, after } = state;
  const counting = (state.remaining ?? null) === null;
  // Rows whose writer `from` could not see: still open then, or begun after it.
  const unseen = (t: typeof products | typeof customers): SQL =>
    from
      ? sql`(${t.txid} >= ${String(from.xmax)}::bigint OR ${t.txid} = ANY(${`{${from.xip.join(',')}}`}::bigint[]))`
      : sql`true`;
  const pending = (t: typeof products | typeof customers) =>
    sql`${t.tenantId} = ${tenantId} AND ${t.version} > ${after} AND ${unseen(t)}`;
  const inPage = (t: typeof products | typeof customers) => sql`${pending(t)} AND ${t.version} <= page.last`;
  // Both drivers (PGlite, node-postgres) answer { rows }.
  const { rows } = (await db.execute(sql`
    WITH page AS (
      SELECT max(version) AS last, count(*) AS n FROM (
        (SELECT ${p.version} AS version FROM ${p} WHERE ${pending(p)} ORDER BY ${p.version} LIMIT ${limit})
        UNION ALL
        (SELECT ${c.version} FROM ${c} WHERE ${pending(c)} ORDER BY ${c.version} LIMIT ${limit})
        ORDER BY version LIMIT ${limit}
      ) changes
    )
    SELECT
      pg_current_snapshot()::text AS snapshot,
      (SELECT last_value FROM change_versions)::text AS last_version,
      page.last::text AS page_last,
      page.n::int AS page_rows,
      (SELECT ${jsonArray} FROM (
        SELECT ${p.id} AS id, ${p.sku} AS sku, ${p.name} AS name, ${p.size} AS size, ${p.color} AS color, ${p.barcode} AS barcode,
               ${p.currentStock} AS current_stock, ${p.minimumStock} AS minimum_stock,
               ${withCost ? sql`${p.costPrice}::float8 / 100 AS cost_price,` : sql``} ${p.salePrice}::float8 / 100 AS sale_price,
               ${p.active} AS active, ${p.ncm} AS ncm, ${p.cest} AS cest, ${p.cfop} AS cfop, ${p.csosn} AS csosn,
               ${p.origin} AS origin, ${p.unit} AS unit,
               ${iso(p.createdAt)} AS created_at, ${iso(p.updatedAt)} AS updated_at, ${p.version} AS version
          FROM ${p} WHERE ${inPage(p)} AND ${p.deletedAt} IS NULL) r)::text AS products,
      (SELECT ${jsonArray} FROM (
        SELECT ${c.id} AS id, ${c.name} AS name, ${c.email} AS email, ${c.phone} AS phone,
               ${c.document} AS document, ${c.address} AS address, ${c.city} AS city, ${c.state} AS state,
               ${c.zipCode} AS zip_code, ${c.creditLimit}::float8 / 100 AS credit_limit, ${c.active} AS active,
               ${c.storeCredit}::float8 / 100 AS store_credit, ${c.finalConsumer} AS final_consumer,
               ${iso(c.createdAt)} AS created_at, ${iso(c.updatedAt)} AS updated_at, ${c.version} AS version
          FROM ${c} WHERE ${inPage(c)} AND ${c.deletedAt} IS NULL) r)::text AS customers,
      (SELECT ${jsonArray} FROM (
        SELECT 'product' AS entity, ${p.id} AS id, ${p.version} AS version
          FROM ${p} WHERE ${inPage(p)} AND ${p.deletedAt} IS NOT NULL
        UNION ALL
        SELECT 'customer', ${c.id}, ${c.version}
          FROM ${c} WHERE ${inPage(c)} AND ${c.deletedAt} IS NOT NULL) r)::text AS tombstones,
      CASE WHEN page.last IS NULL THEN 0 WHEN ${counting} THEN
        (SELECT count(*) FROM ${p} WHERE ${pending(p)} AND ${p.version} > page.last)
        + (SELECT count(*) FROM ${c} WHERE ${pending(c)} AND ${c.version} > page.last)
        ELSE (EXISTS (SELECT 1 FROM ${p} WHERE ${pending(p)} AND ${p.version} > page.last)
          OR EXISTS (SELECT 1 FROM ${c} WHERE ${pending(c)} AND ${c.version} > page.last))::int END::int AS remaining
    FROM page
  `)) as { rows: PageRow[] };
  return rows[0]!;
}

/**
 * A cursor this database cannot have issued: a snapshot of transactions it has not begun
 * yet, or a version it has not drawn. It was restored from a backup taken before, or
 * replaced: the till must start over.
 */
function fromAnotherDatabase(state: SyncCursorState, now: Snapshot, lastVersion: number): boolean {
  const ahead = (s: Snapshot | null) => s !== null && s.xmax > now.xmax;
  return ahead(state.from) || ahead(state.until) || (state.from === null && state.after > lastVersion);
}

/**
 * The body of GET /api/sync/pull (SyncPullResponseSchema), as JSON text; products without
 * cost_price unless `withCost` (a cashier of a store that hides cost prices).
 */
export async function pullChangesJson(
  db: DbOrTx,
  tenantId: string,
  query: SyncPullQuery,
  withCost = true,
): Promise<string> {
  const limit = query.limit ?? SYNC_PULL_DEFAULT_LIMIT;
  let state = parseCursor(query.since);
  let row = await readPage(db, tenantId, state, limit, withCost);
  const reset = fromAnotherDatabase(state, snapshotOfPg(row.snapshot), Number(row.last_version));
  if (reset) {
    state = FIRST_PASS;
    row = await readPage(db, tenantId, state, limit, withCost);
  }
  // Counted on the pass's first page; afterwards what was left less this page (row.remaining
  // then only says whether anything is left), at least 1 while something is.
  const remaining =
    state.remaining === undefined || state.remaining === null
      ? Number(row.remaining)
      : Number(row.remaining) > 0
        ? Math.max(1, state.remaining - Number(row.page_rows))
        : 0;
  // The pass's snapshot: the one its first page read with.
  const until = state.until ?? snapshotOfPg(row.snapshot);
  const next: SyncCursorState =
    remaining > 0
      ? { from: state.from, after: Number(row.page_last), until, remaining }
      : { from: until, after: 0, until: null, remaining: null };
  return (
    `{"success":true,"data":{"products":${row.products},"customers":${row.customers},` +
    `"tombstones":${row.tombstones},"cursor":"${cursorText(next)}","hasMore":${remaining > 0},` +
    `"remaining":${remaining},"reset":${reset}}}`
  );
}
