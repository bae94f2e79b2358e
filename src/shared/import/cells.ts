// What a spreadsheet cell holds, read as Brazilian offices write it: numbers with a
// decimal comma or point and thousands marks ('1.234,56', '1,234.56', '12,5'), '-' for
// zero (Excel's accounting format), dates dd/mm/aaaa (or aaaa-mm-dd, or the date an XLSX
// cell carries), 'Sim'/'Não', 'Ativo'/'Inativo'. Each reader answers the value or the
// pt-BR words of why not, and an empty cell is `null` (the field is not in the row).
import { isValidDocument, stripDocument } from '../documents';
import { isIsoDate } from '../dates';
import { parseGtin } from '../gtin';
import { foldText } from '../text';

/** A formula kept as written (an XLSX formula cell, or CSV text starting with '='). */
export interface FormulaCell {
  formula: string;
}

/** A cell as the file reader hands it over. */
export type Cell = string | number | boolean | Date | FormulaCell | null;

export type Read<T> = { ok: true; value: T | null } | { ok: false; reason: string };

const ok = <T>(value: T | null): Read<T> => ({ ok: true, value });
const no = (reason: string): Read<never> => ({ ok: false, reason });

export const isFormula = (cell: Cell): cell is FormulaCell =>
  typeof cell === 'object' && cell !== null && !(cell instanceof Date);

/** The cell as the person sees it in the sheet (for error messages and text fields). */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return isoDay(cell).split('-').reverse().join('/');
  if (isFormula(cell)) return `=${cell.formula}`;
  if (typeof cell === 'boolean') return cell ? 'Sim' : 'Não';
  if (typeof cell === 'number') return String(cell).replace('.', ',');
  // Excel's text marker (and what Balcão's export puts before a text that looks like a formula).
  return cell.startsWith("'") ? cell.slice(1).trim() : cell.trim();
}

/** A day of an XLSX date cell (stored as UTC midnight of the day typed). */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const isEmpty = (cell: Cell) => cell === null || (typeof cell === 'string' && cellText(cell) === '');

/** Why a formula is refused: the value a person sees is not in the file. */
export const FORMULA_REASON = 'é uma fórmula: copie e cole só os valores (Colar especial > Valores)';

/** Text: trimmed, Excel's leading apostrophe dropped; a formula is refused. */
export function readText(cell: Cell): Read<string> {
  if (isFormula(cell) || (typeof cell === 'string' && cell.trim().startsWith('='))) return no(FORMULA_REASON);
  const text = cellText(cell);
  return text === '' ? ok(null) : ok(text);
}

const DASHES = /^[-–—]$/;

/**
 * A decimal number written the Brazilian way or the other: the last ',' or '.' followed
 * by 1 or 2 digits (or any count when it is the only mark and not a thousands group) is
 * the decimal mark; the other is a thousands mark. 'R$', '%' and spaces are dropped;
 * '-' alone is zero. Answers the number scaled by 10^decimals as an exact integer.
 */
export function readScaled(cell: Cell, decimals: number): Read<number> {
  if (isFormula(cell)) return no(FORMULA_REASON);
  if (isEmpty(cell)) return ok(null);
  if (typeof cell === 'number') {
    const scaled = Math.round(cell * 10 ** decimals);
    if (!Number.isSafeInteger(scaled) || Math.abs(cell * 10 ** decimals - scaled) > 1e-6)
      return no(notNumber(decimals));
    return ok(scaled);
  }
  if (typeof cell !== 'string') return no(notNumber(decimals));
  const text = cellText(cell).replace(/R\$|%|\s/g, '');
  if (DASHES.test(text)) return ok(0);
  const match = /^([+-]?)([\d.,]+)$/.exec(text);
  if (!match) return no(notNumber(decimals));
  const [, sign, body] = match as unknown as [string, string, string];
  const split = splitDecimal(body);
  if (!split) return no(notNumber(decimals));
  const [whole, fraction] = split;
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals))) return no(tooManyDecimals(decimals));
  const digits = `${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}`.replace(/^0+(?=\d)/, '');
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) return no(notNumber(decimals));
  return ok(sign === '-' && value !== 0 ? -value : value);
}

const GROUPED = (mark: '.' | ',') => new RegExp(`^\\d{1,3}(\\${mark}\\d{3})+$`);

/**
 * [whole digits, fraction digits] of '1.234,56', '1,234.56', '12,5', '12.5', '1.234' or
 * null. With both marks the last one is the decimal mark; a mark repeated is a thousands
 * mark; a lone ',' is decimal; a lone '.' is decimal unless exactly three digits follow
 * it ('1.234' is a thousand two hundred and thirty-four, as in Brazil).
 */
function splitDecimal(body: string): [string, string] | null {
  const commas = body.split(',').length - 1;
  const dots = body.split('.').length - 1;
  if (commas + dots === 0) return [body, ''];
  let decimal: '.' | ',' | null;
  if (commas > 0 && dots > 0) decimal = body.lastIndexOf(',') > body.lastIndexOf('.') ? ',' : '.';
  else if (commas > 1 || dots > 1) decimal = null;
  else if (commas === 1) decimal = ',';
  else decimal = /^\d{1,3}\.\d{3}$/.test(body) ? null : '.';
  if (decimal === null) {
    const mark = commas > 0 ? ',' : '.';
    return GROUPED(mark).test(body) ? [body.replaceAll(mark, ''), ''] : null;
  }
  const at = body.lastIndexOf(decimal);
  const whole = body.slice(0, at);
  const fraction = body.slice(at + 1);
  const thousands = decimal === ',' ? '.' : ',';
  if (!/^\d+$/.test(fraction) || whole.includes(decimal)) return null;
  if (whole.includes(thousands))
    return GROUPED(thousands).test(whole) ? [whole.replaceAll(thousands, ''), fraction] : null;
  return /^\d*$/.test(whole) ? [whole || '0', fraction] : null;
}

const notNumber = (decimals: number) => (decimals === 0 ? 'não é um número inteiro' : 'não é um valor');
const tooManyDecimals = (decimals: number) =>
  decimals === 0 ? 'não é um número inteiro' : `tem mais de ${decimals} casas decimais`;

/** Reais as integer centavos ('1.234,56' => 123456). */
export const readMoney = (cell: Cell): Read<number> => readScaled(cell, 2);

/** A whole quantity ('12', '1.200', '12,0'). */
export const readInteger = (cell: Cell): Read<number> => readScaled(cell, 0);

/**
 * A day as 'YYYY-MM-DD': dd/mm/aaaa (or dd/mm/aa, dd-mm-aaaa, dd.mm.aaaa), aaaa-mm-dd, or
 * an XLSX date cell. A day that does not exist (31/02) is refused.
 */
export function readDate(cell: Cell): Read<string> {
  if (isFormula(cell)) return no(FORMULA_REASON);
  if (isEmpty(cell)) return ok(null);
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? no(NOT_A_DATE) : ok(isoDay(cell));
  if (typeof cell !== 'string') return no(NOT_A_DATE);
  const text = cellText(cell);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return isIsoDate(text) ? ok(text) : no(NOT_A_DATE);
  const br = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text);
  if (!br) return no(NOT_A_DATE);
  const [, d, m, y] = br as unknown as [string, string, string, string];
  const year = y.length === 2 ? `20${y}` : y;
  const day = `${year}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isIsoDate(day) ? ok(day) : no(NOT_A_DATE);
}

const NOT_A_DATE = 'não é uma data (use dd/mm/aaaa)';

const YES = new Set(['sim', 's', 'ativo', 'ativa', 'true', 'verdadeiro', 'x', '1', 'yes']);
const NO = new Set(['nao', 'n', 'inativo', 'inativa', 'false', 'falso', '0', 'no']);

/** Sim/Não, Ativo/Inativo, 1/0. */
export function readBoolean(cell: Cell): Read<boolean> {
  if (isFormula(cell)) return no(FORMULA_REASON);
  if (typeof cell === 'boolean') return ok(cell);
  if (isEmpty(cell)) return ok(null);
  const word = foldText(cellText(cell));
  if (YES.has(word)) return ok(true);
  if (NO.has(word)) return ok(false);
  return no('não é Sim/Não (ou Ativo/Inativo)');
}

/** Excel's way of showing a long number in a 'Geral' cell: the digits past the sixth are lost. */
const SCIENTIFIC = /^\d+([.,]\d+)?E\+?\d+$/i;
const SCIENTIFIC_REASON = 'está em notação científica e perdeu dígitos: formate a coluna como Texto no Excel';

/** The digits of a number cell: a code typed in a number cell (its leading zeros gone). */
const digitsOf = (value: number) => (Number.isSafeInteger(value) && value >= 0 ? String(value) : null);

/** A barcode: a GTIN-8/12/13/14 with its check digit (src/shared/gtin.ts); empty or 'SEM GTIN' is none. */
export function readGtin(cell: Cell): Read<string> {
  if (isFormula(cell)) return no(FORMULA_REASON);
  const text = typeof cell === 'number' ? digitsOf(cell) : readText(cell).ok ? cellText(cell) : null;
  if (text === null) return no('não é um código de barras');
  if (DASHES.test(text)) return ok(null);
  if (SCIENTIFIC.test(text)) return no(SCIENTIFIC_REASON);
  const parsed = parseGtin(text);
  if (!parsed.ok)
    return no(`não é um código de barras válido (${parsed.message.replace(/^Código de barras inválido: /, '')})`);
  return ok(parsed.gtin);
}

/**
 * A CPF or CNPJ (the alphanumeric CNPJ too), bare. A number cell lost its leading zeros:
 * up to 11 digits it is a CPF, 12 to 14 a CNPJ.
 */
export function readDocument(cell: Cell): Read<string> {
  if (isFormula(cell)) return no(FORMULA_REASON);
  if (isEmpty(cell)) return ok(null);
  let bare: string;
  if (typeof cell === 'number') {
    const digits = digitsOf(cell);
    if (digits === null) return no(NOT_A_DOCUMENT);
    bare = digits.padStart(digits.length <= 11 ? 11 : 14, '0');
  } else {
    const text = cellText(cell);
    if (SCIENTIFIC.test(text)) return no(SCIENTIFIC_REASON);
    bare = stripDocument(text);
  }
  return isValidDocument(bare) ? ok(bare) : no(NOT_A_DOCUMENT);
}

const NOT_A_DOCUMENT = 'não é um CPF nem um CNPJ válido';
