// Money is an integer of centavos everywhere but the JSON edge and the screen.
// The API speaks reais with two decimals; these are the only conversions.

/** Reais (as sent in JSON) to integer centavos. Rounds half away from zero on the third decimal. */
export function toCentavos(reais: number): number {
  const sign = reais < 0 ? -1 : 1;
  // toFixed(3) removes binary noise such as 1.005 => 1.00499999; then round the centavo.
  const scaled = Math.round(Number((Math.abs(reais) * 100).toFixed(3)));
  return sign * scaled || 0;
}

/** Integer centavos to reais for JSON. Exact for every safe integer. */
export function toReais(centavos: number): number {
  return Math.round(centavos) / 100;
}

/**
 * True when a number of reais has at most two decimals. Exact: c / 100 is the double
 * nearest to the decimal, which is also what JSON.parse gives for that decimal.
 */
export function hasAtMostTwoDecimals(reais: number): boolean {
  return Number.isFinite(reais) && Math.round(reais * 100) / 100 === reais;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const plain = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123456 => "R$ 1.234,56" (with the non-breaking space Intl uses). */
export function formatBRL(centavos: number): string {
  return brl.format(toReais(centavos));
}

/** 123456 => "1.234,56" */
export function formatDecimal(centavos: number): string {
  return plain.format(toReais(centavos));
}

/**
 * Splits `total` centavos into `count` parts whose sum is exactly `total`;
 * the remainder centavos go on the last part (DESIGN.md: crediário installments).
 */
export function splitCentavos(total: number, count: number): number[] {
  if (!Number.isInteger(total) || !Number.isInteger(count) || count < 1) {
    throw new RangeError('splitCentavos: total e count devem ser inteiros, count >= 1');
  }
  const base = Math.trunc(total / count);
  const parts = Array.from({ length: count }, () => base);
  parts[count - 1] = total - base * (count - 1);
  return parts;
}
