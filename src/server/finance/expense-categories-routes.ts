import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ExpenseCategoryCreateSchema,
  ExpenseCategoryListQuerySchema,
  ExpenseCategoryListResponseSchema,
  ExpenseCategoryResponseSchema,
  ExpenseCategoryUpdateSchema,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { ok, registerRecordRoutes } from '../http/record-routes';
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
  const read = 'expense_categories.read';
  const write = 'expense_categories.write';

  app.get(
    '/',
    {
      config: { access: read },
      schema: { querystring: ExpenseCategoryListQuerySchema, response: { 200: ExpenseCategoryListResponseSchema } },
    },
    async (request) => ok(await listExpenseCategories(ctx.db, authOf(request).tenantId, request.query)),
  );

  registerRecordRoutes(app, ctx, {
    read,
    write,
    one: ExpenseCategoryResponseSchema,
    get: getExpenseCategory,
    create: { body: ExpenseCategoryCreateSchema, run: createExpenseCategory },
    update: { body: ExpenseCategoryUpdateSchema, run: updateExpenseCategory },
    remove: { run: deleteExpenseCategory, message: 'Categoria excluída com sucesso!' },
  });
};
