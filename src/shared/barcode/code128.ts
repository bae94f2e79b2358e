// Code 128 (ISO/IEC 15417) in subsets B (printable ASCII) and C (pairs of digits),
// switching to C where a run of digits makes the symbol shorter: at the start for 4 or
// more digits (or an all-digit even text), in the middle for 6 or more, at the end for 4
// or more (an odd run keeps its first digit in B). The check symbol is the start value
// plus each value times its position, mod 103.
import { BarcodeError } from './barcode-error';

/** Bar and space widths of each symbol value, bar first (11 modules; the stop 13). */
// prettier-ignore
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

export const CODE128 = { codeC: 99, codeB: 100, startB: 104, startC: 105, stop: 106 } as const;
export const CODE128_QUIET_ZONE_MODULES = 10;
export const CODE128_MESSAGES = {
  empty: 'Código 128: informe o texto do código.',
  charset: 'Código 128: use letras sem acento, números, espaço e símbolos do teclado.',
} as const;

/** Digits in a row from `at`. */
function digitRun(text: string, at: number): number {
  let end = at;
  while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
  return end - at;
}

/** The symbol values: start, data (with subset switches), check, stop. */
export function code128Values(text: string): number[] {
  if (text === '') throw new BarcodeError(CODE128_MESSAGES.empty);
  if (!/^[\x20-\x7e]+$/.test(text)) throw new BarcodeError(CODE128_MESSAGES.charset);

  const leading = digitRun(text, 0);
  let subset: 'B' | 'C' = leading >= 4 || (leading === text.length && leading % 2 === 0) ? 'C' : 'B';
  const values: number[] = [subset === 'C' ? CODE128.startC : CODE128.startB];
  let at = 0;
  while (at < text.length) {
    const run = digitRun(text, at);
    if (subset === 'C') {
      if (run >= 2) {
        values.push(Number(text.slice(at, at + 2)));
        at += 2;
        continue;
      }
      values.push(CODE128.codeB);
      subset = 'B';
    }
    const worthC = run >= 6 || (run >= 4 && at + run === text.length);
    if (worthC && run % 2 === 0) {
      values.push(CODE128.codeC);
      subset = 'C';
      continue;
    }
    values.push(text.charCodeAt(at) - 32);
    at++;
  }
  const check = values.reduce((sum, value, i) => sum + value * Math.max(i, 1), 0) % 103;
  return [...values, check, CODE128.stop];
}

/** The symbol as modules ('1' bar, '0' space), without quiet zones. */
export function code128Modules(text: string): string {
  return code128Values(text)
    .map((value) => [...PATTERNS[value]!].map((width, i) => (i % 2 === 0 ? '1' : '0').repeat(Number(width))).join(''))
    .join('');
}
