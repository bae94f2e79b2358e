// EAN-13 and EAN-8 symbols as modules ('1' bar, '0' space), per GS1: guard 101, the left
// half in sets L and G (EAN-13: the first digit is not drawn, it chooses which of L and G
// each of the next six digits takes), centre guard 01010, the right half in set R,
// guard 101. The code must carry its check digit (gtin.ts).
import { isValidGtin } from '../gtin';
import { BarcodeError } from './barcode-error';

/** Set L, digits 0-9 (7 modules each). Set R is its complement; set G is R reversed. */
const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const R = L.map((code) => [...code].map((m) => (m === '1' ? '0' : '1')).join(''));
const G = R.map((code) => [...code].reverse().join(''));
/** For EAN-13, the sets of digits 2-7 by the first digit. */
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

const EDGE_GUARD = '101';
const CENTRE_GUARD = '01010';

/** Quiet zones in modules, left and right (GS1 General Specifications). */
export const EAN13_QUIET_ZONE_MODULES = { left: 11, right: 7 } as const;
export const EAN8_QUIET_ZONE_MODULES = { left: 7, right: 7 } as const;

function check(code: string, length: 8 | 13): number[] {
  if (!new RegExp(`^\\d{${length}}$`).test(code)) throw new BarcodeError(`EAN-${length}: use ${length} dígitos.`);
  if (!isValidGtin(code)) throw new BarcodeError(`EAN-${length} ${code}: o dígito verificador não confere.`);
  return [...code].map(Number);
}

/** The symbol of the two halves: guards around them, the left half drawn by `setOf` (digit index), the right in R. */
function symbolOf(left: number[], setOf: (i: number) => string[], right: number[]): string {
  const half = (digits: number[], set: (i: number) => string[]) => digits.map((d, i) => set(i)[d]).join('');
  return `${EDGE_GUARD}${half(left, setOf)}${CENTRE_GUARD}${half(right, () => R)}${EDGE_GUARD}`;
}

/** The 95 modules of an EAN-13 symbol. */
export function ean13Modules(code: string): string {
  const [first, ...rest] = check(code, 13);
  const sets = PARITY[first!]!;
  return symbolOf(rest.slice(0, 6), (i) => (sets[i] === 'L' ? L : G), rest.slice(6));
}

/** The 67 modules of an EAN-8 symbol. */
export function ean8Modules(code: string): string {
  const digits = check(code, 8);
  return symbolOf(digits.slice(0, 4), () => L, digits.slice(4));
}
