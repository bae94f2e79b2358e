// The pieces the year's SQL is built from (year-store.ts): deterministic ids, São Paulo
// days and payment instants as SQL expressions, and the temp tables that carry a planned
// column set (year-plan.ts) into the database.
import type { Sql } from './sql';
import { arrayLiteral } from './sql';
import type { AccountsPlan } from './year-plan';

const SEED = 'balcao-year-1';
/** A deterministic version-4 uuid from a kind and a SQL expression. */
export const uuidOf = (kind: string, expr: string) =>
  `overlay(overlay(md5('${SEED}:${kind}:' || (${expr})::text) placing '4' from 13) placing '8' from 17)::uuid`;
/** The São Paulo day of a timestamptz (UTC-3, as src/shared/dates.ts). */
export const spDay = (ts: string) => `sp_day(${ts})`;
export const fromMs = (ms: string) => `to_timestamp(${ms} / 1000.0)`;
/** When a payment dated `day` was recorded: 12:00 São Paulo, never after now. */
export const paidAt = (day: string) => `least(((${day})::date + interval '15 hours') AT TIME ZONE 'UTC', now())`;
export const shortId = (id: string) => `'#' || upper(left(${id}::text, 8))`;

type Column = [name: string, type: string, values: readonly (string | number | boolean | null)[]];

/** A temp table (dropped at commit) holding the columns, plus their 1-based row number n. */
export async function stage(sql: Sql, table: string, columns: Column[]): Promise<void> {
  await sql.exec(
    `CREATE TEMP TABLE ${table} (${columns.map(([name, type]) => `${name} ${type}`).join(', ')}, n int) ON COMMIT DROP`,
  );
  await sql.query(
    `INSERT INTO ${table} SELECT * FROM unnest(${columns.map(([, type], i) => `($${i + 1}::text)::${type}[]`).join(', ')}) WITH ORDINALITY`,
    columns.map(([, , values]) => arrayLiteral(values)),
  );
}

export const accountColumns = (plan: AccountsPlan, partyType: string): Column[] => [
  ['party', partyType, plan.party],
  ['category', 'text', plan.category],
  ['description', 'text', plan.description],
  ['amount', 'bigint', plan.amount],
  ['due', 'date', plan.due],
  ['created_ms', 'bigint', plan.createdMs],
  ['paid', 'date', plan.paid],
  ['cancel_ms', 'bigint', plan.cancelMs],
  ['method', 'text', plan.method],
  ['reference', 'text', plan.reference],
];

/** pending / paid / cancelled, and the instants that go with them, of a staged account row. */
export const accountState = (a: string) => `
  CASE WHEN ${a}.paid IS NOT NULL THEN 'paid' WHEN ${a}.cancel_ms IS NOT NULL THEN 'cancelled' ELSE 'pending' END,
  ${a}.paid, ${fromMs(`${a}.cancel_ms`)}, ${fromMs(`${a}.created_ms`)},
  coalesce(${paidAt(`${a}.paid`)}, ${fromMs(`${a}.cancel_ms`)}, ${fromMs(`${a}.created_ms`)})`;
