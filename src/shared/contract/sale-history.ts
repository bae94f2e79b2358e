// The sales history (Histórico de Vendas): a sale's detail with everything that hangs on
// it, the cancel an admin asks for, and the tills (devices) with the codes their sale
// numbers start with; the statistics of a range of days (GET /api/sales/stats). The list
// itself is GET /api/sales (sales.ts: SaleListQuerySchema).
import { z } from 'zod/mini';
import { DEVICE_CODE_PATTERN } from '../sale-number';
import { DayRangeQuery, envelope, Id, IsoDate, Money, PlainText, preprocess, RequiredText, Timestamp } from './common';
import { SaleMethodSchema, SaleSchema } from './sales';
import { SALE_CONFLICT_KINDS } from './sale-conflicts';

/** An instalment of a crediário sale and whether it was paid. */
export const SaleInstallmentSchema = z.object({
  id: Id,
  /** 1..n */
  number: z.int(),
  amount: Money,
  due_date: IsoDate,
  status: z.enum(['pending', 'paid', 'cancelled']),
  payment_date: z.nullable(IsoDate),
});
export type SaleInstallment = z.infer<typeof SaleInstallmentSchema>;

/** GET /api/sales/{id}: the sale and what hangs on it. */
export const SaleDetailSchema = z.extend(SaleSchema, {
  installments: z.array(SaleInstallmentSchema),
  /** The caixa it belongs to. */
  cash_session: z.nullable(
    z.object({
      id: Id,
      device_label: z.nullable(z.string()),
      opened_at: Timestamp,
      status: z.enum(['open', 'closed']),
    }),
  ),
  /** What admins were asked to look at about it (stock, price, clock, discount). */
  conflicts: z.array(z.object({ kind: z.enum(SALE_CONFLICT_KINDS), reviewed_at: z.nullable(Timestamp) })),
  /** The code of the till that sold it ('A'), when known. */
  device_code: z.nullable(z.string()),
  /** The name an admin gave that till ('Caixa 1'), when it has one. */
  device_name: z.optional(z.nullable(z.string())),
  /** The customer's vale-troca right after this sale, as the ledger recorded it (null: it used none). */
  store_credit_balance_after: z.optional(z.nullable(Money)),
  cancelled_by_name: z.nullable(z.string()),
});
export type SaleDetail = z.infer<typeof SaleDetailSchema>;
export const SaleDetailResponseSchema = envelope(SaleDetailSchema);

export const CANCEL_REASON_MIN = 3;
export const CANCEL_REASON_MISSING = 'Informe o motivo do cancelamento';
/**
 * PUT /api/sales/{id}/cancel: why, required (at least CANCEL_REASON_MIN letters). `offline`
 * marks a cancel the outbox delivers (as a sale's or a return's): it was decided at a
 * device, so one without a reason is accepted and flagged for admins.
 */
export const SaleCancelSchema = preprocess(
  // No body at all says no more than an empty one: the reason is missing.
  (body) => body ?? {},
  z
    .object({
      reason: z.nullish(
        PlainText({ multiline: true }).check(z.maxLength(300, { error: 'Motivo: máximo de 300 caracteres' })),
      ),
      offline: z.optional(z.boolean({ error: 'Use verdadeiro ou falso' })),
    })
    .check(
      z.superRefine((body, ctx) => {
        const reason = body.reason?.trim() ?? '';
        if (body.offline || reason.length >= CANCEL_REASON_MIN) return;
        const message = reason
          ? `${CANCEL_REASON_MISSING} (pelo menos ${CANCEL_REASON_MIN} letras)`
          : CANCEL_REASON_MISSING;
        ctx.addIssue({ code: 'custom', path: ['reason'], message });
      }),
    ),
);
export type SaleCancel = z.infer<typeof SaleCancelSchema>;

/** GET /api/sales/lookup?number=A-0042: one sale by its exact number (as printed on the receipt). */
export const SaleLookupQuerySchema = z.object({
  number: z
    .string({ error: 'Informe o número da venda' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'Informe o número da venda' }),
      z.maxLength(20, { error: 'Número da venda: máximo de 20 caracteres' }),
    ),
});

export const DeviceCodeSchema = z.string().check(z.regex(DEVICE_CODE_PATTERN));

/** POST /api/devices: a till's first contact; answers the code its sale numbers start with. */
export const DeviceRegisterSchema = z.object({ id: Id, label: z.optional(PlainText().check(z.maxLength(80))) });
/** The name of a till: what the admin calls it ('Caixa 1', 'Balcão 2'), unique in the store. */
export const DEVICE_NAME_MAX = 40;
export const DeviceSchema = z.object({
  id: Id,
  code: DeviceCodeSchema,
  /** The browser it runs in ('Android · Chrome'), as the till told on its first contact. */
  label: z.nullable(z.string()),
  /** What the admin named it (null: not named yet). */
  name: z.optional(z.nullable(z.string())),
});
export type Device = z.infer<typeof DeviceSchema>;
export const DeviceResponseSchema = envelope(DeviceSchema);
/** PUT /api/devices/{id} (admins): the till's name. */
export const DeviceUpdateSchema = z.object({
  name: RequiredText('Nome do caixa', DEVICE_NAME_MAX),
});
export type DeviceUpdate = z.infer<typeof DeviceUpdateSchema>;
export const DeviceListResponseSchema = envelope(z.object({ devices: z.array(DeviceSchema) }));

export const SaleStatsQuerySchema = z.object(DayRangeQuery);

export const SaleStatsSchema = z.object({
  total_sales: z.int(),
  total_revenue: Money,
  average_ticket: Money,
  cancelled_sales: z.int(),
  by_payment_method: z.array(z.object({ payment_method: SaleMethodSchema, count: z.int(), total: Money })),
});
export type SaleStats = z.infer<typeof SaleStatsSchema>;
export const SaleStatsResponseSchema = envelope(SaleStatsSchema);
