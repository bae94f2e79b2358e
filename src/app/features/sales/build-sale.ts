// A finished sale as the till writes it: the local record (centavos, for the stock
// overlay and the day's list), the request body in the contract's typed form (centavos,
// marked offline so the server accepts it as a fact; encoded to reais only where it is
// sent or queued: counter/finish-sale.ts, counter/records.ts), the line shown in the Sincronização panel and the success message. The local record also
// keeps what the receipt and the carnê print (number, cashier, payments, crediário plan),
// so they print offline.
import type { SaleCreate, SaleMethod } from '../../../shared/contract/sales';
import { installmentParts } from '../../../shared/installments';
import { formatBRL } from '../../../shared/money';
import { saleLabel } from '../../../shared/sale-number';
import type { LocalSale, LocalSaleReceipt } from '../../offline/db';
import { cartTotal, lineDiscount, saleDiscountOf, successMessage, type CartLine } from './cart';
import { INITIAL_PAYMENT, partsText, paymentsOf, type PaymentState } from './use-payment-form';
import type { SaleFormState } from './use-sale-form';

export interface BuiltSale {
  sale: Omit<LocalSale, 'state' | 'conflicts'>;
  body: SaleCreate;
  summary: string;
  message: string;
}

export function buildSale(
  form: SaleFormState,
  entrada: number,
  options: {
    id: string;
    now: number;
    number: string | null;
    cashierName?: string | null;
    /** An admin's approval of this sale over the customer's credit limit. */
    creditApproval?: string;
    /** 'CPF na nota?': the consumer's CPF/CNPJ, bare, for the NFC-e. */
    fiscalDocument?: string;
  },
  payment: PaymentState = INITIAL_PAYMENT,
): BuiltSale {
  const customer = form.customer;
  if (!customer) throw new Error('buildSale: sem cliente');
  const total = cartTotal(form.lines, form.saleDiscount ?? null);
  const saleDiscount = saleDiscountOf(form.lines, form.saleDiscount ?? null);
  const crediario = form.paymentMethod === 'crediario';
  const payments = paymentsOf(form.paymentMethod, total, payment);
  const split = payments !== undefined && payments.length > 1;
  // A split sale is its largest money part's, as the server records it (the vale-troca is no money).
  const money = (payments ?? []).flatMap((p) => (p.method === 'store_credit' ? [] : [{ ...p, method: p.method }]));
  const method =
    split && money.length > 0 ? money.reduce((a, b) => (b.amount > a.amount ? b : a)).method : form.paymentMethod;
  // Paid wholly with the vale-troca: no money came in, and the server records it so (sale-payments.ts).
  const recorded: SaleMethod = payments && payments.length > 0 && money.length === 0 ? 'store_credit' : method;
  const value: SaleCreate = {
    id: options.id,
    customer_id: customer.id,
    items: form.lines.map((l) => {
      const discount = lineDiscount(l);
      return {
        product_id: l.product_id,
        quantity: l.quantity,
        unit_price: l.unit_price,
        ...(discount > 0 ? { discount } : {}),
      };
    }),
    ...(saleDiscount > 0 ? { discount: saleDiscount } : {}),
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
    ...(options.creditApproval ? { credit_approval: options.creditApproval } : {}),
    ...(options.fiscalDocument ? { fiscal_document: options.fiscalDocument } : {}),
  };
  return {
    sale: {
      id: options.id,
      createdAt: options.now,
      customerId: customer.id,
      customerName: customer.name,
      totalCentavos: total,
      paymentMethod: recorded,
      items: value.items.map((item, i) => ({
        product_id: item.product_id,
        product_name: form.lines[i]!.product_name,
        ...variantOf(form.lines[i]!),
        quantity: item.quantity,
        unit_price_centavos: item.unit_price,
        ...(item.discount ? { discount_centavos: item.discount } : {}),
      })),
      receipt: receiptOf(value, total, {
        ...(options.number ? { number: options.number } : {}),
        cashierName: options.cashierName ?? null,
        customerDocument: customer.document ?? null,
      }),
    },
    body: value,
    // counter/finish-sale.ts puts the number the sale took in place of the one on screen.
    summary: `${options.number ? saleLabel(options.number) : 'Venda'} · ${customer.name} · ${formatBRL(total)}`,
    message: successMessage({
      customerName: customer.name,
      total,
      paymentMethod: recorded,
      parts: split ? partsText(payments) : undefined,
      change: payments?.reduce((s, p) => s + (p.received !== undefined ? p.received - p.amount : 0), 0),
      entrada: crediario ? entrada : undefined,
      installments: crediario ? form.installments : undefined,
    }),
  };
}

/** What the receipt prints of the sale beyond the local record's own fields (centavos). */
/** The line's variant as the device keeps it (only what it has). */
function variantOf(line: CartLine): Pick<LocalSale['items'][number], 'product_size' | 'product_color'> {
  return {
    ...(line.product_size ? { product_size: line.product_size } : {}),
    ...(line.product_color ? { product_color: line.product_color } : {}),
  };
}

function receiptOf(
  value: SaleCreate,
  total: number,
  who: Pick<LocalSaleReceipt, 'number' | 'cashierName' | 'customerDocument'>,
): LocalSaleReceipt {
  const plan = value.crediario;
  if (value.payment_method === 'crediario' && plan) {
    const method = plan.entrada_method ?? 'cash';
    // Empty instalments (fewer centavos than instalments) are no debt: the server leaves them out.
    const installments = installmentParts(total, plan.entrada, plan.parcelas)
      .map((amount, i) => ({ dueDate: plan.vencimentos[i]!, amount }))
      .filter((p) => p.amount > 0);
    return {
      ...who,
      discountCentavos: value.discount ?? 0,
      payments: plan.entrada > 0 ? [{ method, amount: plan.entrada, received: null }] : [],
      crediario: { entrada: plan.entrada, entradaMethod: plan.entrada > 0 ? method : null, installments },
    };
  }
  const payments = value.payments?.map((p) => ({ method: p.method, amount: p.amount, received: p.received ?? null }));
  return {
    ...who,
    discountCentavos: value.discount ?? 0,
    payments: payments ?? [{ method: value.payment_method, amount: total, received: null }],
    crediario: null,
  };
}
