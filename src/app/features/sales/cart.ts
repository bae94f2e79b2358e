// Nova Venda's cart rules (spec §4, §5, §8), pure and in centavos. The screen holds a
// Cart in state and calls these; every message is the spec's, word for word.
import { CREDIARIO_SPACING_DAYS } from '../../../shared/constants';
import { addDays } from '../../../shared/dates';
import { describeInstallments, installmentParts } from '../../../shared/installments';
import { discountCentavos, type DiscountInput } from '../../../shared/discounts';
import { formatDecimal } from '../../../shared/money';
import { PAYMENT_METHOD_LABELS, type SaleMethod } from '../../../shared/contract/sales';

export interface CartLine {
  product_id: string;
  product_name: string;
  /** The variant as sold (the receipt names it); absent when the product has none. */
  product_size?: string;
  product_color?: string;
  sku: string;
  quantity: number;
  /** centavos: the product's sale price when it was added */
  unit_price: number;
  /** The discount typed for the line (a percent stays a percent of the line as it changes). */
  discount?: DiscountInput | undefined;
}

export interface CartProduct {
  id: string;
  name: string;
  sku: string;
  /** centavos */
  sale_price: number;
  size?: string;
  color?: string;
}

/** Why a cart change was refused: no product chosen, a quantity not above zero, or beyond stock. */
export type CartRefusal = 'product' | 'quantity' | 'stock';

export type CartResult = { ok: true; lines: CartLine[] } | { ok: false; error: string; cause: CartRefusal };

/** The quantity field: empty or not a number falls back to 1 (spec §2). */
export function parseQuantity(raw: string): number {
  const n = Number.parseInt(raw, 10);
  return Number.isNaN(n) ? 1 : n;
}

/** Adds `quantity` of a product; `available` is the stock the till may sell. */
export function addToCart(
  lines: CartLine[],
  product: CartProduct | null,
  quantity: number,
  available: number,
): CartResult {
  if (!product) return { ok: false, error: 'Selecione um produto da lista antes de adicionar', cause: 'product' };
  if (!(quantity > 0)) return { ok: false, error: 'A quantidade deve ser maior que zero', cause: 'quantity' };
  const existing = lines.find((l) => l.product_id === product.id);
  if (existing) {
    const total = existing.quantity + quantity;
    if (total > available) {
      return {
        ok: false,
        error: `Você já tem ${existing.quantity} unidades. Adicionando ${quantity} ficaria ${total}, mas só há ${available} disponíveis.`,
        cause: 'stock',
      };
    }
    return { ok: true, lines: lines.map((l) => (l === existing ? { ...l, quantity: total } : l)) };
  }
  if (quantity > available) {
    return {
      ok: false,
      error: `Você solicitou ${quantity} unidades, mas só há ${available} disponíveis em estoque.`,
      cause: 'stock',
    };
  }
  return {
    ok: true,
    lines: [
      ...lines,
      {
        product_id: product.id,
        product_name: product.name,
        ...(product.size ? { product_size: product.size } : {}),
        ...(product.color ? { product_color: product.color } : {}),
        sku: product.sku,
        quantity,
        unit_price: product.sale_price,
      },
    ],
  };
}

export function changeQuantity(lines: CartLine[], productId: string, quantity: number, available: number): CartResult {
  if (!(quantity > 0)) return { ok: false, error: 'A quantidade deve ser maior que zero', cause: 'quantity' };
  if (quantity > available) {
    return {
      ok: false,
      error: `Você tentou alterar para ${quantity} unidades, mas só há ${available} disponíveis em estoque.`,
      cause: 'stock',
    };
  }
  return { ok: true, lines: lines.map((l) => (l.product_id === productId ? { ...l, quantity } : l)) };
}

export function removeLine(lines: CartLine[], productId: string): CartLine[] {
  return lines.filter((l) => l.product_id !== productId);
}

/** centavos before any discount */
export function lineGross(line: CartLine): number {
  return line.quantity * line.unit_price;
}

/** centavos off the line (its own discount) */
export function lineDiscount(line: CartLine): number {
  return discountCentavos(line.discount, lineGross(line));
}

/** The line after its own discount (the sale's discount is shown apart, in the summary). */
export function lineTotal(line: CartLine): number {
  return lineGross(line) - lineDiscount(line);
}

/** centavos the sale's own discount takes off what the lines cost after theirs. */
export function saleDiscountOf(lines: CartLine[], saleDiscount: DiscountInput | null): number {
  return discountCentavos(
    saleDiscount,
    lines.reduce((sum, l) => sum + lineTotal(l), 0),
  );
}

/** What the sale charges: the lines after their discounts, less the sale's discount. */
export function cartTotal(lines: CartLine[], saleDiscount: DiscountInput | null = null): number {
  return lines.reduce((sum, l) => sum + lineTotal(l), 0) - saleDiscountOf(lines, saleDiscount);
}

/** One due date per installment, 30 days times its number after today. */
export function dueDates(today: string, installments: number): string[] {
  return Array.from({ length: installments }, (_, i) => addDays(today, CREDIARIO_SPACING_DAYS * (i + 1)));
}

/** The installments actually charged (the server's own split): with the entrada they add up to the total. */
export function installmentAmounts(total: number, entrada: number, installments: number): number[] {
  return installmentParts(total, entrada, installments);
}

/** The plan as the summary and the toast say it: '6x de R$ 50,00' or '5x R$ 113,22 + 1x R$ 113,25'. */
export function installmentText(total: number, entrada: number, installments: number): string {
  return describeInstallments(installmentParts(total, entrada, installments));
}

export function entradaError(entrada: number, total: number): string | null {
  if (entrada > total) return 'O valor da entrada não pode ser maior que o total da venda.';
  if (entrada < 0) return 'O valor da entrada não pode ser negativo.';
  return null;
}

/** Why the sale cannot be finished yet, or null. */
export function finishError(hasCustomer: boolean, lines: CartLine[]): string | null {
  if (!hasCustomer) return 'Selecione um cliente antes de finalizar a venda';
  if (lines.length === 0) return 'Adicione pelo menos um produto antes de finalizar a venda';
  return null;
}

export interface FinishedSaleSummary {
  customerName: string;
  total: number;
  paymentMethod: SaleMethod;
  entrada?: number;
  installments?: number;
  /** A split payment: 'PIX R$ 50,00 + Dinheiro R$ 30,00'. */
  parts?: string | undefined;
  /** centavos of change given (cash), shown when > 0 */
  change?: number | undefined;
}

/** 'Venda finalizada! Cliente: Maria | Total: R$ 150,00 | Pagamento: Dinheiro' */
export function successMessage(s: FinishedSaleSummary): string {
  let payment: string = PAYMENT_METHOD_LABELS[s.paymentMethod];
  if (s.paymentMethod === 'crediario' && s.installments) {
    const entrada = s.entrada ?? 0;
    const parts = installmentText(s.total, entrada, s.installments);
    payment = entrada > 0 ? `Entrada R$ ${formatDecimal(entrada)} + ${parts}` : `Crediário ${parts}`;
  }
  if (s.parts) payment = s.parts;
  const change = s.change ? ` | Troco: R$ ${formatDecimal(s.change)}` : '';
  return `Venda finalizada! Cliente: ${s.customerName} | Total: R$ ${formatDecimal(s.total)} | Pagamento: ${payment}${change}`;
}

/** A product whose price the server says changed (409 PRICE_CHANGED details), centavos. */
export interface PriceChange {
  product_id: string;
  current_price_centavos: number;
}

/** The lines at the server's current prices (quantities as they were). */
export function applyPriceChanges(lines: CartLine[], changes: readonly PriceChange[]): CartLine[] {
  const price = new Map(changes.map((c) => [c.product_id, c.current_price_centavos]));
  return lines.map((l) => (price.has(l.product_id) ? { ...l, unit_price: price.get(l.product_id)! } : l));
}
