// Expense categories of a store (seeded with the payable categories of spec §5).
// Names are unique per tenant, case-insensitively. Delete removes the row.
import { and, asc, count, eq } from 'drizzle-orm';
import {
  type ExpenseCategory,
  type ExpenseCategoryCreate,
  type ExpenseCategoryListQuery,
  type ExpenseCategoryUpdate,
  type Pagination,
} from '../../shared/contract';
import { apiFields } from '../db/api-fields';
import { inTransaction, type DbOrTx } from '../db/client';
import { pageOf } from '../db/pages';
import { refusingDuplicates } from '../db/errors';
import { expenseCategories, type ExpenseCategoryRow } from '../db/schema';
import { conflict, notFound } from '../errors';

export const CATEGORY_NOT_FOUND = 'Categoria não encontrada.';

const fields = apiFields(expenseCategories, ['id', 'name', 'description', 'active']);

export function toExpenseCategory(row: ExpenseCategoryRow): ExpenseCategory {
  return fields.toApi(row) as ExpenseCategory;
}

const own = (tenantId: string, id: string) =>
  and(eq(expenseCategories.tenantId, tenantId), eq(expenseCategories.id, id));
const nameTaken = (name: string) => conflict(`Já existe uma categoria com o nome ${name}`);

export async function listExpenseCategories(
  db: DbOrTx,
  tenantId: string,
  query: ExpenseCategoryListQuery,
): Promise<{ categories: ExpenseCategory[]; pagination: Pagination }> {
  const mine = eq(expenseCategories.tenantId, tenantId);
  const { rows, pagination } = await pageOf(
    db
      .select()
      .from(expenseCategories)
      .where(mine)
      .orderBy(asc(expenseCategories.name), asc(expenseCategories.id))
      .$dynamic(),
    db.select({ total: count() }).from(expenseCategories).where(mine),
    query,
  );
  return { categories: rows.map(toExpenseCategory), pagination };
}

export async function getExpenseCategory(db: DbOrTx, tenantId: string, id: string): Promise<ExpenseCategory> {
  const [row] = await db.select().from(expenseCategories).where(own(tenantId, id));
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return toExpenseCategory(row);
}

export async function createExpenseCategory(
  db: DbOrTx,
  tenantId: string,
  input: ExpenseCategoryCreate,
  tx?: DbOrTx,
): Promise<ExpenseCategory> {
  return refusingDuplicates({ expense_categories_tenant_name_key: () => nameTaken(input.name) }, () =>
    inTransaction(db, tx, async (t) => {
      const [row] = await t
        .insert(expenseCategories)
        .values({ ...fields.fromApi(input), tenantId, name: input.name })
        .returning();
      return toExpenseCategory(row!);
    }),
  );
}

export async function updateExpenseCategory(
  db: DbOrTx,
  tenantId: string,
  id: string,
  input: ExpenseCategoryUpdate,
  tx?: DbOrTx,
): Promise<ExpenseCategory> {
  return refusingDuplicates({ expense_categories_tenant_name_key: () => nameTaken(input.name ?? '') }, () =>
    inTransaction(db, tx, async (t) => {
      const [row] = await t
        .update(expenseCategories)
        .set({ ...fields.fromApi(input), updatedAt: new Date() })
        .where(own(tenantId, id))
        .returning();
      if (!row) throw notFound(CATEGORY_NOT_FOUND);
      return toExpenseCategory(row);
    }),
  );
}

export async function deleteExpenseCategory(db: DbOrTx, tenantId: string, id: string, tx?: DbOrTx): Promise<void> {
  await inTransaction(db, tx, async (t) => {
    const rows = await t.delete(expenseCategories).where(own(tenantId, id)).returning({ id: expenseCategories.id });
    if (rows.length === 0) throw notFound(CATEGORY_NOT_FOUND);
  });
}
