// SQL pieces both account tables (payables and receivables) share: the status filter with
// overdue derived from the due date, the list order, the statistics partition and the
// refusal of a change the account's status does not allow (src/shared/accounts.ts).
// Statistics partition the accounts (DESIGN.md, finance rules): pending = open and not
// yet due, overdue = open and due before today, paid; cancelled counts nowhere.
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { accountRefusal, type AccountAction, type StoredAccountStatus } from '../../shared/accounts';
import { OVERDUE_LIST_MAX } from '../../shared/contract/accounts';
import type { AccountStatus } from '../../shared/contract/accounts';
import type { DbOrTx } from '../db/client';
import type { accountsPayable, accountsReceivable } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';

export interface AccountColumns {
  id: AnyPgColumn;
  status: AnyPgColumn;
  dueDate: AnyPgColumn;
  amount: AnyPgColumn;
}

/** The rows a status filter of the lists selects (overdue: pending and due before today). */
export function statusCondition(t: AccountColumns, status: AccountStatus | undefined, today: string): SQL | undefined {
  switch (status) {
    case 'pending':
      return and(eq(t.status, 'pending'), gte(t.dueDate, today));
    case 'overdue':
      return and(eq(t.status, 'pending'), lt(t.dueDate, today));
    case 'paid':
    case 'cancelled':
      return eq(t.status, status);
    default:
      return undefined;
  }
}

/** The page the overdue lists answer: the first OVERDUE_LIST_MAX accounts, the oldest due first (openFirstOrder). */
export const FIRST_OVERDUE = { page: 1, limit: OVERDUE_LIST_MAX };

/** Open accounts first, the oldest due first (what to pay or collect next); then the rest, newest first. */
export function openFirstOrder(t: AccountColumns): SQL[] {
  return [
    sql`(${t.status} = 'pending') DESC`,
    sql`CASE WHEN ${t.status} = 'pending' THEN ${t.dueDate} END ASC`,
    sql`${t.dueDate} DESC`,
    asc(t.id),
  ];
}

/** The sum of `amount` over the rows where `cond` holds, in centavos (0 for none). */
export const sumWhere = (amount: AnyPgColumn, cond: SQL) =>
  sql<number>`coalesce(sum(${amount}) FILTER (WHERE ${cond}), 0)::float8`.mapWith(Number);
const countWhere = (cond: SQL) => sql<number>`count(*) FILTER (WHERE ${cond})::int`.mapWith(Number);

/** Columns of a select that partitions accounts into pending, overdue and paid. */
export function statisticsColumns(t: AccountColumns, today: string) {
  const pending = sql`${t.status} = 'pending' AND ${t.dueDate} >= ${today}`;
  const overdue = sql`${t.status} = 'pending' AND ${t.dueDate} < ${today}`;
  const paid = sql`${t.status} = 'paid'`;
  return {
    total_pending: sumWhere(t.amount, pending),
    total_overdue: sumWhere(t.amount, overdue),
    total_paid: sumWhere(t.amount, paid),
    count_pending: countWhere(pending),
    count_overdue: countWhere(overdue),
    count_paid: countWhere(paid),
  };
}

/**
 * A change guarded by status found nothing to change: reads why (404 when the account is
 * not the tenant's, else the 409 its status gives).
 */
export async function refusalOf(
  tr: DbOrTx,
  table: typeof accountsPayable | typeof accountsReceivable,
  key: { tenantId: string; id: string },
  action: AccountAction,
  notFoundText: string,
): Promise<Error> {
  const [current] = await tr
    .select({ status: table.status })
    .from(table)
    .where(and(eq(table.tenantId, key.tenantId), eq(table.id, key.id)));
  return refusalFor(action, current, notFoundText);
}

/** Cancels a pending account (404, or the 409 its status gives, otherwise); the row as it now is. */
export async function cancelPending<T extends typeof accountsPayable | typeof accountsReceivable>(
  tr: DbOrTx,
  table: T,
  key: { tenantId: string; id: string },
  notFoundText: string,
): Promise<T['$inferSelect']> {
  const now = new Date();
  const [row] = await tr
    .update(table as typeof accountsPayable)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(and(eq(table.tenantId, key.tenantId), eq(table.id, key.id), eq(table.status, 'pending')))
    .returning();
  if (!row) throw await refusalOf(tr, table, key, 'cancel', notFoundText);
  return row as T['$inferSelect'];
}

/** The refusal for an account as read (undefined: not the tenant's). */
export function refusalFor(
  action: AccountAction,
  current: { status: StoredAccountStatus } | undefined,
  notFoundText: string,
): Error {
  if (!current) return notFound(notFoundText);
  const why = accountRefusal(action, current.status);
  // The status allows it: only a concurrent change could have got in between.
  return conflict(why ?? 'A conta foi alterada por outra pessoa. Atualize a página e tente novamente.');
}

/** Start and end of a date range, in order (a reversed range is a person's typo: 400). */
export function checkRange(range: { start_date?: string | undefined; end_date?: string | undefined }): void {
  if (range.start_date && range.end_date && range.start_date > range.end_date) {
    throw badRange();
  }
}

const badRange = () =>
  badRequest('A data inicial não pode ser posterior à data final.', [
    { path: 'start_date', message: 'A data inicial não pode ser posterior à data final.' },
  ]);
