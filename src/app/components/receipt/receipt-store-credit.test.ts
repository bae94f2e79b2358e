// Wherever a payment is shown it is named from the one list of methods: the vale-troca is
// 'Vale-troca' on the receipt (printed at the till or again from the history), in the
// history's list and in the sale-finished message; a sale paid wholly with it is recorded as
// such (never 'Dinheiro'); the receipt prints the vale-troca left after the sale and the till.
import { describe, expect, it } from 'vitest';
import { SALE_METHODS, type Sale } from '../../../shared/contract/sales';
import { paymentText } from '../../features/history/history-format';
import { buildSale } from '../../features/sales/build-sale';
import type { SaleFormState } from '../../features/sales/use-sale-form';
import { INITIAL_PAYMENT } from '../../features/sales/use-payment-form';
import { receiptFromLocalSale, receiptFromSale } from './receipt-view';

const RAW = /store_credit|credit_card|debit_card|\bcash\b|\bpix\b|transfer\b|crediario/;
const NOW = Date.parse('2026-11-25T21:07:30Z');

const form = (total: number): SaleFormState => ({
  customer: { id: crypto.randomUUID(), name: 'Vera Vale', document: null },
  lines: [{ product_id: crypto.randomUUID(), product_name: 'Blusa', sku: 'BLU', quantity: 1, unit_price: total }],
  paymentMethod: 'cash',
  installments: 1,
  dueDates: [],
  entradaOn: false,
  entradaText: '',
});

const build = (total: number, storeCredit: number) =>
  buildSale(
    form(total),
    0,
    { id: crypto.randomUUID(), now: NOW, number: 'A-0007', cashierName: 'Caixa Demo' },
    {
      ...INITIAL_PAYMENT,
      storeCredit,
    },
  );

describe('the vale-troca wherever a payment is shown', () => {
  it('a sale paid wholly with it is recorded and announced as Vale-troca, not Dinheiro', () => {
    const built = build(3_995, 3_995);
    expect(built.sale.paymentMethod).toBe('store_credit');
    expect(built.message).toContain('Pagamento: Vale-troca');
    expect(built.message).not.toMatch(RAW);
  });

  it('the receipt names each part and prints the vale left and the till, from the device and from the server', () => {
    const built = build(7_990, 2_500);
    expect(built.message).toMatch(/Pagamento: Vale-troca R\$\s25,00 \+ Dinheiro R\$\s54,90/);
    const local = receiptFromLocalSale(
      {
        ...built.sale,
        receipt: { ...built.sale.receipt!, till: 'Caixa 1 (A)', storeCreditLeft: 1_495 },
        state: 'pending',
        conflicts: 0,
      },
      null,
    );
    expect(local.payments.map((p) => [p.label, p.amount])).toEqual([
      ['Vale-troca', 2_500],
      ['Dinheiro', 5_490],
    ]);
    expect(local).toMatchObject({ storeCreditLeft: 1_495, till: 'Caixa 1 (A)' });

    const server = {
      id: crypto.randomUUID(),
      customer_name: 'Vera Vale',
      items: [{ id: 'a', product_id: 'p', product_name: 'Blusa', quantity: 1, unit_price: 7_990, total_price: 7_990 }],
      total: 7_990,
      payment_method: 'cash',
      crediario: null,
      payments: [
        { method: 'store_credit', amount: 2_500, received: null, change: null },
        { method: 'cash', amount: 5_490, received: null, change: null },
      ],
      sold_at: '2026-11-25T13:05:00.000Z',
    } as unknown as Sale;
    const reprint = receiptFromSale(server, null, {
      number: 'A-0007',
      cashierName: null,
      till: 'Caixa 1 (A)',
      storeCreditLeft: 1_495,
    });
    expect(reprint.payments.map((p) => p.label)).toEqual(['Vale-troca', 'Dinheiro']);
    expect(reprint).toMatchObject({ storeCreditLeft: 1_495, till: 'Caixa 1 (A)' });
    expect(paymentText(server)).toMatch(/^Vale-troca R\$\s25,00 \+ Dinheiro R\$\s54,90$/);
  });

  it('no method a sale may be recorded with reaches the history or the receipt as its code', () => {
    for (const method of SALE_METHODS) {
      const sale = {
        payment_method: method,
        payments: [{ method, amount: 100, received: null, change: null }],
        crediario: null,
        items: [],
        total: 100,
        sold_at: '2026-11-25T13:05:00.000Z',
      } as unknown as Sale;
      expect(paymentText(sale), method).not.toMatch(RAW);
      const view = receiptFromSale(sale, null, { number: '0001', cashierName: null });
      for (const p of view.payments) expect(p.label, method).not.toMatch(RAW);
    }
  });
});
