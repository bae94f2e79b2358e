// A finished sale as the till writes it: the local record (centavos, for the stock
// overlay and the day's list), the request body exactly as the outbox will send it
// (reais, encoded by the contract, marked offline so the server accepts it as a fact),
// the line shown in the Sincronização panel and the success message.
import { z } from 'zod';
import { SaleCreateSchema, type SaleCreate } from '../../../shared/contract/sales';
import { formatBRL } from '../../../shared/money';
import type { LocalSale } from '../../offline/db';
import { cartTotal, successMessage } from './cart';
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
  options: { id: string; now: number; number: string },
): BuiltSale {
  const customer = form.customer;
  if (!customer) throw new Error('buildSale: sem cliente');
  const total = cartTotal(form.lines);
  const crediario = form.paymentMethod === 'crediario';
  const value: SaleCreate = {
    id: options.id,
    customer_id: customer.id,
    items: form.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity, unit_price: l.unit_price })),
    payment_method: form.paymentMethod,
    payment_status: 'pending',
    sale_status: 'completed',
    crediario: crediario ? { entrada, parcelas: form.installments, vencimentos: form.dueDates } : undefined,
    offline: true,
    sold_at: new Date(options.now).toISOString(),
  };
  return {
    sale: {
      id: options.id,
      createdAt: options.now,
      customerName: customer.name,
      totalCentavos: total,
      paymentMethod: form.paymentMethod,
      items: form.lines.map((l) => ({
        product_id: l.product_id,
        product_name: l.product_name,
        quantity: l.quantity,
        unit_price_centavos: l.unit_price,
      })),
    },
    body: z.encode(SaleCreateSchema, value),
    summary: `Venda #${options.number} · ${customer.name} · ${formatBRL(total)}`,
    message: successMessage({
      customerName: customer.name,
      total,
      paymentMethod: form.paymentMethod,
      entrada: crediario ? entrada : undefined,
      installments: crediario ? form.installments : undefined,
    }),
  };
}
