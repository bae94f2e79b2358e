import { z } from 'zod/mini';
import { Id, OptionalText, PageQuery, PaginationSchema, RequiredText, envelope } from './common';

export const ExpenseCategorySchema = z.object({
  id: Id,
  name: z.string(),
  description: z.nullable(z.string()),
  active: z.boolean(),
});
export type ExpenseCategory = z.infer<typeof ExpenseCategorySchema>;

export const ExpenseCategoryCreateSchema = z.object({
  name: RequiredText('Nome', 100),
  description: z.optional(OptionalText(300)),
  active: z._default(z.boolean(), true),
});
export type ExpenseCategoryCreate = z.infer<typeof ExpenseCategoryCreateSchema>;
/** Partial update: only the fields sent change (`active` is not defaulted back to true). */
export const ExpenseCategoryUpdateSchema = z.partial(z.extend(ExpenseCategoryCreateSchema, { active: z.boolean() }));
export type ExpenseCategoryUpdate = z.infer<typeof ExpenseCategoryUpdateSchema>;

export const ExpenseCategoryResponseSchema = envelope(ExpenseCategorySchema);
export const ExpenseCategoryListQuerySchema = z.object({ ...PageQuery });
export type ExpenseCategoryListQuery = z.infer<typeof ExpenseCategoryListQuerySchema>;

export const ExpenseCategoryListSchema = z.object({
  categories: z.array(ExpenseCategorySchema),
  pagination: PaginationSchema,
});
export const ExpenseCategoryListResponseSchema = envelope(ExpenseCategoryListSchema);
