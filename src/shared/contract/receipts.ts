// Receiving a crediário instalment at the counter ('Confirmar Pagamento'): the method the
// money came in, the amount (less than what is open leaves the rest open as the same
// instalment) and the late charges the store sets (shared/late-charges.ts), kept apart in
// the cash book under LATE_CHARGES_CATEGORY.
import { z } from 'zod/mini';
import { AccountReceivableSchema, NotFutureDate } from './accounts';
import { Id, MadeBy, Money, envelope } from './common';
import { PartPaymentMethodSchema } from './payments';

export const LATE_CHARGES_CATEGORY = 'Juros e multas';

export const ReceiveInstallmentSchema = z.object({
  /** Absent: today. */
  payment_date: z.optional(NotFutureDate('A data de pagamento não pode ser posterior a hoje')),
  payment_method: PartPaymentMethodSchema,
  /** R$ of the instalment paid now; absent: all that is open. */
  amount: z.optional(Money.check(z.refine((c) => c > 0, { error: 'O valor pago deve ser maior que zero' }))),
  /**
   * The caixa session open on the device that took the money: the receipt counts in its
   * expected figures by method. It must be that device's and opened by whoever receives
   * (else 409 / 403); queued on the device (`offline`), a session closed (or unknown) when
   * it arrives means none, and one not its own is recorded as a conflict.
   */
  cash_session_id: z.optional(Id),
  /** The device that took the money (the caixa named must be open on it). */
  device_id: z.optional(Id),
  /** Sent by the device's outbox: it already happened at the counter (absent: no). */
  offline: z.optional(z.boolean()),
  /** Who received it, when it comes from the outbox (the device's signed-in user then). */
  made_by: MadeBy,
});
export type ReceiveInstallment = z.infer<typeof ReceiveInstallmentSchema>;

export const InstallmentReceiptSchema = z.object({
  /** The instalment as it now is: paid, or still open with what is left. */
  receivable: AccountReceivableSchema,
  /** What was paid of the instalment itself. */
  amount: Money,
  days_late: z.int(),
  multa: Money,
  juros: Money,
  /** amount + multa + juros: what the customer handed over. */
  total: Money,
});
export type InstallmentReceipt = z.infer<typeof InstallmentReceiptSchema>;

export const InstallmentReceiptResponseSchema = envelope(InstallmentReceiptSchema);
