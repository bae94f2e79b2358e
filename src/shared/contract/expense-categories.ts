import { z } from 'zod';
import { Id, OptionalText, PageQuery, PaginationSchema, RequiredText, envelope } from './common';

export const ExpenseCategorySchema = z.object({
  id: Id,
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
});
export type ExpenseCategory = z.infer<typeof ExpenseCategorySchema>;

export const ExpenseCategoryCreateSchema = z.object({
  name: RequiredText('Nome', 100),
  description: OptionalText(300).optional(),
  active: z.boolean().default(true),
});
export type ExpenseCategoryCreate = z.infer<typeof ExpenseCategoryCreateSchema>;
/** Partial update: only the fields sent change (`active` is not defaulted back to true). */
export const ExpenseCategoryUpdateSchema = ExpenseCategoryCreateSchema.extend({ active: z.boolean() }).partial();
export type ExpenseCategoryUpdate = z.infer<typeof ExpenseCategoryUpdateSchema>;

export const ExpenseCategoryResponseSchema = envelope(ExpenseCategorySchema);
export const ExpenseCategoryListQuerySchema = z.object({ ...PageQuery });
export type ExpenseCategoryListQuery = z.infer<typeof ExpenseCategoryListQuerySchema>;

export const ExpenseCategoryListSchema = z.object({
  categories: z.array(ExpenseCategorySchema),
  pagination: PaginationSchema,
});
export const ExpenseCategoryListResponseSchema = envelope(ExpenseCategoryListSchema);
