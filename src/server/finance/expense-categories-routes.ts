import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AckSchema,
  ExpenseCategoryCreateSchema,
  ExpenseCategoryListQuerySchema,
  ExpenseCategoryListResponseSchema,
  ExpenseCategoryResponseSchema,
  ExpenseCategoryUpdateSchema,
  IdParams,
} from '../../shared/contract';
import type { RouteOptions } from '../context';
import { authOf } from '../http/access';
import { sendIdempotent } from '../http/idempotency';
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
  const read = { access: 'expense_categories.read' } as const;
  const write = { access: 'expense_categories.write' } as const;

  app.get(
    '/',
    {
      config: read,
      schema: { querystring: ExpenseCategoryListQuerySchema, response: { 200: ExpenseCategoryListResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await listExpenseCategories(ctx.db, authOf(request).tenantId, request.query),
    }),
  );

  app.get(
    '/:id',
    { config: read, schema: { params: IdParams, response: { 200: ExpenseCategoryResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await getExpenseCategory(ctx.db, authOf(request).tenantId, request.params.id),
    }),
  );

  app.post(
    '/',
    {
      config: write,
      schema: { body: ExpenseCategoryCreateSchema, response: { 201: ExpenseCategoryResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 201, async (tx) => ({
        success: true as const,
        data: await createExpenseCategory(ctx.db, tenantId, request.body, tx),
      }));
    },
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: {
        params: IdParams,
        body: ExpenseCategoryUpdateSchema,
        response: { 200: ExpenseCategoryResponseSchema },
      },
    },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) => ({
        success: true as const,
        data: await updateExpenseCategory(ctx.db, tenantId, request.params.id, request.body, tx),
      }));
    },
  );

  app.delete(
    '/:id',
    { config: write, schema: { params: IdParams, response: { 200: AckSchema } } },
    async (request, reply) => {
      const { tenantId } = authOf(request);
      return sendIdempotent(ctx, request, reply, 200, async (tx) => {
        await deleteExpenseCategory(ctx.db, tenantId, request.params.id, tx);
        return { success: true as const, message: 'Categoria excluída com sucesso!' };
      });
    },
  );
};
