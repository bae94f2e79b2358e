// Crediário credit (DESIGN.md, Counter rules): a customer may owe at most their credit
// limit in open crediário (their own, else the store's default; 0 or none: no limit). A
// crediário sale that would take them over it is refused at the till and, online, by the
// server (409) with the figures; an admin may sell over it; an offline sale over it is
// recorded with a credit conflict. 'Esta venda' is what the sale finances: total - entrada.
import { formatBRL } from './money';

/** The limit that holds for a customer (centavos), or null when there is none. */
export function creditLimitOf(customerLimit: number | null | undefined, storeDefault: number): number | null {
  const limit = customerLimit ?? storeDefault;
  return limit > 0 ? limit : null;
}

/** Whether financing `sale` more on top of `open` passes `limit` (null: no limit). */
export function overCreditLimit(limit: number | null, open: number, sale: number): boolean {
  return limit !== null && open + sale > limit;
}

/** 'Limite de crédito: R$ 1.000,00; em aberto: R$ 850,00; esta venda: R$ 300,00' */
export function creditFigures(limit: number, open: number, sale: number): string {
  return `Limite de crédito: ${formatBRL(limit)}; em aberto: ${formatBRL(open)}; esta venda: ${formatBRL(sale)}`;
}

/** The till's and the server's refusal: the figures, then who may go on. */
export function creditOverLimit(limit: number, open: number, sale: number): string {
  return `${creditFigures(limit, open, sale)}. Só um administrador pode vender acima do limite.`;
}
