// Rows of a table read as JSON inside a larger statement (several reads in one round
// trip: sales/create/sale-create-read.ts), turned back into the row objects Drizzle would have answered,
// each value through its column's own mapping (timestamps to Date, bigint to number...).
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

// The SQL text that depends only on the schema is built once, as one raw chunk: Drizzle
// walks every chunk of every statement it sends, and on the sale path that walk was a
// visible part of the server's CPU.
const texts = new Map<string, SQL>();
function once(key: string, build: () => string): SQL {
  let text = texts.get(key);
  if (!text) texts.set(key, (text = sql.raw(build())));
  return text;
}
/** Schema names only (never input): quoted as identifiers. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** json_build_object of every column of `table` under its TypeScript key, for rows aliased `alias`. */
export function jsonRowOf(table: PgTable, alias: string): SQL {
  return once(`json:${getTableName(table)}:${alias}`, () => {
    const pairs = Object.entries(getTableColumns(table)).map(
      ([key, column]) => `'${key}', ${quoted(alias)}.${quoted(column.name)}`,
    );
    return `json_build_object(${pairs.join(', ')})`;
  });
}

/** A row of `table` from the object jsonRowOf built. */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/**
 * INSERT of `rows` (Drizzle's insert shape: TypeScript keys) with ONE parameter, a JSON
 * array read by jsonb_populate_recordset: any number of rows fits in one statement (one
 * parameter per value would hit PostgreSQL's 65,535), and it can sit in a WITH with
 * others. The columns are the keys the rows set; the others take their defaults. Values go
 * through each column's own mapping (Date to ISO text...), JSON columns as they are.
 */
export function insertRowsSql<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]): SQL {
  const columns = Object.entries(getTableColumns(table));
  const used = columns.filter(([key]) => rows.some((r) => (r as Record<string, unknown>)[key] !== undefined));
  const json = rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of used) {
      const value = (r as Record<string, unknown>)[key];
      const jsonColumn = column.getSQLType() === 'jsonb' || column.getSQLType() === 'json';
      out[column.name] =
        value === null || value === undefined || jsonColumn ? (value ?? null) : column.mapToDriverValue(value);
    }
    return out;
  });
  const name = getTableName(table);
  const head = once(`insert:${name}:${used.map(([key]) => key).join(',')}`, () => {
    const names = used.map(([, column]) => quoted(column.name)).join(', ');
    return `INSERT INTO ${quoted(name)} (${names}) SELECT ${names} FROM jsonb_populate_recordset(NULL::${quoted(name)}, `;
  });
  return sql`${head}${JSON.stringify(json)}::jsonb)`;
}
