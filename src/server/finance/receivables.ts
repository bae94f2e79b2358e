// Accounts receivable: crediário installments (written by the sale, sales/records/sale-effects.ts)
// and accounts entered by hand. Changes are guarded by status as for payables
// (payables.ts); receiving writes the income entry of the cash book in the same
// transaction (category Vendas, dated the payment day, tied to the sale when there is
// one). An installment keeps the amount and customer its sale agreed, and is never
// deleted (cancel it, or the sale).
import { and, count, eq, gte, ilike, lte, ne, or, type SQL } from 'drizzle-orm';
import { receivableEntryDescription, shownStatus } from '../../shared/accounts';
import {
  type AccountReceivable,
  type AccountReceivableCreate,
  type AccountReceivableListQuery,
  type AccountReceivableUpdate,
  type MarkAsPaid,
  type ReceivableStatistics,
} from '../../shared/contract';
import { todayIso } from '../../shared/dates';
import { stripDocument } from '../../shared/documents';
import { getCustomer } from '../catalogue/customers';
import { containsFolded, likePattern } from '../core/like';
import { inTransaction, type DbOrTx } from '../db/client';
import { pageOf } from '../db/pages';
import { creatingUnderClientId } from '../db/errors';
import { accountsReceivable, customers, sales, type AccountReceivableRow } from '../db/schema';
import { writeCashEntries } from '../ledgers/cash-book';
import { conflict, notFound } from '../errors';
import {
  cancelPending,
  checkRange,
  FIRST_OVERDUE,
  openFirstOrder,
  refusalFor,
  refusalOf,
  statisticsColumns,
  statusCondition,
} from './account-queries';

export const RECEIVABLE_NOT_FOUND = 'Conta a receber não encontrada.';

type DueRange = { start_date?: string | undefined; end_date?: string | undefined };

const t = accountsReceivable;
const own = (tenantId: string, id: string) => and(eq(t.tenantId, tenantId), eq(t.id, id));
const pending = eq(t.status, 'pending');
/** The account's customer, live or removed (the debt stays with the name it had). */
const withCustomer = and(eq(customers.tenantId, t.tenantId), eq(customers.id, t.customerId));
const columns = { account: t, customerName: customers.name, customerDocument: customers.document };

interface JoinedRow {
  account: AccountReceivableRow;
  customerName: string | null;
  customerDocument: string | null;
}

export function toReceivable({ account: row, customerName, customerDocument }: JoinedRow, today: string) {
  return {
    id: row.id,
    description: row.description,
    customer_id: row.customerId,
    customer: customerName === null ? null : { name: customerName, document: customerDocument },
    amount: row.amount,
    due_date: row.dueDate,
    status: shownStatus(row.status, row.dueDate, today),
    payment_method: row.paymentMethod,
    reference_number: row.referenceNumber,
    notes: row.notes,
    sale_id: row.saleId,
    installment_number: row.installmentNumber,
    payment_date: row.paymentDate,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  } satisfies AccountReceivable;
}

function dueWithin(range: DueRange): SQL[] {
  const out: SQL[] = [];
  if (range.start_date) out.push(gte(t.dueDate, range.start_date));
  if (range.end_date) out.push(lte(t.dueDate, range.end_date));
  return out;
}

export async function listReceivables(db: DbOrTx, tenantId: string, query: AccountReceivableListQuery) {
  checkRange(query);
  const today = todayIso();
  const filters: (SQL | undefined)[] = [
    eq(t.tenantId, tenantId),
    statusCondition(t, query.status, today),
    ...dueWithin(query),
  ];
  const search = query.search?.trim();
  if (search) {
    // Documents are stored bare: '123.456.789' finds '12345678909'. A search without a
    // digit is a name (a CNPJ's letters come with its digits).
    const bare = /\d/.test(search) ? stripDocument(search) : '';
    filters.push(
      or(containsFolded(customers.name, search), bare ? ilike(customers.document, likePattern(bare)) : undefined),
    );
  }
  const where = and(...filters);
  const { rows, pagination } = await pageOf(
    db
      .select(columns)
      .from(t)
      .leftJoin(customers, withCustomer)
      .where(where)
      .orderBy(...openFirstOrder(t))
      .$dynamic(),
    db.select({ total: count() }).from(t).leftJoin(customers, withCustomer).where(where),
    query,
  );
  return { accountsReceivable: rows.map((r) => toReceivable(r, today)), pagination };
}

async function loadReceivable(db: DbOrTx, tenantId: string, id: string): Promise<JoinedRow> {
  const [row] = await db.select(columns).from(t).leftJoin(customers, withCustomer).where(own(tenantId, id));
  if (!row) throw notFound(RECEIVABLE_NOT_FOUND);
  return row;
}

export async function getReceivable(db: DbOrTx, tenantId: string, id: string): Promise<AccountReceivable> {
  return toReceivable(await loadReceivable(db, tenantId, id), todayIso());
}

/** Pending (not yet due) and overdue totals of the accounts due in the range. */
export async function receivableStatistics(
  db: DbOrTx,
  tenantId: string,
  range: DueRange,
): Promise<ReceivableStatistics> {
  checkRange(range);
  const { total_pending, total_overdue, count_pending } = statisticsColumns(t, todayIso());
  const [row] = await db
    .select({ total_pending, total_overdue, count_pending })
    .from(t)
    .where(and(eq(t.tenantId, tenantId), ...dueWithin(range)));
  return row!;
}

/** Overdue accounts due in the range, the oldest first (at most OVERDUE_LIST_MAX), and how many. */
export async function overdueReceivables(db: DbOrTx, tenantId: string, range: DueRange) {
  const { start_date, end_date } = range;
  const overdue = { status: 'overdue' as const, start_date, end_date, ...FIRST_OVERDUE };
  const { accountsReceivable, pagination } = await listReceivables(db, tenantId, overdue);
  return { data: accountsReceivable, count: pagination.total };
}

/** The number of the sale an account names, as messages name it ('#A-0042'). */
async function saleNumberOf(tr: DbOrTx, tenantId: string, id: string): Promise<string> {
  const [row] = await tr
    .select({ number: sales.number })
    .from(sales)
    .where(and(eq(sales.tenantId, tenantId), eq(sales.id, id)));
  return row?.number ?? id.slice(0, 8).toUpperCase();
}

export async function createReceivable(
  db: DbOrTx,
  tenantId: string,
  input: AccountReceivableCreate,
  tx?: DbOrTx,
): Promise<AccountReceivable> {
  return creatingUnderClientId(db, tx, 'accounts_receivable_pkey', 'uma conta', async (tr) => {
    if (input.customer_id) await getCustomer(tr, tenantId, input.customer_id);
    const [row] = await tr
      .insert(t)
      .values({
        tenantId,
        ...(input.id ? { id: input.id } : {}),
        customerId: input.customer_id ?? null,
        description: input.description,
        amount: input.amount,
        dueDate: input.due_date,
        paymentMethod: input.payment_method ?? null,
        referenceNumber: input.reference_number ?? null,
        notes: input.notes ?? null,
      })
      .returning({ id: t.id });
    return getReceivable(tr, tenantId, row!.id);
  });
}

/** The pending account, row-locked for a change; 404 or the status's 409 otherwise. */
async function lockPending(tr: DbOrTx, tenantId: string, id: string, action: 'edit' | 'delete') {
  const [row] = await tr.select().from(t).where(own(tenantId, id)).for('no key update');
  if (!row || (action === 'edit' ? row.status !== 'pending' : row.status === 'paid')) {
    throw refusalFor(action, row, RECEIVABLE_NOT_FOUND);
  }
  return row;
}

export async function updateReceivable(
  db: DbOrTx,
  tenantId: string,
  id: string,
  input: AccountReceivableUpdate,
  tx?: DbOrTx,
): Promise<AccountReceivable> {
  return inTransaction(db, tx, async (tr) => {
    const row = await lockPending(tr, tenantId, id, 'edit');
    const changesAmount = input.amount !== undefined && input.amount !== row.amount;
    const changesCustomer = input.customer_id !== undefined && input.customer_id !== row.customerId;
    if (row.saleId && (changesAmount || changesCustomer)) {
      const number = await saleNumberOf(tr, tenantId, row.saleId);
      throw conflict(`Uma parcela de crediário mantém o valor e o cliente da venda #${number}.`);
    }
    if (changesCustomer && input.customer_id) await getCustomer(tr, tenantId, input.customer_id);
    // undefined leaves a column as it is; null clears it.
    await tr
      .update(t)
      .set({
        description: input.description,
        customerId: input.customer_id,
        amount: input.amount,
        dueDate: input.due_date,
        paymentMethod: input.payment_method,
        referenceNumber: input.reference_number,
        notes: input.notes,
        updatedAt: new Date(),
      })
      .where(own(tenantId, id));
    return getReceivable(tr, tenantId, id);
  });
}

export async function deleteReceivable(db: DbOrTx, tenantId: string, id: string, tx?: DbOrTx): Promise<void> {
  await inTransaction(db, tx, async (tr) => {
    const row = await lockPending(tr, tenantId, id, 'delete');
    if (row.saleId) {
      const number = await saleNumberOf(tr, tenantId, row.saleId);
      throw conflict(`Uma parcela de crediário não pode ser excluída: cancele a parcela ou a venda #${number}.`);
    }
    await tr.delete(t).where(and(own(tenantId, id), ne(t.status, 'paid')));
  });
}

/** Receives an account (absent date: today) and writes its income entry, in one transaction. */
export async function payReceivable(
  db: DbOrTx,
  tenantId: string,
  id: string,
  input: MarkAsPaid,
  tx?: DbOrTx,
): Promise<AccountReceivable> {
  return inTransaction(db, tx, async (tr) => {
    const paymentDate = input.payment_date ?? todayIso();
    const [row] = await tr
      .update(t)
      .set({ status: 'paid', paymentDate, updatedAt: new Date() })
      .where(and(own(tenantId, id), pending))
      .returning({ id: t.id });
    if (!row) throw await refusalOf(tr, t, { tenantId, id }, 'pay', RECEIVABLE_NOT_FOUND);
    const paid = await loadReceivable(tr, tenantId, id);
    await writeCashEntries(tr, [
      {
        kind: 'instalment',
        tenantId,
        date: paymentDate,
        description: receivableEntryDescription(paid.account.description, paid.customerName),
        amount: paid.account.amount,
        saleId: paid.account.saleId,
        accountReceivableId: paid.account.id,
      },
    ]);
    return toReceivable(paid, todayIso());
  });
}

export async function cancelReceivable(
  db: DbOrTx,
  tenantId: string,
  id: string,
  tx?: DbOrTx,
): Promise<AccountReceivable> {
  return inTransaction(db, tx, async (tr) => {
    await cancelPending(tr, t, { tenantId, id }, RECEIVABLE_NOT_FOUND);
    return getReceivable(tr, tenantId, id);
  });
}
