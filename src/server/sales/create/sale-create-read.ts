// What a run of new sales reads before it is checked, in ONE statement (one round trip:
// under load a sale's statements cost more in round trips than in work):
// - the products it names, row-locked (FOR NO KEY UPDATE, in id order: two runs locking
//   overlapping products never wait for each other in a circle; the lock the stock
//   UPDATE takes anyway, which does not block other sales' lines referencing them);
// - its customers among the live ones, share-locked (many sales of one customer go
//   together; deleting the customer waits for them), or locked for update when a sale of
//   the run pays with the vale-troca (the balance is checked and written under the lock)
//   or the caller asks (a cashier's crediário sale held to a credit limit: sale-credit.ts);
// - which of the sale ids the client chose are taken already, and which of its numbers;
// - the answers stored under the run's Idempotency-Keys (core/idempotency.ts);
// - the sync versions its stock writes will carry, one per product a sale moves, drawn
//   in order AFTER the locks (the WHERE below waits for both locked reads), so each
//   exceeds every version those rows had and one row's versions grow in commit order
//   (catalogue/sync.ts). A refused sale's versions are simply never used;
// - the caixas its sales name, and the store's users its outbox sales name as their makers
//   (caixa/cash-session-use.ts);
// - whether the store emits NFC-e (and its fiscal settings' version, the emitter cache's
//   key), and the NFC-e series of the tills its sales name (fiscal/issue-notes.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { SaleCreate } from '../../../shared/contract';
import { parseStoredAnswers, storedAnswersSql, type StoredAnswer } from '../../core/idempotency';
import { executeNamed, type DbOrTx } from '../../db/client';
import { jsonRowOf, rowFromJson } from '../../db/json-rows';
import { claimedMaker, type Makers, type SessionOwner } from '../../caixa/cash-session-use';
import type { Role } from '../../../shared/permissions';
import {
  cashSessions,
  customers,
  devices,
  fiscalSettings,
  products,
  sales,
  users,
  type CustomerRow,
  type ProductRow,
} from '../../db/schema';
import type { FiscalRead } from '../../fiscal/issue-notes';

export interface SalesRead {
  /** The answers stored under the run's keys, by key. */
  stored: Map<string, StoredAnswer>;
  taken: Set<string>;
  /** The run's sale numbers the store already has (sale-numbers.ts). */
  takenNumbers: Set<string>;
  products: Map<string, ProductRow>;
  customers: Map<string, CustomerRow>;
  /** Ascending: the k-th move of the run (sale order, then product id) takes the k-th. */
  versions: number[];
  /** The till sessions the run's sales name, by id: whether each is still open, its device and who opened it. */
  sessions: Map<string, SessionOwner>;
  /** The store's users among the makers its outbox sales name, with their roles. */
  makers: Makers;
  /** Whether the store emits NFC-e, its settings' version and the series of the run's tills (fiscal/issue-notes.ts). */
  fiscal: FiscalRead;
}

export interface ReadOptions {
  /** Lock the customers for update (they are locked for share otherwise). */
  lockCustomers?: boolean;
}

/** Products each sale moves (its lines merged): the versions the run may need. */
export function movesOf(inputs: readonly SaleCreate[]): number {
  return inputs.reduce((n, input) => n + new Set(input.items.map((i) => i.product_id)).size, 0);
}

const uuids = (ids: Iterable<string>) => `{${[...new Set(ids)].join(',')}}`;

/** The read statement (the bench runs this very statement as its floor). */
export function salesReadSql(
  tenantId: string,
  inputs: readonly SaleCreate[],
  keys: readonly string[],
  { lockCustomers = false }: ReadOptions = {},
): SQL {
  const saleIds = inputs.flatMap((i) => (i.id ? [i.id] : []));
  // Numbers match SALE_NUMBER_PATTERN (capitals, digits, '-'): safe inside an array literal.
  const numbers = `{${inputs.flatMap((i) => (i.number ? [i.number] : [])).join(',')}}`;
  const productIds = inputs.flatMap((i) => i.items.map((item) => item.product_id));
  const customerIds = inputs.map((i) => i.customer_id);
  const sessionIds = inputs.flatMap((i) => (i.cash_session_id ? [i.cash_session_id] : []));
  const makerIds = inputs.flatMap((i) => claimedMaker(i) ?? []);
  const deviceIds = inputs.flatMap((i) => (i.device_id ? [i.device_id] : []));
  const forUpdate = lockCustomers || inputs.some((i) => i.payments?.some((p) => p.method === 'store_credit'));
  return sql`
    WITH p AS (
      SELECT * FROM ${products}
       WHERE tenant_id = ${tenantId} AND id = ANY(${uuids(productIds)}::uuid[])
       ORDER BY id FOR NO KEY UPDATE
    ), c AS (
      SELECT * FROM ${customers}
       WHERE tenant_id = ${tenantId} AND id = ANY(${uuids(customerIds)}::uuid[]) AND deleted_at IS NULL
       ORDER BY id ${forUpdate ? sql.raw('FOR NO KEY UPDATE') : sql.raw('FOR SHARE')}
    ), v AS (
      SELECT nextval('change_versions') AS version FROM generate_series(1, ${movesOf(inputs)})
       WHERE (SELECT count(*) FROM p) + (SELECT count(*) FROM c) >= 0
    )
    SELECT (SELECT json_agg(${jsonRowOf(products, 'p')}) FROM p) AS products,
           (SELECT json_agg(${jsonRowOf(customers, 'c')}) FROM c) AS customers,
           (SELECT json_agg(s.id) FROM ${sales} s
             WHERE s.tenant_id = ${tenantId} AND s.id = ANY(${uuids(saleIds)}::uuid[])) AS taken,
           (SELECT json_agg(s.number) FROM ${sales} s
             WHERE s.tenant_id = ${tenantId} AND s.number = ANY(${numbers}::text[])) AS numbers,
           (SELECT json_agg(version ORDER BY version) FROM v) AS versions,
           ${
             sessionIds.length === 0
               ? sql`NULL::json`
               : sql`(SELECT json_agg(json_build_object('id', cs.id, 'open', cs.status = 'open',
                                                 'device', cs.device_id, 'opener', cs.opened_by))
                        FROM ${cashSessions} cs
                       WHERE cs.tenant_id = ${tenantId} AND cs.id = ANY(${uuids(sessionIds)}::uuid[]))`
           } AS sessions,
           ${
             makerIds.length === 0
               ? sql`NULL::json`
               : sql`(SELECT json_agg(json_build_object('id', u.id, 'role', u.role)) FROM ${users} u
                       WHERE u.tenant_id = ${tenantId} AND u.id = ANY(${uuids(makerIds)}::uuid[]))`
           } AS makers,
           ${storedAnswersSql(tenantId, keys)} AS stored,
           (SELECT json_build_object('on', coalesce((f.settings->>'emission_enabled')::boolean, false),
                                     'version', floor(extract(epoch FROM f.updated_at) * 1000)::bigint)
              FROM ${fiscalSettings} f WHERE f.tenant_id = ${tenantId}) AS fiscal,
           ${
             deviceIds.length === 0
               ? sql`NULL::json`
               : sql`(SELECT json_agg(json_build_object('id', d.id, 'series', d.nfce_series)) FROM ${devices} d
                       WHERE d.tenant_id = ${tenantId} AND d.id = ANY(${uuids(deviceIds)}::uuid[]))`
           } AS tills`;
}

export async function readForSales(
  t: DbOrTx,
  tenantId: string,
  inputs: readonly SaleCreate[],
  keys: readonly string[],
  options: ReadOptions = {},
): Promise<SalesRead> {
  const { rows } = (await executeNamed(t, salesReadSql(tenantId, inputs, keys, options))) as unknown as {
    rows: {
      products: Record<string, unknown>[] | string | null;
      customers: Record<string, unknown>[] | string | null;
      taken: string[] | string | null;
      numbers: string[] | string | null;
      versions: (number | string)[] | string | null;
      sessions: { id: string; open: boolean; device: string; opener: string }[] | string | null;
      makers: { id: string; role: Role }[] | string | null;
      stored: unknown;
      fiscal: { on: boolean; version: number | string } | string | null;
      tills: { id: string; series: number | null }[] | string | null;
    }[];
  };
  const row = rows[0]!;
  // node-postgres parses json; PGlite too, but a driver answering text is read the same.
  const list = <T>(value: T[] | string | null): T[] =>
    value === null ? [] : typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
  return {
    stored: parseStoredAnswers(row.stored ?? null),
    taken: new Set(list(row.taken)),
    takenNumbers: new Set(list(row.numbers)),
    products: new Map(
      list(row.products)
        .map((r) => rowFromJson(products, r))
        .map((r) => [r.id, r]),
    ),
    customers: new Map(
      list(row.customers)
        .map((r) => rowFromJson(customers, r))
        .map((r) => [r.id, r]),
    ),
    versions: list(row.versions).map(Number),
    sessions: new Map(list(row.sessions).map((r) => [r.id, { open: r.open, deviceId: r.device, openedBy: r.opener }])),
    makers: new Map(list(row.makers).map((r) => [r.id, r.role])),
    fiscal: fiscalOf(row.fiscal, list(row.tills)),
  };
}

function fiscalOf(
  value: { on: boolean; version: number | string } | string | null,
  tills: { id: string; series: number | null }[],
): FiscalRead {
  const fiscal = typeof value === 'string' ? (JSON.parse(value) as { on: boolean; version: number | string }) : value;
  return {
    on: fiscal?.on === true,
    version: Number(fiscal?.version ?? 0),
    tillSeries: new Map(tills.map((t) => [t.id, t.series])),
  };
}
