// A finished sale as the till writes it: the local record (centavos, for the stock
// overlay and the day's list), the request body exactly as the outbox will send it
// (reais, encoded by the contract, marked offline so the server accepts it as a fact),
// the line shown in the Sincronização panel and the success message.
import { z } from 'zod';
import { SaleCreateSchema, type SaleCreate } from '../../../shared/contract/sales';
import { formatBRL } from '../../../shared/money';
import { saleLabel } from '../../../shared/sale-number';
import type { LocalSale } from '../../offline/db';
import { cartTotal, successMessage } from './cart';
import { INITIAL_PAYMENT, partsText, paymentsOf, type PaymentState } from './use-payment-form';
import type { SaleFormState } from './use-sale-form';

export interface BuiltSale {
  sale: Omit<LocalSale, 'state' | 'conflicts'>;
  body: z.input<typeof SaleCreateSchema>;
  summary: string;
  message: string;
}

export function buildSale(
  form: SaleFormState,
  entrada: number,
  options: { id: string; now: number; number: string | null },
  payment: PaymentState = INITIAL_PAYMENT,
): BuiltSale {
  const customer = form.customer;
  if (!customer) throw new Error('buildSale: sem cliente');
  const total = cartTotal(form.lines);
  const crediario = form.paymentMethod === 'crediario';
  const payments = paymentsOf(form.paymentMethod, total, payment);
  const split = payments !== undefined && payment.split;
  // A split sale is its largest part's, as the server records it.
  const method = split ? payments.reduce((a, b) => (b.amount > a.amount ? b : a)).method : form.paymentMethod;
  const value: SaleCreate = {
    id: options.id,
    customer_id: customer.id,
    items: form.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity, unit_price: l.unit_price })),
    payment_method: method,
    ...(payments ? { payments } : {}),
    payment_status: 'pending',
    sale_status: 'completed',
    crediario: crediario
      ? {
          entrada,
          ...(entrada > 0 ? { entrada_method: payment.entradaMethod } : {}),
          parcelas: form.installments,
          vencimentos: form.dueDates,
        }
      : undefined,
    offline: true,
    sold_at: new Date(options.now).toISOString(),
  };
  return {
    sale: {
      id: options.id,
      createdAt: options.now,
      customerName: customer.name,
      totalCentavos: total,
      paymentMethod: method,
      items: form.lines.map((l) => ({
        product_id: l.product_id,
        product_name: l.product_name,
        quantity: l.quantity,
        unit_price_centavos: l.unit_price,
      })),
    },
    body: z.encode(SaleCreateSchema, value),
    // offline/finish-sale.ts puts the number the sale took in place of the one on screen.
    summary: `${options.number ? saleLabel(options.number) : 'Venda'} · ${customer.name} · ${formatBRL(total)}`,
    message: successMessage({
      customerName: customer.name,
      total,
      paymentMethod: method,
      parts: split ? partsText(payments) : undefined,
      change: payments?.reduce((s, p) => s + (p.received !== undefined ? p.received - p.amount : 0), 0),
      entrada: crediario ? entrada : undefined,
      installments: crediario ? form.installments : undefined,
    }),
  };
}
