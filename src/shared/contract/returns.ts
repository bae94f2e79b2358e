// Returns and exchanges ('Trocas e Devoluções') and the vale-troca (DESIGN.md, Counter
// rules). A return names lines of one sale and how many units of each go back (never more
// than sold minus already returned), the reason, and how the customer is paid back:
// 'dinheiro' (cash out of the caixa: a cash-book expense), 'estorno' (back on the card or
// Pix the sale was paid with: recorded, no provider) or 'vale_troca' (store credit on the
// customer). A crediário sale's open instalments are reduced first (last ones first); only
// what is left is paid back. An exchange is a return to vale-troca and a new sale paid
// with it (payment part 'store_credit').
import { z } from 'zod/mini';
import { envelope, Id, LineQuantity, MadeBy, Money, PlainText, Quantity, RequiredText, Timestamp } from './common';
import { CreditApprovalTokenSchema } from './credit';
import { PaymentMethodSchema } from './sales';

export const REFUND_METHODS = ['dinheiro', 'estorno', 'vale_troca'] as const;
export const RefundMethodSchema = z.enum(REFUND_METHODS, { error: 'Escolha como devolver o valor ao cliente' });
export type RefundMethod = z.infer<typeof RefundMethodSchema>;

export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  dinheiro: 'Dinheiro',
  estorno: 'Estorno no cartão ou Pix',
  vale_troca: 'Vale-troca',
};

export const ReturnLineInputSchema = z.object({
  /**
   * The sale line (sale_items.id), or its position (0 = the first line as sold): a device
   * returning a sale it sold offline knows the positions, not the ids the server gave.
   */
  sale_item_id: z.optional(Id),
  position: z.optional(z.int().check(z.gte(0), z.lte(499))),
  quantity: LineQuantity,
  /** A damaged item does not go back to stock. */
  damaged: z._default(z.boolean(), false),
});
export type ReturnLineInput = z.infer<typeof ReturnLineInputSchema>;

export const ReturnCreateSchema = z
  .object({
    /** Client-chosen id: the outbox row's id, so a replay names the same return. */
    id: z.optional(Id),
    lines: z
      .array(ReturnLineInputSchema)
      .check(z.minLength(1, { error: 'Escolha pelo menos um item para devolver' }), z.maxLength(500)),
    reason: RequiredText('Motivo', 300),
    refund_method: RefundMethodSchema,
    /** Set by the outbox: a return that already happened at the counter. */
    offline: z._default(z.boolean(), false),
    /** When it happened at the counter (device clock). */
    returned_at: z.optional(Timestamp),
    /** The open caixa of the device (a cash refund comes out of it). */
    cash_session_id: z.optional(Id),
    device_id: z.optional(Id),
    device_label: z.optional(PlainText().check(z.maxLength(80))),
    /** Who returned it, when it comes from the outbox (the device's signed-in user then). */
    made_by: MadeBy,
    /**
     * A cashier's return over the store's limit: an admin's approval of this return (its id
     * is then required), from POST /api/auth/return-approval; it holds offline too.
     */
    approval: z.optional(CreditApprovalTokenSchema),
  })
  .check(
    z.superRefine((input, ctx) => {
      if (input.approval && !input.id) {
        ctx.addIssue({ code: 'custom', path: ['id'], message: 'Uma devolução aprovada leva o seu identificador' });
      }
      input.lines.forEach((l, i) => {
        if ((l.sale_item_id === undefined) === (l.position === undefined)) {
          ctx.addIssue({ code: 'custom', path: ['lines', i], message: 'Informe o item da venda (id ou posição)' });
        }
      });
      const ids = input.lines.map((l) => l.sale_item_id ?? `#${l.position}`);
      if (new Set(ids).size !== ids.length) {
        ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Cada item da venda aparece uma vez só' });
      }
    }),
  );
export type ReturnCreate = z.infer<typeof ReturnCreateSchema>;

export const SaleReturnLineSchema = z.object({
  sale_item_id: Id,
  position: z.int(),
  product_id: Id,
  product_name: z.string(),
  quantity: Quantity,
  /** What the units were charged (their share of the line's total_price). */
  amount: Money,
  damaged: z.boolean(),
});

export const SaleReturnSchema = z.object({
  id: Id,
  sale_id: Id,
  customer_id: Id,
  reason: z.string(),
  refund_method: RefundMethodSchema,
  /** estorno: the card or Pix method it went back on; dinheiro: cash; vale_troca: null. */
  refund_payment_method: z.nullable(PaymentMethodSchema),
  /** The value of the goods returned = installments + refunded. */
  amount: Money,
  /** Taken off the sale's open crediário instalments (last ones first). */
  installments: Money,
  /** Paid back by the refund method. */
  refunded: Money,
  /** Of a vale-troca refund, what was given back in cash later (store-credit-payouts.ts). */
  cash_paid_out: Money,
  lines: z.array(SaleReturnLineSchema),
  offline: z.boolean(),
  /** An offline return beyond a cashier's limit, for admins to review. */
  limit_conflict: z.boolean(),
  /** The admin who approved a cashier's return over the limit (null: none was needed or given). */
  approved_by: z.nullable(Id),
  approved_by_name: z.nullable(z.string()),
  cash_session_id: z.nullable(Id),
  returned_at: Timestamp,
  /** The customer's vale-troca balance right after (vale_troca). */
  store_credit_balance: z.nullable(Money),
});
export type SaleReturn = z.infer<typeof SaleReturnSchema>;
export const SaleReturnResponseSchema = envelope(SaleReturnSchema);

/** A sale line and what can still be returned of it. */
export const ReturnableLineSchema = z.object({
  sale_item_id: Id,
  position: z.int(),
  product_id: Id,
  product_name: z.string(),
  quantity: Quantity,
  returned: Quantity,
  unit_price: Money,
  total_price: Money,
});
export const SaleReturnsSchema = z.object({
  sale_id: Id,
  lines: z.array(ReturnableLineSchema),
  returns: z.array(SaleReturnSchema),
});
export type SaleReturns = z.infer<typeof SaleReturnsSchema>;
export const SaleReturnsResponseSchema = envelope(SaleReturnsSchema);

/** credit: a return to vale-troca; use: a sale paid with it; payout: given back in cash. */
export const STORE_CREDIT_KINDS = ['credit', 'use', 'payout'] as const;
export const StoreCreditEntrySchema = z.object({
  id: Id,
  kind: z.enum(STORE_CREDIT_KINDS),
  amount: Money,
  balance_after: Money,
  return_id: z.nullable(Id),
  sale_id: z.nullable(Id),
  created_at: Timestamp,
});
export const StoreCreditSchema = z.object({
  customer_id: Id,
  balance: Money,
  entries: z.array(StoreCreditEntrySchema),
});
export type StoreCredit = z.infer<typeof StoreCreditSchema>;
export const StoreCreditResponseSchema = envelope(StoreCreditSchema);
