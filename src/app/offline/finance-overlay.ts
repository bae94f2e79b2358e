// What the finance screens show while account changes wait in the outbox: the cached
// server answers (lists, statistics, summaries) with this device's queued changes laid
// over them (account-changes.ts). Pure functions over the overlay rows; the records are
// in the app's form (centavos). A row the server has confirmed (synced) still counts for
// data fetched before that confirmation, never for data fetched after it.
import { shownStatus, type ShownAccountStatus } from '../../shared/accounts';
import type {
  AccountPayable,
  AccountReceivable,
  PayableStatistics,
  ReceivableStatistics,
} from '../../shared/contract/accounts';
import type { CashFlowEntry, CashFlowSummary } from '../../shared/contract/cash-flow';
import type { LocalMark, WithLocal } from '../lib/finance';
import type { OverlayRecord } from './db';

export type { WithLocal };
export type LocalState = LocalMark;

export interface OverlayView extends OverlayRecord {
  /** pending / rejected: its resource still has entries in the outbox; synced: none left. */
  state: LocalState | 'synced';
}

/** The overlay rows of one kind that data fetched at `fetchedAt` does not already include. */
export function liveOverlays(overlays: readonly OverlayView[], kind: OverlayRecord['kind'], fetchedAt: number) {
  return overlays.filter((o) => o.kind === kind && (o.syncedAt === null || o.syncedAt > fetchedAt));
}

const mark = (o: OverlayView): LocalState | undefined => (o.state === 'synced' ? undefined : o.state);

/** Strips the screen's mark before a record is stored as an overlay's before/after. */
export function plain<T extends object>(row: WithLocal<T>): T {
  const { local: _local, ...rest } = row as WithLocal<T> & { local?: unknown };
  return rest as T;
}

/**
 * A page of rows with the overlay laid over it: changed rows replaced (and marked),
 * deleted ones removed, rows that no longer match the screen's filters removed, and
 * records that now match but were not in the server's answer (created here, or moved into
 * the filter by a change here) put first, on the first page only.
 */
export function mergeRows<T extends { id: string }>(
  rows: readonly T[],
  overlays: readonly OverlayView[],
  options: { matches: (record: T) => boolean; firstPage: boolean },
): WithLocal<T>[] {
  const byId = new Map(overlays.map((o) => [o.id, o]));
  const merged: WithLocal<T>[] = [];
  for (const row of rows) {
    const o = byId.get(row.id);
    if (!o) {
      merged.push(row);
      continue;
    }
    const local = o.local as T | null;
    if (local && options.matches(local)) merged.push({ ...local, local: mark(o) });
  }
  if (!options.firstPage) return merged;
  const shown = new Set(rows.map((r) => r.id));
  const added = overlays
    .filter((o) => {
      const local = o.local as T | null;
      const server = o.server as T | null;
      return local && !shown.has(o.id) && options.matches(local) && !(server && options.matches(server));
    })
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .map((o) => ({ ...(o.local as T), local: mark(o) }));
  return [...added, ...merged];
}

/** An account's status as of `today` (an overdue status is recomputed from the due date). */
export function statusToday(account: { status: ShownAccountStatus; due_date: string }, today: string) {
  return shownStatus(account.status === 'overdue' ? 'pending' : account.status, account.due_date, today);
}

type Contribution = {
  pending: number;
  overdue: number;
  paid: number;
  countPending: number;
  countOverdue: number;
  countPaid: number;
};

function contribution(account: { status: ShownAccountStatus; due_date: string; amount: number } | null, today: string) {
  const c: Contribution = { pending: 0, overdue: 0, paid: 0, countPending: 0, countOverdue: 0, countPaid: 0 };
  if (!account) return c;
  const status = statusToday(account, today);
  if (status === 'pending') Object.assign(c, { pending: account.amount, countPending: 1 });
  if (status === 'overdue') Object.assign(c, { overdue: account.amount, countOverdue: 1 });
  if (status === 'paid') Object.assign(c, { paid: account.amount, countPaid: 1 });
  return c;
}

/** How the overlay moves the statistics partition (pending / overdue / paid). */
function statisticsDelta<T extends { status: ShownAccountStatus; due_date: string; amount: number }>(
  overlays: readonly OverlayView[],
  today: string,
  counts: (account: T) => boolean = () => true,
): Contribution {
  const total: Contribution = { pending: 0, overdue: 0, paid: 0, countPending: 0, countOverdue: 0, countPaid: 0 };
  for (const o of overlays) {
    const before = o.server as T | null;
    const after = o.local as T | null;
    const minus = contribution(before && counts(before) ? before : null, today);
    const plus = contribution(after && counts(after) ? after : null, today);
    for (const k of Object.keys(total) as (keyof Contribution)[]) total[k] += plus[k] - minus[k];
  }
  return total;
}

export function adjustPayableStatistics(
  stats: PayableStatistics,
  overlays: readonly OverlayView[],
  today: string,
): PayableStatistics {
  const d = statisticsDelta<AccountPayable>(overlays, today);
  return {
    total_pending: stats.total_pending + d.pending,
    total_overdue: stats.total_overdue + d.overdue,
    total_paid: stats.total_paid + d.paid,
    count_pending: stats.count_pending + d.countPending,
    count_overdue: stats.count_overdue + d.countOverdue,
    count_paid: stats.count_paid + d.countPaid,
  };
}

export interface DayRange {
  start_date?: string | undefined;
  end_date?: string | undefined;
}

export const inRange = (day: string, range: DayRange) =>
  (!range.start_date || day >= range.start_date) && (!range.end_date || day <= range.end_date);

/** Receivable statistics count the accounts due in the range. */
export function adjustReceivableStatistics(
  stats: ReceivableStatistics,
  overlays: readonly OverlayView[],
  today: string,
  range: DayRange,
): ReceivableStatistics {
  const d = statisticsDelta<AccountReceivable>(overlays, today, (a) => inRange(a.due_date, range));
  return {
    total_pending: stats.total_pending + d.pending,
    total_overdue: stats.total_overdue + d.overdue,
    count_pending: stats.count_pending + d.countPending,
  };
}

/** The number of overdue accounts after the overlay. */
export function adjustOverdueCount(
  count: number,
  overlays: readonly OverlayView[],
  today: string,
  range: DayRange = {},
) {
  return count + statisticsDelta<AccountPayable>(overlays, today, (a) => inRange(a.due_date, range)).countOverdue;
}

/** The cash summary of a range with the overlay's entries (added, changed or removed) counted. */
export function adjustCashSummary(summary: CashFlowSummary, overlays: readonly OverlayView[], range: DayRange) {
  let { initial_balance, total_income, total_expenses } = summary;
  const apply = (entry: CashFlowEntry | null, sign: 1 | -1) => {
    if (!entry) return;
    const amount = sign * entry.amount;
    if (range.start_date && entry.date < range.start_date) {
      initial_balance += entry.type === 'income' ? amount : -amount;
    } else if (!range.end_date || entry.date <= range.end_date) {
      if (entry.type === 'income') total_income += amount;
      else total_expenses += amount;
    }
  };
  for (const o of overlays) {
    apply(o.server as CashFlowEntry | null, -1);
    apply(o.local as CashFlowEntry | null, 1);
  }
  return {
    initial_balance,
    total_income,
    total_expenses,
    final_balance: initial_balance + total_income - total_expenses,
  } satisfies CashFlowSummary;
}
