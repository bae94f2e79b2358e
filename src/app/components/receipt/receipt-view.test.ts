// The receipt's view model, from the sale as the till records it (build-sale.ts) and as
// the server sends it: money to the centavo, change, split payments, the crediário plan.
import { describe, expect, it } from 'vitest';
import type { Sale } from '../../../shared/contract/sales';
import { buildSale } from '../../features/sales/build-sale';
import { addToCart } from '../../features/sales/cart';
import type { SaleFormState } from '../../features/sales/use-sale-form';
import { INITIAL_PAYMENT, type PaymentState } from '../../features/sales/use-payment-form';
import type { LocalSale } from '../../offline/db';
import { carnePages } from './carne';
import { receiptFromLocalSale, receiptFromSale, saleDateText } from './receipt-view';

const HEADER = {
  name: 'Loja Demo',
  cnpj: '11222333000181',
  phone: '1134567890',
  address: 'Rua Augusta, 1500 - São Paulo/SP',
};
// 2026-11-25 18:07 in São Paulo
const NOW = Date.parse('2026-11-25T21:07:30Z');

const line = (name: string, quantity: number, unit_price: number) => ({
  product_id: crypto.randomUUID(),
  product_name: name,
  sku: name.slice(0, 3).toUpperCase(),
  quantity,
  unit_price,
});

function form(partial: Partial<SaleFormState>): SaleFormState {
  return {
    customer: { id: crypto.randomUUID(), name: 'Ana Souza', document: '52998224725' },
    lines: [],
    paymentMethod: 'cash',
    installments: 1,
    dueDates: [],
    entradaOn: false,
    entradaText: '',
    ...partial,
  };
}

/** The sale exactly as the till writes it to the device (with its state). */
function recorded(f: SaleFormState, payment: PaymentState = INITIAL_PAYMENT, entrada = 0): LocalSale {
  const built = buildSale(
    f,
    entrada,
    { id: crypto.randomUUID(), now: NOW, number: '060215', cashierName: 'Caixa Demo' },
    payment,
  );
  return { ...built.sale, state: 'pending', conflicts: 0 };
}

describe('receiptFromLocalSale', () => {
  it('prints the store, the sale and its lines to the centavo, with the change of the cash handed over', () => {
    const sale = recorded(form({ lines: [line('Camiseta Básica', 3, 3333), line('Meia', 1, 1)] }), {
      ...INITIAL_PAYMENT,
      received: 10_000,
    });
    const view = receiptFromLocalSale(sale, HEADER);
    expect(view.store).toEqual({
      name: 'Loja Demo',
      cnpj: '11.222.333/0001-81',
      phone: '(11) 3456-7890',
      address: 'Rua Augusta, 1500 - São Paulo/SP',
    });
    expect(view).toMatchObject({
      number: '060215',
      date: '25/11/2026 18:07',
      cashier: 'Caixa Demo',
      customer: { name: 'Ana Souza', document: '529.982.247-25' },
      subtotal: 10_000,
      discount: 0,
      total: 10_000,
      change: 0,
    });
    expect(view.lines.map((l) => [l.name, l.quantity, l.unitPrice, l.gross, l.total])).toEqual([
      ['Camiseta Básica', 3, 3333, 9999, 9999],
      ['Meia', 1, 1, 1, 1],
    ]);
    expect(view.payments).toEqual([{ label: 'Dinheiro', amount: 10_000, received: 10_000, change: 0 }]);

    const withChange = receiptFromLocalSale(
      recorded(form({ lines: [line('Boné', 1, 4_590)] }), { ...INITIAL_PAYMENT, received: 5_000 }),
      HEADER,
    );
    expect(withChange.payments).toEqual([{ label: 'Dinheiro', amount: 4_590, received: 5_000, change: 410 }]);
    expect(withChange.change).toBe(410);
  });

  it('a split payment prints each part, and the change of its cash part only', () => {
    const sale = recorded(form({ lines: [line('Jaqueta', 1, 19_990)] }), {
      ...INITIAL_PAYMENT,
      split: true,
      parts: [
        { method: 'pix', amount: 12_000, received: null },
        { method: 'cash', amount: 7_990, received: 10_000 },
      ],
    });
    const view = receiptFromLocalSale(sale, HEADER);
    expect(view.payments).toEqual([
      { label: 'PIX', amount: 12_000, received: null, change: null },
      { label: 'Dinheiro', amount: 7_990, received: 10_000, change: 2_010 },
    ]);
    expect(view.payments.reduce((s, p) => s + p.amount, 0)).toBe(view.total);
    expect(view.change).toBe(2_010);
    expect(view.crediario).toBeNull();
  });

  it('a card sale pays the whole total by its method, with no change', () => {
    const view = receiptFromLocalSale(
      recorded(form({ lines: [line('Calça', 2, 8_950)], paymentMethod: 'debit_card' })),
      HEADER,
    );
    expect(view.payments).toEqual([{ label: 'Cartão de Débito', amount: 17_900, received: null, change: null }]);
  });

  it('crediário: the entrada by its method, the financed rest, and every instalment with its due date, adding up to the centavo', () => {
    const sale = recorded(
      form({
        lines: [line('Tênis', 1, 30_001)],
        paymentMethod: 'crediario',
        installments: 3,
        dueDates: ['2026-12-25', '2027-01-24', '2027-02-23'],
        entradaOn: true,
        entradaText: '50,00',
      }),
      { ...INITIAL_PAYMENT, entradaMethod: 'pix' },
      5_000,
    );
    const view = receiptFromLocalSale(sale, HEADER);
    expect(view.total).toBe(30_001);
    expect(view.payments).toEqual([
      { label: 'Entrada (PIX)', amount: 5_000, received: null, change: null },
      { label: 'Crediário', amount: 25_001, received: null, change: null },
    ]);
    expect(view.crediario).toEqual({
      entrada: 5_000,
      financed: 25_001,
      installments: [
        { number: 1, count: 3, dueDate: '2026-12-25', amount: 8_333 },
        { number: 2, count: 3, dueDate: '2027-01-24', amount: 8_333 },
        { number: 3, count: 3, dueDate: '2027-02-23', amount: 8_335 },
      ],
    });
    expect(carnePages(view.crediario!.installments).map((p) => p.length)).toEqual([3]);
  });

  it('the carnê takes three instalments a page', () => {
    const dueDates = Array.from({ length: 5 }, (_, i) => `2027-0${i + 1}-10`);
    const sale = recorded(
      form({ lines: [line('Sofá', 1, 70_000)], paymentMethod: 'crediario', installments: 5, dueDates }),
    );
    const view = receiptFromLocalSale(sale, HEADER);
    expect(view.payments).toEqual([{ label: 'Crediário', amount: 70_000, received: null, change: null }]);
    expect(carnePages(view.crediario!.installments).map((p) => p.map((i) => i.number))).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('prints without the store when its data never reached the device, and a record from before receipts', () => {
    const old: LocalSale = {
      id: 'b33ba877-1111-4222-8333-444455556666',
      createdAt: NOW,
      state: 'synced',
      customerName: 'Bruno',
      totalCentavos: 2_500,
      items: [{ product_id: 'p', product_name: 'Cinto', quantity: 1, unit_price_centavos: 2_500 }],
      paymentMethod: 'pix',
      conflicts: 0,
    };
    const view = receiptFromLocalSale(old, null);
    expect(view.store).toBeNull();
    expect(view).toMatchObject({ number: 'B33BA877', cashier: null, customer: { name: 'Bruno', document: '' } });
    expect(view.payments).toEqual([{ label: 'PIX', amount: 2_500, received: null, change: null }]);
  });
});

describe('the variant of each line', () => {
  it("names the size and colour as sold, on the till's record and on the server's", () => {
    const slim = { id: crypto.randomUUID(), name: 'Calça Jeans Slim', sku: 'CJS', sale_price: 15_990 };
    const added = addToCart([], { ...slim, size: '42', color: 'Azul' }, 1, 5);
    const plain = addToCart(added.ok ? added.lines : [], { ...slim, id: crypto.randomUUID(), name: 'Cinto' }, 1, 5);
    if (!plain.ok) throw new Error(plain.error);
    const local = receiptFromLocalSale(recorded(form({ lines: plain.lines })), HEADER);
    expect(local.lines.map((l) => l.name)).toEqual(['Calça Jeans Slim · 42 / Azul', 'Cinto']);

    const item = { id: 'a', product_id: 'p', quantity: 1, unit_price: 100, discount: 0, total_price: 100 };
    const sale = {
      items: [
        { ...item, product_name: 'Camiseta', product_size: 'M', product_color: '' },
        { ...item, product_name: 'Cinto', product_size: '', product_color: '' },
      ],
      total: 200,
      payments: [],
      crediario: null,
      sold_at: '2026-11-25T13:05:00.000Z',
    } as unknown as Sale;
    const server = receiptFromSale(sale, HEADER, { number: 'A-0042', cashierName: null });
    expect(server.lines.map((l) => l.name)).toEqual(['Camiseta · M', 'Cinto']);
  });
});

describe('receiptFromSale (the server record)', () => {
  it('line and sale discounts: each line its own, the rest of the difference as the sale discount', () => {
    const sale = {
      id: crypto.randomUUID(),
      customer_id: crypto.randomUUID(),
      customer_name: 'Carla',
      items: [
        {
          id: 'a',
          product_id: 'p1',
          product_name: 'Vestido',
          quantity: 2,
          unit_price: 10_000,
          discount: 1_000,
          total_price: 18_500,
        },
        {
          id: 'b',
          product_id: 'p2',
          product_name: 'Lenço',
          quantity: 1,
          unit_price: 2_000,
          discount: 0,
          total_price: 1_800,
        },
      ],
      total: 20_300,
      discount: 700,
      payment_method: 'cash',
      payment_status: 'paid',
      sale_status: 'completed',
      crediario: null,
      payments: [{ method: 'cash', amount: 20_300, received: 25_000, change: 4_700 }],
      sold_at: '2026-11-25T13:05:00.000Z',
    } as unknown as Sale;
    const view = receiptFromSale(sale, HEADER, { number: 'A-0042', cashierName: 'Caixa Demo' });
    expect(view).toMatchObject({
      number: 'A-0042',
      date: '25/11/2026 10:05',
      subtotal: 22_000,
      discount: 1_700,
      total: 20_300,
    });
    expect(view.lines.map((l) => [l.gross, l.discount, l.total])).toEqual([
      [20_000, 1_500, 18_500],
      [2_000, 200, 1_800],
    ]);
    expect(view.payments).toEqual([{ label: 'Dinheiro', amount: 20_300, received: 25_000, change: 4_700 }]);
  });
});

describe('saleDateText', () => {
  it('is the São Paulo wall clock, across midnight UTC', () => {
    expect(saleDateText('2026-01-01T02:59:00Z')).toBe('31/12/2025 23:59');
    expect(saleDateText(Date.parse('2026-01-01T03:00:00Z'))).toBe('01/01/2026 00:00');
  });
});
