// Accounts payable and receivable. Stored status is pending/paid/cancelled; overdue is
// derived when read (pending and due before today, São Paulo): see ../accounts.ts.
import { z } from 'zod/mini';
import { PAYABLE_CATEGORIES } from '../constants';
import { todayIso } from '../dates';
import {
  DayRangeQuery,
  envelope,
  Id,
  IsoDate,
  Money,
  optionalFilter,
  preprocess,
  OptionalText,
  pageOf,
  PageQuery,
  PaginationSchema,
  PositiveMoney,
  RecordStamps,
  RequiredText,
  SearchQuery,
} from './common';
import { PaymentMethodSchema } from './sales';

export const ACCOUNT_STATUSES = ['pending', 'overdue', 'paid', 'cancelled'] as const;
export const AccountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

export const PAYABLE_STATUS_LABELS: Record<AccountStatus, string> = {
  pending: 'Pendente',
  overdue: 'Vencido',
  paid: 'Pago',
  cancelled: 'Cancelado',
};
export const RECEIVABLE_STATUS_LABELS: Record<AccountStatus, string> = {
  pending: 'Pendente',
  overdue: 'Atrasado',
  paid: 'Pago',
  cancelled: 'Cancelado',
};

export const PAYABLE_PAYMENT_METHODS = ['cash', 'credit_card', 'debit_card', 'pix', 'transfer'] as const;
export const PayablePaymentMethodSchema = z.enum(PAYABLE_PAYMENT_METHODS, { error: 'Forma de pagamento inválida' });
export const PayableCategorySchema = z.enum(PAYABLE_CATEGORIES, { error: 'Categoria inválida' });

/** 'none' and '' mean absent (spec §5). */
const optionalMethod = <T extends z.ZodMiniType>(schema: T) =>
  preprocess((v) => (v === 'none' || v === '' || v === null ? undefined : v), z.optional(schema));

/** A day that has already come (São Paulo): money paid or received is not in the future. */
export const NotFutureDate = (message: string) => IsoDate.check(z.refine((d) => d <= todayIso(), { error: message }));

const MarkAsPaidBody = z.object({
  payment_date: optionalFilter(NotFutureDate('A data de pagamento não pode ser posterior a hoje')),
});
/** Absent date (or no body at all: Fastify reads it as null): paid today. */
export const MarkAsPaidSchema = z.codec(z.nullish(MarkAsPaidBody), MarkAsPaidBody, {
  decode: (v) => v ?? {},
  encode: (v) => v as z.output<typeof MarkAsPaidBody>,
});
export type MarkAsPaid = z.infer<typeof MarkAsPaidSchema>;

// ---- payable ----

export const AccountPayableSchema = z.object({
  id: Id,
  supplier_name: z.string(),
  description: z.string(),
  amount: Money,
  due_date: IsoDate,
  payment_method: z.nullable(PayablePaymentMethodSchema),
  category: z.string(),
  reference_number: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  status: AccountStatusSchema,
  payment_date: z.nullable(IsoDate),
  ...RecordStamps,
});
export type AccountPayable = z.infer<typeof AccountPayableSchema>;

export const AccountPayableCreateSchema = z.object({
  /** Client-chosen (a bill entered offline): later changes queued with it name the same id. */
  id: z.optional(Id),
  supplier_name: RequiredText('Fornecedor', 200),
  description: RequiredText('Descrição', 500),
  amount: PositiveMoney,
  due_date: IsoDate,
  payment_method: optionalMethod(PayablePaymentMethodSchema),
  category: PayableCategorySchema,
  reference_number: z.optional(OptionalText(100)),
  notes: z.optional(OptionalText(1000, { multiline: true })),
});
export type AccountPayableCreate = z.infer<typeof AccountPayableCreateSchema>;

/** Edit requires the same five fields as create (spec §5). */
export const AccountPayableUpdateSchema = z.omit(AccountPayableCreateSchema, { id: true });
export type AccountPayableUpdate = z.infer<typeof AccountPayableUpdateSchema>;

export const AccountPayableListQuerySchema = z.object({
  ...PageQuery,
  status: optionalFilter(AccountStatusSchema),
  category: optionalFilter(PayableCategorySchema),
  payment_method: optionalFilter(PayablePaymentMethodSchema),
  search: SearchQuery,
});
export type AccountPayableListQuery = z.infer<typeof AccountPayableListQuerySchema>;

export const PayablePaginationSchema = z.extend(PaginationSchema, { total_pages: z.int() });

export const AccountPayableListResponseSchema = envelope(
  pageOf('accountsPayable', AccountPayableSchema, PayablePaginationSchema),
);
export const AccountPayableResponseSchema = envelope(AccountPayableSchema);

export const PayableStatisticsSchema = z.object({
  total_pending: Money,
  total_overdue: Money,
  total_paid: Money,
  count_pending: z.int(),
  count_overdue: z.int(),
  count_paid: z.int(),
});
export type PayableStatistics = z.infer<typeof PayableStatisticsSchema>;
export const PayableStatisticsResponseSchema = envelope(PayableStatisticsSchema);
/** The most accounts an overdue list carries (oldest first); `count` is all of them. */
export const OVERDUE_LIST_MAX = 100;
export const PayableOverdueResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(AccountPayableSchema),
  count: z.int(),
});

// ---- receivable ----

export const RECEIVABLE_PAYMENT_METHODS = PaymentMethodSchema.options;

export const AccountReceivableSchema = z.object({
  id: Id,
  description: z.string(),
  customer_id: z.nullable(Id),
  customer: z.nullable(z.object({ name: z.string(), document: z.nullable(z.string()) })),
  amount: Money,
  due_date: IsoDate,
  status: AccountStatusSchema,
  payment_method: z.nullable(PaymentMethodSchema),
  reference_number: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  sale_id: z.nullable(Id),
  installment_number: z.nullable(z.int()),
  payment_date: z.nullable(IsoDate),
  ...RecordStamps,
});
export type AccountReceivable = z.infer<typeof AccountReceivableSchema>;

export const AccountReceivableCreateSchema = z.object({
  /** Client-chosen (an account entered offline), as for payables. */
  id: z.optional(Id),
  description: RequiredText('Descrição', 500),
  customer_id: z.nullish(Id),
  amount: PositiveMoney,
  due_date: IsoDate,
  payment_method: optionalMethod(PaymentMethodSchema),
  reference_number: z.optional(OptionalText(100)),
  notes: z.optional(OptionalText(1000, { multiline: true })),
});
export type AccountReceivableCreate = z.infer<typeof AccountReceivableCreateSchema>;

/** Fields left out keep their value; an installment of a sale keeps its amount and customer. */
export const AccountReceivableUpdateSchema = z.partial(z.omit(AccountReceivableCreateSchema, { id: true }));
export type AccountReceivableUpdate = z.infer<typeof AccountReceivableUpdateSchema>;

export const AccountReceivableListQuerySchema = z.object({
  ...PageQuery,
  status: optionalFilter(AccountStatusSchema),
  ...DayRangeQuery,
  /** customer name or document */
  search: SearchQuery,
});
export type AccountReceivableListQuery = z.infer<typeof AccountReceivableListQuerySchema>;

export const AccountReceivableListResponseSchema = envelope(pageOf('accountsReceivable', AccountReceivableSchema));
export const AccountReceivableResponseSchema = envelope(AccountReceivableSchema);

export const ReceivableStatisticsSchema = z.object({
  total_pending: Money,
  total_overdue: Money,
  count_pending: z.int(),
});
export type ReceivableStatistics = z.infer<typeof ReceivableStatisticsSchema>;
export const ReceivableStatisticsResponseSchema = envelope(ReceivableStatisticsSchema);
export const ReceivableOverdueResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(AccountReceivableSchema),
  count: z.int(),
});

/** Date range filter for statistics and overdue lists (non-admins: today only). */
export const DateRangeQuerySchema = z.object(DayRangeQuery);
