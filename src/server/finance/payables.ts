// Accounts payable: the store's bills. Every change is one statement guarded by the
// status that allows it (UPDATE ... WHERE status = 'pending'), so two concurrent payments
// of one bill give one payment: the second waits for the first's row lock, then finds
// the bill paid and answers 409. Paying writes the expense entry of the cash book in the
// same transaction (DESIGN.md, finance rules: the bill's category, dated the payment day).
import { and, count, eq, ne, or, type SQL } from 'drizzle-orm';
import { payableEntryDescription, shownStatus, type AccountAction } from '../../shared/accounts';
import {
  type AccountPayable,
  type AccountPayableCreate,
  type AccountPayableListQuery,
  type AccountPayableUpdate,
  type MarkAsPaid,
  type PayableStatistics,
} from '../../shared/contract';
import { todayIso } from '../../shared/dates';
import { containsFolded } from '../core/like';
import { inTransaction, type DbOrTx } from '../db/client';
import { pageOf } from '../db/pages';
import { creatingUnderClientId } from '../db/errors';
import { accountsPayable, type AccountPayableRow } from '../db/schema';
import { writeCashEntries } from '../ledgers/cash-book';
import { notFound } from '../errors';
import { cancelPending, FIRST_OVERDUE, openFirstOrder, refusalOf, statisticsColumns, statusCondition } from './account-queries';

export const PAYABLE_NOT_FOUND = 'Conta a pagar não encontrada.';

const t = accountsPayable;
const own = (tenantId: string, id: string) => and(eq(t.tenantId, tenantId), eq(t.id, id));
const pending = eq(t.status, 'pending');

export function toPayable(row: AccountPayableRow, today: string): AccountPayable {
  return {
    id: row.id,
    supplier_name: row.supplierName,
    description: row.description,
    amount: row.amount,
    due_date: row.dueDate,
    payment_method: row.paymentMethod,
    category: row.category,
    reference_number: row.referenceNumber,
    notes: row.notes,
    status: shownStatus(row.status, row.dueDate, today),
    payment_date: row.paymentDate,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The columns a create or an edit sets: absent optional fields are cleared (the edit sends the whole form). */
function editable(input: AccountPayableUpdate) {
  return {
    supplierName: input.supplier_name,
    description: input.description,
    amount: input.amount,
    dueDate: input.due_date,
    paymentMethod: input.payment_method ?? null,
    category: input.category,
    referenceNumber: input.reference_number ?? null,
    notes: input.notes ?? null,
  };
}

export async function listPayables(db: DbOrTx, tenantId: string, query: AccountPayableListQuery) {
  const today = todayIso();
  const filters: (SQL | undefined)[] = [eq(t.tenantId, tenantId), statusCondition(t, query.status, today)];
  if (query.category) filters.push(eq(t.category, query.category));
  if (query.payment_method) filters.push(eq(t.paymentMethod, query.payment_method));
  const search = query.search?.trim();
  if (search) filters.push(or(containsFolded(t.supplierName, search), containsFolded(t.description, search)));
  const where = and(...filters);
  const { rows, pagination } = await pageOf(
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(...openFirstOrder(t))
      .$dynamic(),
    db.select({ total: count() }).from(t).where(where),
    query,
  );
  return {
    accountsPayable: rows.map((r) => toPayable(r, today)),
    pagination: { ...pagination, total_pages: pagination.totalPages },
  };
}

export async function getPayable(db: DbOrTx, tenantId: string, id: string): Promise<AccountPayable> {
  const [row] = await db.select().from(t).where(own(tenantId, id));
  if (!row) throw notFound(PAYABLE_NOT_FOUND);
  return toPayable(row, todayIso());
}

/** All the store's bills: pending (not yet due), overdue and paid. */
export async function payableStatistics(db: DbOrTx, tenantId: string): Promise<PayableStatistics> {
  const [row] = await db.select(statisticsColumns(t, todayIso())).from(t).where(eq(t.tenantId, tenantId));
  return row!;
}

/** Overdue bills, the oldest due first (at most OVERDUE_LIST_MAX), and how many there are. */
export async function overduePayables(db: DbOrTx, tenantId: string) {
  const { accountsPayable, pagination } = await listPayables(db, tenantId, { status: 'overdue', ...FIRST_OVERDUE });
  return { data: accountsPayable, count: pagination.total };
}

export async function createPayable(
  db: DbOrTx,
  tenantId: string,
  input: AccountPayableCreate,
  tx?: DbOrTx,
): Promise<AccountPayable> {
  return creatingUnderClientId(db, tx, 'accounts_payable_pkey', 'uma conta', async (tr) => {
    const [row] = await tr
      .insert(t)
      .values({ tenantId, ...(input.id ? { id: input.id } : {}), ...editable(input) })
      .returning();
    return toPayable(row!, todayIso());
  });
}

const refusal = (tr: DbOrTx, tenantId: string, id: string, action: AccountAction) =>
  refusalOf(tr, t, { tenantId, id }, action, PAYABLE_NOT_FOUND);

export async function updatePayable(
  db: DbOrTx,
  tenantId: string,
  id: string,
  input: AccountPayableUpdate,
  tx?: DbOrTx,
): Promise<AccountPayable> {
  return inTransaction(db, tx, async (tr) => {
    const [row] = await tr
      .update(t)
      .set({ ...editable(input), updatedAt: new Date() })
      .where(and(own(tenantId, id), pending))
      .returning();
    if (!row) throw await refusal(tr, tenantId, id, 'edit');
    return toPayable(row, todayIso());
  });
}

/** A paid bill stays: its expense is in the cash book. */
export async function deletePayable(db: DbOrTx, tenantId: string, id: string, tx?: DbOrTx): Promise<void> {
  await inTransaction(db, tx, async (tr) => {
    const rows = await tr
      .delete(t)
      .where(and(own(tenantId, id), ne(t.status, 'paid')))
      .returning({ id: t.id });
    if (rows.length === 0) throw await refusal(tr, tenantId, id, 'delete');
  });
}

/** Pays a bill (absent date: today) and writes its expense entry, in one transaction. */
export async function payPayable(
  db: DbOrTx,
  tenantId: string,
  id: string,
  input: MarkAsPaid,
  tx?: DbOrTx,
): Promise<AccountPayable> {
  return inTransaction(db, tx, async (tr) => {
    const today = todayIso();
    const paymentDate = input.payment_date ?? today;
    const [row] = await tr
      .update(t)
      .set({ status: 'paid', paymentDate, updatedAt: new Date() })
      .where(and(own(tenantId, id), pending))
      .returning();
    if (!row) throw await refusal(tr, tenantId, id, 'pay');
    await writeCashEntries(tr, [
      {
        kind: 'payable',
        tenantId,
        date: paymentDate,
        description: payableEntryDescription({ supplier_name: row.supplierName, description: row.description }),
        category: row.category,
        amount: row.amount,
        accountPayableId: row.id,
      },
    ]);
    return toPayable(row, today);
  });
}

export async function cancelPayable(db: DbOrTx, tenantId: string, id: string, tx?: DbOrTx): Promise<AccountPayable> {
  return inTransaction(db, tx, async (tr) =>
    toPayable(await cancelPending(tr, t, { tenantId, id }, PAYABLE_NOT_FOUND), todayIso()),
  );
}
