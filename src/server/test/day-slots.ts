// Writers on distinct slots of the day totals (sales_days, cash_flow_days: migration 0007
// stripes a day over pg_backend_pid() % 16). On PostgreSQL each writer is a Drizzle
// database on one connection of its own, connections opened until their slots differ; on
// PGlite (one connection, one slot) there is one writer, the test database itself.
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db, DbOrTx } from '../db/client';
import * as schema from '../db/schema';
import type { TestDatabase } from './testDb';

export const DAY_SLOTS = 16;

export interface SlotWriter {
  db: Db;
  /** The slot its writes land on. */
  slot: number;
}

export interface SlotWriters {
  writers: SlotWriter[];
  close(): Promise<void>;
}

/** `count` writers on distinct slots on PostgreSQL, the database alone on PGlite. */
export async function slotWriters(database: TestDatabase, count: number): Promise<SlotWriters> {
  if (!database.url) {
    const { rows } = (await database.db.execute(sql`SELECT pg_backend_pid() % 16 AS slot`)) as unknown as {
      rows: { slot: number }[];
    };
    return { writers: [{ db: database.db, slot: rows[0]!.slot }], close: async () => {} };
  }
  const kept: { client: pg.Client; slot: number }[] = [];
  // Backend pids mostly come in sequence, so a few connections reach distinct slots.
  for (let tries = 0; kept.length < count && tries < DAY_SLOTS * 4; tries++) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ slot: number }>('SELECT pg_backend_pid() % 16 AS slot');
    const slot = rows[0]!.slot;
    if (kept.some((k) => k.slot === slot)) await client.end();
    else kept.push({ client, slot });
  }
  if (kept.length < count) {
    await Promise.all(kept.map((k) => k.client.end()));
    throw new Error(`só ${kept.length} conexões em fatias distintas`);
  }
  return {
    writers: kept.map(({ client, slot }) => ({ db: drizzle({ client, schema }) as unknown as Db, slot })),
    close: async () => {
      await Promise.all(kept.map((k) => k.client.end()));
    },
  };
}

/** The cash book's totals of each day of a store, its slots summed (centavos). */
export function cashFlowDayTotals(db: DbOrTx, tenantId: string) {
  const days = schema.cashFlowDays;
  return db
    .select({
      date: days.date,
      income: sql<number>`sum(${days.income})::float8`.mapWith(Number),
      expenses: sql<number>`sum(${days.expenses})::float8`.mapWith(Number),
    })
    .from(days)
    .where(eq(days.tenantId, tenantId))
    .groupBy(days.date);
}
