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

/** What a person may type around an amount: the currency sign and spaces (NBSP included). */
const CURRENCY_PREFIX = /^R\$\s*/i;
const GROUPED = /^\d{1,3}(?:\.\d{3})+$/; // 1.234 or 1.234.567: '.' as thousands separator
const GROUPED_COMMA = /^\d{1,3}(?:,\d{3})+$/; // 1,234.56 as typed in en-US

function centavosOf(integer: string, fraction: string): number | null {
  if (!/^\d*$/.test(integer) || !/^\d{1,2}$/.test(fraction === '' ? '0' : fraction)) return null;
  const value = Number(integer || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * An amount typed by a person, in integer centavos; null when it is not one.
 * Brazilian first, whatever the browser's language: '119,90', '1.234,56', 'R$ 1.234,56'
 * and '1.234' (one thousand two hundred thirty-four) as written here; '119.90' and
 * '1,234.56' as an en-US keyboard writes them. Rules: with both '.' and ',' the last one
 * is the decimal mark; a lone ',' is decimal; a lone '.' followed by exactly one or two
 * digits is decimal, otherwise it separates thousands (in groups of three). More than two
 * decimals, signs, letters and other separators are refused.
 */
export function parseMoneyInput(text: string): number | null {
  const raw = text.trim().replace(CURRENCY_PREFIX, '');
  if (raw === '' || !/^[\d.,]+$/.test(raw) || !/\d/.test(raw)) return null;
  const lastDot = raw.lastIndexOf('.');
  const lastComma = raw.lastIndexOf(',');

  if (lastDot >= 0 && lastComma >= 0) {
    const decimalAt = Math.max(lastDot, lastComma);
    const integer = raw.slice(0, decimalAt);
    const fraction = raw.slice(decimalAt + 1);
    const grouping = lastComma > lastDot ? GROUPED : GROUPED_COMMA;
    if (fraction === '' || !grouping.test(integer)) return null;
    return centavosOf(integer.replace(/[.,]/g, ''), fraction);
  }
  if (lastComma >= 0) {
    const [integer = '', fraction = '', extra] = raw.split(',');
    if (extra !== undefined || fraction === '') return null;
    return centavosOf(integer, fraction);
  }
  if (lastDot >= 0) {
    const parts = raw.split('.');
    if (parts.length === 2 && /^\d{1,2}$/.test(parts[1]!)) return centavosOf(parts[0]!, parts[1]!);
    return GROUPED.test(raw) ? centavosOf(raw.replace(/\./g, ''), '') : null;
  }
  return centavosOf(raw, '');
}
