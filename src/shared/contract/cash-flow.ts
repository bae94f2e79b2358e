// The cash book (DESIGN.md, finance rules): entries from sales, paid accounts and manual
// entries; statistics and the chart over São Paulo days.
import { z } from 'zod/mini';
import { CASH_FLOW_CATEGORIES } from '../constants';
import { NotFutureDate } from './accounts';
import {
  DayRangeQuery,
  envelope,
  Id,
  IsoDate,
  Money,
  optionalFilter,
  PageQuery,
  PaginationSchema,
  PositiveMoney,
  QueryMoney,
  RequiredText,
  SignedMoney,
  Timestamp,
} from './common';

export const CASH_FLOW_TYPES = ['income', 'expense'] as const;
export const CashFlowTypeSchema = z.enum(CASH_FLOW_TYPES, { error: 'Tipo inválido (income ou expense)' });
export type CashFlowType = z.infer<typeof CashFlowTypeSchema>;

export const CashFlowEntrySchema = z.object({
  id: Id,
  date: IsoDate,
  type: CashFlowTypeSchema,
  description: z.string(),
  category: z.string(),
  amount: Money,
  sale_id: z.nullable(Id),
  account_payable_id: z.nullable(Id),
  account_receivable_id: z.nullable(Id),
  created_at: z.optional(Timestamp),
});
export type CashFlowEntry = z.infer<typeof CashFlowEntrySchema>;

export const CashFlowCategorySchema = z.enum(CASH_FLOW_CATEGORIES, { error: 'Categoria inválida' });

/** A manual entry (entries of sales and paid accounts are written by those). */
export const CashFlowEntryCreateSchema = z.object({
  /** Client-chosen (an entry made offline). */
  id: z.optional(Id),
  date: NotFutureDate('A data do lançamento não pode ser posterior a hoje'),
  type: CashFlowTypeSchema,
  description: RequiredText('Descrição', 500),
  category: CashFlowCategorySchema,
  amount: PositiveMoney,
});
export type CashFlowEntryCreate = z.infer<typeof CashFlowEntryCreateSchema>;
/** Fields left out keep their value. */
export const CashFlowEntryUpdateSchema = z.partial(z.omit(CashFlowEntryCreateSchema, { id: true }));
export type CashFlowEntryUpdate = z.infer<typeof CashFlowEntryUpdateSchema>;

export const CashFlowListQuerySchema = z.object({
  ...PageQuery,
  type: optionalFilter(CashFlowTypeSchema),
  category: optionalFilter(CashFlowCategorySchema),
  ...DayRangeQuery,
  /** 0 means no bound (the screen sends min_amount=0 and max_amount=0) */
  min_amount: optionalFilter(QueryMoney),
  max_amount: optionalFilter(QueryMoney),
});
export type CashFlowListQuery = z.infer<typeof CashFlowListQuerySchema>;

export const CashFlowSummarySchema = z.object({
  initial_balance: SignedMoney,
  total_income: Money,
  total_expenses: Money,
  final_balance: SignedMoney,
});
export type CashFlowSummary = z.infer<typeof CashFlowSummarySchema>;

export const CashFlowChartPointSchema = z.object({
  date: IsoDate,
  balance: SignedMoney,
  income: Money,
  expenses: Money,
});
export type CashFlowChartPoint = z.infer<typeof CashFlowChartPointSchema>;

/** Statistics and chart: a range of São Paulo days (absent start: from the first entry). */
export const CashFlowRangeQuerySchema = z.object(DayRangeQuery);
export const CashFlowChartQuerySchema = CashFlowRangeQuerySchema;
/** The longest chart (one point per day): two years and a day. */
export const CASH_FLOW_CHART_MAX_DAYS = 731;

export const CashFlowListResponseSchema = envelope(
  z.object({ entries: z.array(CashFlowEntrySchema), pagination: PaginationSchema, summary: CashFlowSummarySchema }),
);
export const CashFlowEntryResponseSchema = envelope(CashFlowEntrySchema);
export const CashFlowStatisticsResponseSchema = envelope(CashFlowSummarySchema);
export const CashFlowChartResponseSchema = envelope(z.array(CashFlowChartPointSchema));
