// The São Paulo days the dashboard and the reports read, as bounds on timestamps
// (sold_at, created_at, cancelled_at); SQL's own day of a time is sp_day (db/functions.sql).
// São Paulo is UTC-3
// with no DST (src/shared/dates.ts): a day [D, E] of timestamps is
// [startOfDayUtc(D), startOfDayUtc(E + 1)), bounds the (tenant_id, sold_at) index serves.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ADMIN_DEFAULT_RANGE_DAYS } from '../../shared/constants';
import { addDays, daysBetween, startOfDayUtc, todayIso } from '../../shared/dates';
import type { DbOrTx } from '../db/client';
import { checkRange } from '../finance/account-queries';

/** A range of São Paulo days, both ends included. */
export interface Days {
  start: string;
  end: string;
}

/** The report's days: as asked; absent ends give the last 30 days through today. Reversed: 400. */
export function reportDays(query: { start_date?: string | undefined; end_date?: string | undefined }): Days {
  const end = query.end_date ?? todayIso();
  const start = query.start_date ?? addDays(end, -(ADMIN_DEFAULT_RANGE_DAYS - 1));
  checkRange({ start_date: start, end_date: end });
  return { start, end };
}

/** The range of equal length just before (growth is measured against it). */
export function previousDays({ start, end }: Days): Days {
  const length = daysBetween(start, end) + 1;
  return { start: addDays(start, -length), end: addDays(start, -1) };
}

/** The last `count` days through `today`. */
export function lastDays(count: number, today = todayIso()): Days {
  return { start: addDays(today, -(count - 1)), end: today };
}

/** The instant a São Paulo day starts, as a timestamptz parameter. */
export const dayStart = (day: string): SQL => sql`${startOfDayUtc(day).toISOString()}::timestamptz`;

/** A timestamp column on or before the São Paulo day (its day <= day). */
export const byDay = (column: AnyPgColumn, day: string): SQL => sql`${column} < ${dayStart(addDays(day, 1))}`;

/** Rows of a raw statement (both drivers answer `{rows}`). */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const { rows } = (await db.execute(query)) as unknown as { rows: T[] };
  return rows;
}

/**
 * Sums leave the database as float8 (sums of bigint centavos are numeric; float8 is exact
 * below 2^53 centavos) and come back as JS numbers here, once.
 */
export const centavos = (value: unknown): number => Number(value ?? 0);
