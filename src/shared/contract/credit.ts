// Crediário credit at the till (shared/credit.ts has the rule): a customer's open
// crediário as Nova Venda shows it, and an admin's approval of one sale over the limit,
// asked for by a cashier with the admin's e-mail and password.
import { z } from 'zod/mini';
import { Email, Id, Money, envelope } from './common';

export const CustomerCrediarioSchema = z.object({
  /** Pending instalments of the customer's crediário sales. */
  open_count: z.int().check(z.gte(0)),
  open_amount: Money,
  /** What of it is past due. */
  overdue_amount: Money,
  /** The limit that holds (their own, else the store's default); null: none. */
  credit_limit: z.nullable(Money),
});
export type CustomerCrediario = z.infer<typeof CustomerCrediarioSchema>;
export const CustomerCrediarioResponseSchema = envelope(CustomerCrediarioSchema);

/** POST /api/auth/credit-approval: an admin present at the till signs one sale over the limit. */
export const CreditApprovalRequestSchema = z.object({
  email: Email,
  password: z
    .string({ error: 'Senha é obrigatória' })
    .check(z.minLength(1, { error: 'Senha é obrigatória' }), z.maxLength(200)),
  /** The sale it approves (the till's id for it): the approval holds for that sale only. */
  sale_id: Id,
  /** What the sale finances (total - entrada): the approval holds up to it. */
  amount: Money,
});
export type CreditApprovalRequest = z.infer<typeof CreditApprovalRequestSchema>;

/**
 * POST /api/auth/return-approval: an admin present at the till signs one return over the
 * cashier's return limit (contract/returns.ts `approval`).
 */
export const ReturnApprovalRequestSchema = z.object({
  email: Email,
  password: z
    .string({ error: 'Senha é obrigatória' })
    .check(z.minLength(1, { error: 'Senha é obrigatória' }), z.maxLength(200)),
  /** The sale returned and the return's id (the till's): the approval holds for that return only. */
  sale_id: Id,
  return_id: Id,
  /** The value of the goods returned: the approval holds up to it. */
  amount: Money,
});
export type ReturnApprovalRequest = z.infer<typeof ReturnApprovalRequestSchema>;

/** Opaque to the till: it goes in the sale's `credit_approval` or the return's `approval`. */
export const CreditApprovalSchema = z.object({ approval: z.string(), admin_name: z.string() });
export const CreditApprovalResponseSchema = envelope(CreditApprovalSchema);

/** The `details` of a 409 over the credit limit (centavos), so the till shows the figures. */
export const CreditOverLimitDetailSchema = z.object({
  limit_centavos: z.int(),
  open_centavos: z.int(),
  sale_centavos: z.int(),
});
export type CreditOverLimitDetail = z.infer<typeof CreditOverLimitDetailSchema>;

/**
 * An approval is a short text: the admin's id, the amount, when it expires and a seal over
 * them, the store and the act (server/sales/credit-approval.ts).
 */
export const CreditApprovalTokenSchema = z.string().check(z.maxLength(200));
