import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ExpenseCategoryCreateSchema,
  ExpenseCategoryListQuerySchema,
  ExpenseCategoryListResponseSchema,
  ExpenseCategoryResponseSchema,
  ExpenseCategoryUpdateSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { registerRecordRoutes } from '../http/record-routes';
import {
  createExpenseCategory,
  deleteExpenseCategory,
  getExpenseCategory,
  listExpenseCategories,
  updateExpenseCategory,
} from './expense-categories';

/**
 * /api/expense-categories (spec §7): expense_categories.read / expense_categories.write.
 * Every write takes an Idempotency-Key.
 */
export const expenseCategoryRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { ctx }) => {
  registerRecordRoutes(app, ctx, {
    read: 'expense_categories.read',
    write: 'expense_categories.write',
    one: ExpenseCategoryResponseSchema,
    list: {
      query: ExpenseCategoryListQuerySchema,
      response: ExpenseCategoryListResponseSchema,
      run: listExpenseCategories,
    },
    get: getExpenseCategory,
    create: { body: ExpenseCategoryCreateSchema, run: createExpenseCategory },
    update: { body: ExpenseCategoryUpdateSchema, run: updateExpenseCategory },
    remove: { run: deleteExpenseCategory, message: 'Categoria excluída com sucesso!' },
  });
};
