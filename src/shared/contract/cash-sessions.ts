// The till's sessions (caixa): open with a float, sangria/suprimento, a blind close, the
// list and one session with its movements and sales by method. Money in reais at the
// edge, centavos inside (common.ts Money).
import { z } from 'zod/mini';
import { CASH_COUNT_METHODS } from '../caixa';
import {
  DayRangeQuery,
  envelope,
  Id,
  MadeBy,
  Money,
  optionalFilter,
  OptionalText,
  pageOf,
  PageQuery,
  PositiveMoney,
  RequiredText,
  SignedMoney,
  Timestamp,
} from './common';
import { PaymentMethodSchema } from './sales';

export const CashSessionStatusSchema = z.enum(['open', 'closed'], { error: 'Situação inválida (open ou closed)' });
export const CashMovementKindSchema = z.enum(['sangria', 'suprimento'], {
  error: 'Tipo inválido (sangria ou suprimento)',
});
export const CountMethodSchema = z.enum(CASH_COUNT_METHODS, { error: 'Forma de pagamento inválida' });

export const CashSessionOpenSchema = z.object({
  /** Client-chosen (the device opens offline too). */
  id: z.optional(Id),
  device_id: Id,
  device_label: OptionalText(80),
  opening_float: Money,
  /** When it was opened at the till, by the device's clock. */
  opened_at: z.optional(Timestamp),
  /** Who opened it (the device's signed-in user then): an opening always comes through the outbox. */
  made_by: MadeBy,
});
export type CashSessionOpen = z.infer<typeof CashSessionOpenSchema>;

export const CashMovementCreateSchema = z.object({
  id: z.optional(Id),
  kind: CashMovementKindSchema,
  amount: PositiveMoney,
  reason: RequiredText('Motivo', 200),
  made_at: z.optional(Timestamp),
  /** Who made it (the device's signed-in user then): a movement always comes through the outbox. */
  made_by: MadeBy,
});
export type CashMovementCreate = z.infer<typeof CashMovementCreateSchema>;

/** The blind count: what was counted per method (a method left out counted nothing). */
export const CashSessionCloseSchema = z.object({
  counted: z.object({
    cash: Money,
    credit_card: z.optional(Money),
    debit_card: z.optional(Money),
    pix: z.optional(Money),
    transfer: z.optional(Money),
  }),
  reason: OptionalText(500, { multiline: true }),
  closed_at: z.optional(Timestamp),
  /** Who closed it (the device's signed-in user then): a close always comes through the outbox. */
  made_by: MadeBy,
});
export type CashSessionClose = z.infer<typeof CashSessionCloseSchema>;

export const CashMovementSchema = z.object({
  id: Id,
  session_id: Id,
  kind: CashMovementKindSchema,
  amount: Money,
  reason: z.string(),
  created_by: Id,
  created_by_name: z.nullable(z.string()),
  made_at: Timestamp,
});
export type CashMovement = z.infer<typeof CashMovementSchema>;

export const CashFigureSchema = z.object({
  method: CountMethodSchema,
  expected: SignedMoney,
  counted: SignedMoney,
  difference: SignedMoney,
});
export type CashFigure = z.infer<typeof CashFigureSchema>;

export const CashSessionSchema = z.object({
  id: Id,
  device_id: Id,
  device_label: z.nullable(z.string()),
  /** The till's code ('A') and the name an admin gave it ('Caixa 1'), when known. */
  device_code: z.optional(z.nullable(z.string())),
  device_name: z.optional(z.nullable(z.string())),
  status: CashSessionStatusSchema,
  opening_float: Money,
  opened_by: Id,
  opened_by_name: z.nullable(z.string()),
  opened_at: Timestamp,
  closed_by: z.nullable(Id),
  closed_by_name: z.nullable(z.string()),
  closed_at: z.nullable(Timestamp),
  /** Expected per method: as the close kept them, or now for an open session. */
  expected: z.array(z.object({ method: CountMethodSchema, amount: SignedMoney })),
  /** The close's lines (null while open). */
  figures: z.nullable(z.array(CashFigureSchema)),
  /** counted - expected over every method (null while open). */
  difference: z.nullable(SignedMoney),
  close_reason: z.nullable(z.string()),
  sales_count: z.int(),
});
export type CashSession = z.infer<typeof CashSessionSchema>;

/** What a method took in: net of what returns paid back by it, so below zero when they paid back more. */
const MethodTakeSchema = z.object({ method: PaymentMethodSchema, count: z.int(), amount: SignedMoney });

export const CashSessionDetailSchema = z.extend(CashSessionSchema, {
  movements: z.array(CashMovementSchema),
  /** The session's completed sales by method (what each took in; cash net of change). */
  sales_by_method: z.array(MethodTakeSchema),
  /** Crediário instalments received in the session by method (count of receipts; late charges included). */
  installments_by_method: z.array(MethodTakeSchema),
});
export type CashSessionDetail = z.infer<typeof CashSessionDetailSchema>;

export const CashSessionListQuerySchema = z.object({
  ...PageQuery,
  status: optionalFilter(CashSessionStatusSchema),
  device_id: optionalFilter(Id),
  /** Admins: one operator's sessions (a cashier always sees their own). */
  user_id: optionalFilter(Id),
  /** São Paulo days of opened_at. */
  ...DayRangeQuery,
});
export type CashSessionListQuery = z.infer<typeof CashSessionListQuerySchema>;

export const CashSessionResponseSchema = envelope(CashSessionDetailSchema);
export const CashSessionListResponseSchema = envelope(pageOf('sessions', CashSessionSchema));
export const CashMovementResponseSchema = envelope(CashMovementSchema);
