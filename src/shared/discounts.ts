// Discounts per line and per sale, in centavos: the one arithmetic the till and the server
// apply. A line's discount comes off its quantity × unit_price; the sale's is shared out
// over the lines in proportion to what each still costs (largest remainders, so the shares
// add up to the centavo). A cashier (role user) may give at most the store's limit, in
// percent of what is discounted: per line, and the line discounts plus the sale's over the
// whole sale's gross. An admin has no limit.

export const LINE_DISCOUNT_TOO_HIGH = 'O desconto não pode ser maior que o valor do item.';
export const SALE_DISCOUNT_TOO_HIGH = 'O desconto não pode ser maior que o total da venda.';

/** The sentence that refuses a discount over the cashier's limit (the till's and the server's 409). */
export const discountOverLimit = (limit: number) =>
  `Desconto acima do limite do caixa: no máximo ${limit}%. Só um administrador pode dar um desconto maior.`;

/** A discount as the cashier typed it: an amount, or a percent in hundredths (550 = 5,5%). */
export type DiscountInput = { mode: 'amount'; centavos: number } | { mode: 'percent'; hundredths: number };

/**
 * The centavos a typed discount takes off `base`. A percent is rounded down, so the
 * centavos never pass the percent typed (10% of R$ 9,99 is R$ 0,99), within any limit it meets.
 */
export function discountCentavos(input: DiscountInput | null | undefined, base: number): number {
  if (!input) return 0;
  if (input.mode === 'amount') return input.centavos;
  return Math.floor((base * input.hundredths) / 10_000);
}

export interface DiscountedLine {
  gross: number;
  discount: number;
  total: number;
}

/** Each line's charged total after its own discount and its share of `saleDiscount`. */
export function shareDiscount(
  lines: readonly { gross: number; discount: number }[],
  saleDiscount: number,
): DiscountedLine[] {
  const out = lines.map((l) => ({ gross: l.gross, discount: l.discount, total: l.gross - l.discount }));
  const net = out.reduce((s, l) => s + l.total, 0);
  if (saleDiscount <= 0 || net <= 0) return out;
  // Largest remainders: floor shares, then one centavo more to the largest remainders.
  const exact = out.map((l) => (saleDiscount * l.total) / net);
  const shares = exact.map(Math.floor);
  let left = saleDiscount - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  out.forEach((l, i) => (l.total -= shares[i]!));
  return out;
}

/** Whether a cashier limited to `limit` percent may give these discounts (integers: exact). */
export function withinLimit(
  lines: readonly { gross: number; discount: number }[],
  saleDiscount: number,
  limit: number,
): boolean {
  if (lines.some((l) => l.discount * 100 > limit * l.gross)) return false;
  const gross = lines.reduce((s, l) => s + l.gross, 0);
  const given = lines.reduce((s, l) => s + l.discount, 0) + saleDiscount;
  return given * 100 <= limit * gross;
}

/** '5,5%' or 'R$ 1,00' as the till shows a typed discount. */
export function percentText(hundredths: number): string {
  return `${(hundredths / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
}

/** A percent as typed ('5', '5,5', '12.25') in hundredths, or null when it is not one in 0..100. */
export function parsePercentInput(text: string): number | null {
  const t = text.trim().replace('%', '').trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return null;
  const hundredths = Math.round(Number(t) * 100);
  return hundredths <= 10_000 ? hundredths : null;
}
