import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartTotal,
  changeQuantity,
  dueDates,
  entradaError,
  finishError,
  installmentAmounts,
  parseQuantity,
  successMessage,
  type CartLine,
} from './cart';

const camisa = { id: 'p1', name: 'Camisa', sku: 'CAM-P', sale_price: 4990 };

function lines(result: ReturnType<typeof addToCart>): CartLine[] {
  if (!result.ok) throw new Error(result.error);
  return result.lines;
}

describe('cart (spec §5 messages)', () => {
  it('needs a product from the list and a positive quantity', () => {
    expect(addToCart([], null, 1, 5)).toEqual({
      ok: false,
      error: 'Selecione um produto da lista antes de adicionar',
      cause: 'product',
    });
    expect(addToCart([], camisa, 0, 5)).toEqual({
      ok: false,
      error: 'A quantidade deve ser maior que zero',
      cause: 'quantity',
    });
  });

  it('refuses a new line beyond stock, and a combined quantity beyond stock', () => {
    expect(addToCart([], camisa, 6, 5)).toEqual({
      ok: false,
      error: 'Você solicitou 6 unidades, mas só há 5 disponíveis em estoque.',
      cause: 'stock',
    });
    const one = lines(addToCart([], camisa, 3, 5));
    expect(addToCart(one, camisa, 3, 5)).toEqual({
      ok: false,
      error: 'Você já tem 3 unidades. Adicionando 3 ficaria 6, mas só há 5 disponíveis.',
      cause: 'stock',
    });
    const merged = lines(addToCart(one, camisa, 2, 5));
    expect(merged).toHaveLength(1);
    expect(merged[0]!.quantity).toBe(5);
    expect(merged[0]!.unit_price).toBe(4990);
    expect(cartTotal(merged)).toBe(24950);
  });

  it('checks quantity edits', () => {
    const one = lines(addToCart([], camisa, 1, 5));
    expect(changeQuantity(one, 'p1', 0, 5)).toEqual({
      ok: false,
      error: 'A quantidade deve ser maior que zero',
      cause: 'quantity',
    });
    expect(changeQuantity(one, 'p1', 9, 5)).toEqual({
      ok: false,
      error: 'Você tentou alterar para 9 unidades, mas só há 5 disponíveis em estoque.',
      cause: 'stock',
    });
    expect(parseQuantity('')).toBe(1);
    expect(parseQuantity('4')).toBe(4);
  });

  it('finishing needs a customer and an item', () => {
    expect(finishError(false, [])).toBe('Selecione um cliente antes de finalizar a venda');
    expect(finishError(true, [])).toBe('Adicione pelo menos um produto antes de finalizar a venda');
    expect(finishError(true, lines(addToCart([], camisa, 1, 1)))).toBeNull();
  });
});

describe('crediário', () => {
  it('due dates are 30 days apart from today', () => {
    expect(dueDates('2026-11-22', 3)).toEqual(['2026-12-22', '2027-01-21', '2027-02-20']);
  });

  it('entrada may not exceed the total', () => {
    expect(entradaError(10001, 10000)).toBe('O valor da entrada não pode ser maior que o total da venda.');
    expect(entradaError(10000, 10000)).toBeNull();
  });

  it('installments plus entrada equal the total, for any total, entrada and count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 6 }),
        (total, share, count) => {
          const entrada = Math.floor(total * share);
          const parts = installmentAmounts(total, entrada, count);
          return (
            parts.length === count && entrada + parts.reduce((a, b) => a + b, 0) === total && parts.every((p) => p >= 0)
          );
        },
      ),
    );
  });

  it('writes the success message', () => {
    const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');
    expect(nbsp(successMessage({ customerName: 'Maria', total: 15000, paymentMethod: 'pix' }))).toBe(
      'Venda finalizada! Cliente: Maria | Total: R$ 150,00 | Pagamento: PIX',
    );
    expect(
      nbsp(
        successMessage({
          customerName: 'João',
          total: 10000,
          paymentMethod: 'crediario',
          entrada: 1000,
          installments: 3,
        }),
      ),
    ).toBe('Venda finalizada! Cliente: João | Total: R$ 100,00 | Pagamento: Entrada R$ 10,00 + 3x de R$ 30,00');
  });
});
