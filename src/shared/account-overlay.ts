// What a change to an account or a cash entry does to the figures, before the server has
// it: each change is a pair (the record as the server had it, the record as it will be;
// null = none), and the statistics, overdue count and cash summary move by the difference.
// Pure rules over records in the app's form (centavos), so the device shows exactly what
// the server will hold once its queued changes arrive (DESIGN.md, finance rules).
import { shownStatus, type ShownAccountStatus } from './accounts';
import type { AccountPayable, AccountReceivable, PayableStatistics, ReceivableStatistics } from './contract/accounts';
import type { CashFlowEntry, CashFlowSummary } from './contract/cash-flow';

/** One changed record: as the server had it and as it will be (null: created / deleted). */
export interface RecordChange {
  server: unknown;
  local: unknown;
}

/** An account's status as of `today` (an overdue status is recomputed from the due date). */
export function statusToday(account: { status: ShownAccountStatus; due_date: string }, today: string) {
  return shownStatus(account.status === 'overdue' ? 'pending' : account.status, account.due_date, today);
}

export interface DayRange {
  start_date?: string | undefined;
  end_date?: string | undefined;
}

export const inRange = (day: string, range: DayRange) =>
  (!range.start_date || day >= range.start_date) && (!range.end_date || day <= range.end_date);

/** What an account adds to the statistics: all six figures, of which a list's statistics show some. */
type Contribution = PayableStatistics;

type Counted = { status: ShownAccountStatus; due_date: string; amount: number };

const none = (): Contribution => ({
  total_pending: 0,
  total_overdue: 0,
  total_paid: 0,
  count_pending: 0,
  count_overdue: 0,
  count_paid: 0,
});

function contribution(account: Counted | null, today: string) {
  const c = none();
  if (!account) return c;
  const status = statusToday(account, today);
  if (status === 'pending') Object.assign(c, { total_pending: account.amount, count_pending: 1 });
  if (status === 'overdue') Object.assign(c, { total_overdue: account.amount, count_overdue: 1 });
  if (status === 'paid') Object.assign(c, { total_paid: account.amount, count_paid: 1 });
  return c;
}

/** How the changes move the statistics partition (pending / overdue / paid; cancelled counts nowhere). */
function statisticsDelta<T extends Counted>(
  changes: readonly RecordChange[],
  today: string,
  counts: (account: T) => boolean = () => true,
): Contribution {
  const total = none();
  for (const o of changes) {
    const before = o.server as T | null;
    const after = o.local as T | null;
    const minus = contribution(before && counts(before) ? before : null, today);
    const plus = contribution(after && counts(after) ? after : null, today);
    for (const k of Object.keys(total) as (keyof Contribution)[]) total[k] += plus[k] - minus[k];
  }
  return total;
}

/** `stats` with each of its figures moved by the same figure of `d`. */
function moved<S extends Partial<Contribution>>(stats: S, d: Contribution): S {
  const out: Record<string, number> = { ...stats };
  for (const k of Object.keys(stats) as (keyof Contribution)[]) out[k] = (stats[k] ?? 0) + d[k];
  return out as S;
}

export function adjustPayableStatistics(
  stats: PayableStatistics,
  changes: readonly RecordChange[],
  today: string,
): PayableStatistics {
  return moved(stats, statisticsDelta<AccountPayable>(changes, today));
}

/** Receivable statistics count the accounts due in the range. */
export function adjustReceivableStatistics(
  stats: ReceivableStatistics,
  changes: readonly RecordChange[],
  today: string,
  range: DayRange,
): ReceivableStatistics {
  return moved(
    stats,
    statisticsDelta<AccountReceivable>(changes, today, (a) => inRange(a.due_date, range)),
  );
}

/** The number of overdue accounts (due in the range) after the changes. */
export function adjustOverdueCount(
  count: number,
  changes: readonly RecordChange[],
  today: string,
  range: DayRange = {},
) {
  return count + statisticsDelta<Counted>(changes, today, (a) => inRange(a.due_date, range)).count_overdue;
}

/** The cash summary of a range with the changed entries (added, changed or removed) counted. */
export function adjustCashSummary(summary: CashFlowSummary, changes: readonly RecordChange[], range: DayRange) {
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
  for (const o of changes) {
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
