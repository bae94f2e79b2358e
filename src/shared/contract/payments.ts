// How a sale was paid (DESIGN.md, Counter rules): in parts, each with its method and the
// amount it paid toward the sale; a cash part may say what was handed over, and the server
// computes the change (received - amount). The spec's payment_method alone stays valid: a
// sale without `payments` is paid whole by its payment_method. Crediário keeps its own flow:
// its entrada is paid by `crediario.entrada_method` (cash when not told).
import { z } from 'zod/mini';
import { Money } from './common';

/** The spec's payment methods (spec §4): what a sale is sent with, and what accounts are paid by. */
export const PAYMENT_METHODS = ['cash', 'credit_card', 'debit_card', 'pix', 'transfer', 'crediario'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'Forma de pagamento inválida' });
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** The methods a part may be paid by: the sale's methods but crediário. */
export const PART_PAYMENT_METHODS = ['cash', 'credit_card', 'debit_card', 'pix', 'transfer'] as const;
export const PartPaymentMethodSchema = z.enum(PART_PAYMENT_METHODS, { error: 'Forma de pagamento inválida' });
export type PartPaymentMethod = z.infer<typeof PartPaymentMethodSchema>;

/**
 * The methods a sale's part may be paid by: the money methods and the vale-troca (the
 * customer's store credit: no money comes in, the balance goes down).
 */
export const SALE_PART_METHODS = [...PART_PAYMENT_METHODS, 'store_credit'] as const;
export const SalePartMethodSchema = z.enum(SALE_PART_METHODS, { error: 'Forma de pagamento inválida' });
export type SalePartMethod = z.infer<typeof SalePartMethodSchema>;

/**
 * How a sale was paid as the server records it: a spec method, or the vale-troca when no
 * money came in (a sale paid wholly with the customer's store credit).
 */
export const SALE_METHODS = [...PAYMENT_METHODS, 'store_credit'] as const;
export const SaleMethodSchema = z.enum(SALE_METHODS, { error: 'Forma de pagamento inválida' });
export type SaleMethod = z.infer<typeof SaleMethodSchema>;

/**
 * The one list of what each payment method is called wherever a payment is shown (receipt,
 * history, caixa, cash flow, receivables, exports, messages): a code is never shown raw.
 */
export const PAYMENT_METHOD_LABELS: Record<SaleMethod, string> = {
  cash: 'Dinheiro',
  credit_card: 'Cartão de Crédito',
  debit_card: 'Cartão de Débito',
  pix: 'PIX',
  transfer: 'Transferência',
  crediario: 'Crediário',
  store_credit: 'Vale-troca',
};
export const STORE_CREDIT_LABEL = PAYMENT_METHOD_LABELS.store_credit;
/** What a method no list knows is called (a record from a newer version). */
export const UNKNOWN_METHOD_LABEL = 'Outra forma de pagamento';

/** The name of a method as read from a record (a device's, an export's): never the code. */
export function methodLabel(method: string | null | undefined): string {
  if (!method) return '-';
  return (PAYMENT_METHOD_LABELS as Record<string, string>)[method] ?? UNKNOWN_METHOD_LABEL;
}

/** Most parts one sale may be paid in. */
export const SALE_PAYMENTS_MAX = 10;

export const SalePaymentInputSchema = z.object({
  method: SalePartMethodSchema,
  /** What this part paid toward the sale (net of change), > 0. */
  amount: Money,
  /** Cash only: what the customer handed over (>= amount). */
  received: z.optional(Money),
});
export type SalePaymentInput = z.infer<typeof SalePaymentInputSchema>;

export const SalePaymentsInputSchema = z.array(SalePaymentInputSchema).check(
  z.minLength(1, { error: 'Informe pelo menos uma forma de pagamento' }),
  z.maxLength(SALE_PAYMENTS_MAX, { error: `No máximo ${SALE_PAYMENTS_MAX} formas de pagamento por venda` }),
  z.superRefine((parts, ctx) => {
    parts.forEach((part, i) => {
      if (part.amount <= 0) {
        ctx.addIssue({ code: 'custom', path: [i, 'amount'], message: 'O valor de cada parte deve ser maior que zero' });
      }
      if (part.received !== undefined && part.method !== 'cash') {
        ctx.addIssue({ code: 'custom', path: [i, 'received'], message: 'Valor recebido só vale para dinheiro' });
      } else if (part.received !== undefined && part.received < part.amount) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'received'],
          message: 'O valor recebido não pode ser menor que o valor a pagar',
        });
      }
    });
  }),
);

export const SalePaymentSchema = z.object({
  method: SalePartMethodSchema,
  amount: Money,
  received: z.nullable(Money),
  change: z.nullable(Money),
});
export type SalePayment = z.infer<typeof SalePaymentSchema>;

/** The change of a cash part: what was handed over beyond what it paid (centavos). */
export function changeOf(part: { amount: number; received?: number | null | undefined }): number | null {
  return part.received === undefined || part.received === null ? null : part.received - part.amount;
}
