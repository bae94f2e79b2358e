// A table's columns as the API names them: the API speaks the columns' own SQL names
// (snake_case: current_stock), the rows Drizzle answers use their TypeScript keys
// (currentStock). One mapper per entity, built from the table's own column list, instead
// of every field written out by hand both ways.
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

export interface ApiFields<T extends PgTable> {
  /** The row's listed columns under their API names; times as ISO 8601 UTC text. */
  toApi(row: T['$inferSelect']): Record<string, unknown>;
  /** The listed columns an API body sets (absent fields are left out), under the row's keys. */
  fromApi(input: object): Partial<T['$inferInsert']>;
}

export function apiFields<T extends PgTable>(
  table: T,
  keys: readonly (keyof T['$inferSelect'] & string)[],
): ApiFields<T> {
  const columns = getTableColumns(table);
  const pairs = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} não é uma coluna`);
    return { key, name: column.name };
  });
  return {
    toApi(row) {
      const out: Record<string, unknown> = {};
      for (const { key, name } of pairs) {
        const value = (row as Record<string, unknown>)[key];
        out[name] = value instanceof Date ? value.toISOString() : value;
      }
      return out;
    },
    fromApi(input) {
      const out: Record<string, unknown> = {};
      for (const { key, name } of pairs) {
        const value = (input as Record<string, unknown>)[name];
        if (value !== undefined) out[key] = value;
      }
      return out as Partial<T['$inferInsert']>;
    },
  };
}
