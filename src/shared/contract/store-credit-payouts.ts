// The vale-troca given back in cash (POST /api/customers/{id}/store-credit/payout): an
// exchange whose new sale was cheaper than the vale gives the rest back in dinheiro
// instead of leaving it as vale-troca. One payout takes `amount` off the customer's
// vale-troca and out of the caixa in cash, in one transaction, and belongs to the return
// that credited the vale (never more than that return credited, minus what was paid out
// of it before: the return already went through the cashier's limit, so the cash a till
// gives back is bounded as a 'dinheiro' return's is). Offline it goes through the outbox
// after the return and the new sale it follows; beyond the balance it is kept and flagged.
import { z } from 'zod/mini';
import { envelope, Id, MadeBy, Money, PositiveMoney, PlainText, Timestamp } from './common';

export const StoreCreditPayoutCreateSchema = z.object({
  /** The device's id for it: its outbox row's id, so a replay names the same payout. */
  id: z.optional(Id),
  /** Cash given to the customer. */
  amount: PositiveMoney,
  /** The return (to vale-troca) whose credit is given back. */
  return_id: Id,
  /** The exchange's new sale, when the payout closes one. */
  sale_id: z.optional(Id),
  /** The open caixa of the device (the cash comes out of it). */
  cash_session_id: z.optional(Id),
  /** Set by the outbox: a payout that already happened at the counter. */
  offline: z._default(z.boolean(), false),
  /** When it happened at the counter (device clock). */
  paid_at: z.optional(Timestamp),
  device_id: z.optional(Id),
  device_label: z.optional(PlainText().check(z.maxLength(80))),
  /** Who paid it out, when it comes from the outbox (the device's signed-in user then). */
  made_by: MadeBy,
});
export type StoreCreditPayoutCreate = z.infer<typeof StoreCreditPayoutCreateSchema>;

export const StoreCreditPayoutSchema = z.object({
  id: Id,
  customer_id: Id,
  return_id: Id,
  sale_id: z.nullable(Id),
  /** Cash given. */
  amount: Money,
  /** Taken off the vale-troca (less than amount only for a payout flagged offline). */
  taken: Money,
  cash_session_id: z.nullable(Id),
  offline: z.boolean(),
  /** An offline payout beyond the balance or its return's credit, for admins to review. */
  conflict: z.boolean(),
  paid_at: Timestamp,
  /** The customer's vale-troca balance right after. */
  store_credit_balance: Money,
});
export type StoreCreditPayout = z.infer<typeof StoreCreditPayoutSchema>;
export const StoreCreditPayoutResponseSchema = envelope(StoreCreditPayoutSchema);
