// The cash book (DESIGN.md, finance rules): income and expense entries by São Paulo day.
// Every entry goes through the cash book's one writer (ledgers/cash-book.ts), called by
// the area whose event it is; here are the manual ones, the list, the summary and the
// chart. The summary and the chart read the day totals (cash_flow_days, kept by triggers
// in each write's transaction), so their cost does not grow with the years of history. Summary for [start, end]: initial = income - expenses dated before start;
// final = initial + income - expenses in range. The chart has one point per day of the
// range, its balance running from that initial balance, so its last balance is the
// summary's final balance.
import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { CLOSE_CATEGORIES, CLOSE_ENTRY_LOCKED } from '../../shared/caixa';
import {
  CASH_FLOW_CHART_MAX_DAYS,
  type CashFlowChartPoint,
  type CashFlowEntry,
  type CashFlowEntryCreate,
  type CashFlowEntryUpdate,
  type CashFlowListQuery,
  type CashFlowSummary,
} from '../../shared/contract';
import { ADMIN_DEFAULT_RANGE_DAYS } from '../../shared/constants';
import { addDays, daysBetween, todayIso } from '../../shared/dates';
import { inTransaction, type DbOrTx } from '../db/client';
import { creatingUnderClientId } from '../db/errors';
import { pageOf } from '../db/pages';
import { cashFlowDays, cashFlowEntries, type CashFlowEntryRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { deleteManualEntry, editManualEntry, writeCashEntry } from '../ledgers/cash-book';
import { checkRange } from './account-queries';

export const ENTRY_NOT_FOUND = 'Lançamento não encontrado.';
export const ENTRY_NOT_MANUAL =
  'Este lançamento foi gerado por uma venda ou pelo pagamento de uma conta e não pode ser alterado aqui.';

export interface DayRange {
  start_date?: string | undefined;
  end_date?: string | undefined;
}

const t = cashFlowEntries;
const own = (tenantId: string, id: string) => and(eq(t.tenantId, tenantId), eq(t.id, id));

export function toCashEntry(row: CashFlowEntryRow): CashFlowEntry {
  return {
    id: row.id,
    date: row.date,
    type: row.type,
    description: row.description,
    category: row.category,
    amount: row.amount,
    sale_id: row.saleId,
    account_payable_id: row.accountPayableId,
    account_receivable_id: row.accountReceivableId,
    created_at: row.createdAt.toISOString(),
  };
}

function within(range: DayRange): SQL[] {
  const out: SQL[] = [];
  if (range.start_date) out.push(gte(t.date, range.start_date));
  if (range.end_date) out.push(lte(t.date, range.end_date));
  return out;
}

/** The day totals of the tenant (kept by triggers: see db/schema.ts cashFlowDays): a day's slots are summed. */
const days = cashFlowDays;

export async function cashSummary(db: DbOrTx, tenantId: string, range: DayRange): Promise<CashFlowSummary> {
  checkRange(range);
  const before = range.start_date ? sql`${days.date} < ${range.start_date}` : sql`false`;
  const inRange = sql`NOT (${before})`;
  const [row] = await db
    .select({
      initial:
        sql<number>`coalesce(sum(${days.income} - ${days.expenses}) FILTER (WHERE ${before}), 0)::float8`.mapWith(
          Number,
        ),
      income: sql<number>`coalesce(sum(${days.income}) FILTER (WHERE ${inRange}), 0)::float8`.mapWith(Number),
      expenses: sql<number>`coalesce(sum(${days.expenses}) FILTER (WHERE ${inRange}), 0)::float8`.mapWith(Number),
    })
    .from(days)
    .where(and(eq(days.tenantId, tenantId), range.end_date ? lte(days.date, range.end_date) : undefined));
  const { initial, income, expenses } = row!;
  return {
    initial_balance: initial,
    total_income: income,
    total_expenses: expenses,
    final_balance: initial + income - expenses,
  };
}

export async function listCashEntries(db: DbOrTx, tenantId: string, query: CashFlowListQuery) {
  checkRange(query);
  const filters: (SQL | undefined)[] = [eq(t.tenantId, tenantId), ...within(query)];
  if (query.type) filters.push(eq(t.type, query.type));
  if (query.category) filters.push(eq(t.category, query.category));
  // 0 is no bound (the screen sends min_amount=0 and max_amount=0).
  if (query.min_amount) filters.push(gte(t.amount, query.min_amount));
  if (query.max_amount) filters.push(lte(t.amount, query.max_amount));
  const where = and(...filters);
  const [{ rows, pagination }, summary] = await Promise.all([
    pageOf(
      db.select().from(t).where(where).orderBy(desc(t.date), desc(t.createdAt), desc(t.id)).$dynamic(),
      db.select({ total: count() }).from(t).where(where),
      query,
    ),
    cashSummary(db, tenantId, query),
  ]);
  return { entries: rows.map(toCashEntry), pagination, summary };
}

export async function getCashEntry(db: DbOrTx, tenantId: string, id: string): Promise<CashFlowEntry> {
  const [row] = await db.select().from(t).where(own(tenantId, id));
  if (!row) throw notFound(ENTRY_NOT_FOUND);
  return toCashEntry(row);
}

/** The chart's days: the range asked, or the last 30 days; at most CASH_FLOW_CHART_MAX_DAYS. */
export function chartDays(range: DayRange, today = todayIso()): { start: string; end: string } {
  const end = range.end_date ?? today;
  const start = range.start_date ?? addDays(end, -(ADMIN_DEFAULT_RANGE_DAYS - 1));
  checkRange({ start_date: start, end_date: end });
  if (daysBetween(start, end) + 1 > CASH_FLOW_CHART_MAX_DAYS) {
    throw badRequest(`O gráfico mostra no máximo ${CASH_FLOW_CHART_MAX_DAYS} dias.`);
  }
  return { start, end };
}

/** One point per day of the range (empty days too), the balance running from the initial one. */
export async function cashChart(db: DbOrTx, tenantId: string, range: DayRange): Promise<CashFlowChartPoint[]> {
  const { start, end } = chartDays(range);
  const { rows } = (await db.execute(sql`
    WITH initial AS (
      SELECT coalesce(sum(${days.income} - ${days.expenses}), 0) AS balance FROM ${days}
       WHERE ${days.tenantId} = ${tenantId} AND ${days.date} < ${start}::date
    )
    SELECT to_char(d, 'YYYY-MM-DD') AS date,
           coalesce(p.income, 0)::float8 AS income,
           coalesce(p.expenses, 0)::float8 AS expenses,
           ((SELECT balance FROM initial)
             + sum(coalesce(p.income, 0) - coalesce(p.expenses, 0)) OVER (ORDER BY d))::float8 AS balance
      FROM generate_series(${start}::date, ${end}::date, interval '1 day') AS d
      LEFT JOIN (SELECT ${days.date} AS date, sum(${days.income}) AS income, sum(${days.expenses}) AS expenses
                   FROM ${days} WHERE ${days.tenantId} = ${tenantId} AND ${days.date} BETWEEN ${start}::date AND ${end}::date
                  GROUP BY ${days.date}) p ON p.date = d::date
     ORDER BY d
  `)) as { rows: { date: string; income: number | string; expenses: number | string; balance: number | string }[] };
  return rows.map((r) => ({
    date: r.date,
    income: Number(r.income),
    expenses: Number(r.expenses),
    balance: Number(r.balance),
  }));
}

export async function createCashEntry(
  db: DbOrTx,
  tenantId: string,
  input: CashFlowEntryCreate,
  tx?: DbOrTx,
): Promise<CashFlowEntry> {
  return creatingUnderClientId(db, tx, 'cash_flow_entries_pkey', 'um lançamento', async (tr) => {
    const row = await writeCashEntry(tr, {
      kind: 'manual',
      tenantId,
      ...(input.id ? { id: input.id } : {}),
      date: input.date,
      type: input.type,
      description: input.description,
      category: input.category,
      amount: input.amount,
    });
    return toCashEntry(row);
  });
}

/** 404, or 409 for an entry a sale, a payment or a caixa close wrote. */
async function manualRefusal(tr: DbOrTx, tenantId: string, id: string): Promise<Error> {
  const [row] = await tr.select({ category: t.category }).from(t).where(own(tenantId, id));
  if (!row) return notFound(ENTRY_NOT_FOUND);
  return conflict(CLOSE_CATEGORIES.includes(row.category) ? CLOSE_ENTRY_LOCKED : ENTRY_NOT_MANUAL);
}

export async function updateCashEntry(
  db: DbOrTx,
  tenantId: string,
  id: string,
  input: CashFlowEntryUpdate,
  tx?: DbOrTx,
): Promise<CashFlowEntry> {
  return inTransaction(db, tx, async (tr) => {
    const row = await editManualEntry(tr, tenantId, id, {
      date: input.date,
      type: input.type,
      description: input.description,
      category: input.category,
      amount: input.amount,
    });
    if (!row) throw await manualRefusal(tr, tenantId, id);
    return toCashEntry(row);
  });
}

export async function deleteCashEntry(db: DbOrTx, tenantId: string, id: string, tx?: DbOrTx): Promise<void> {
  await inTransaction(db, tx, async (tr) => {
    if (!(await deleteManualEntry(tr, tenantId, id))) throw await manualRefusal(tr, tenantId, id);
  });
}
