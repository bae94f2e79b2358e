// The NF-e's values as the layout writes them, read exactly: decimals stay decimal
// strings (canonical: no leading or trailing zeros), money becomes integer centavos from
// the digits (never through a float), timestamps become ISO UTC.
import { isIsoDate } from '../../shared/dates';
import { NFE_MESSAGES, NfeParseError } from './nfe-errors';
import type { XmlElement } from './xml-tree';

/** Where a value comes from, to name it in a refusal. */
export interface FieldRef {
  path: string;
  item?: number;
}

const decimalPattern = (maxScale: number) => new RegExp(`^\\d{1,15}(?:\\.\\d{1,${maxScale}})?$`);
const PATTERNS = new Map<number, RegExp>();

function invalid(ref: FieldRef, value: string): NfeParseError {
  return new NfeParseError('INVALID_FIELD', NFE_MESSAGES.invalid(ref.path, value, ref.item), ref.path);
}

/** The trimmed text of a required element. */
export function requiredText(element: XmlElement | undefined, ref: FieldRef): string {
  const value = element?.text.trim();
  if (!value) throw new NfeParseError('MISSING_FIELD', NFE_MESSAGES.missing(ref.path, ref.item), ref.path);
  return value;
}

/** The trimmed text of an optional element; null when absent or empty. */
export function optionalText(element: XmlElement | undefined): string | null {
  const value = element?.text.trim();
  return value ? value : null;
}

/** '0012.5000' => '12.5'; refused beyond `maxScale` decimals, negative or not a number. */
export function decimalText(value: string, maxScale: number, ref: FieldRef): string {
  let pattern = PATTERNS.get(maxScale);
  if (!pattern) PATTERNS.set(maxScale, (pattern = decimalPattern(maxScale)));
  if (!pattern.test(value)) throw invalid(ref, value);
  const [integer = '0', fraction = ''] = value.split('.');
  const int = integer.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  return frac === '' ? int : `${int}.${frac}`;
}

/** '1234.5' => 123450 centavos; at most two decimals. */
export function centavosText(value: string, ref: FieldRef): number {
  if (!/^\d{1,13}(?:\.\d{1,2})?$/.test(value)) throw invalid(ref, value);
  const [integer = '0', fraction = ''] = value.split('.');
  return Number(integer) * 100 + Number(fraction.padEnd(2, '0'));
}

/** '2026-11-20T10:15:00-03:00' => '2026-11-20T13:15:00.000Z'. */
export function timestampText(value: string, ref: FieldRef): string {
  const match = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/.exec(value);
  const instant = Date.parse(value);
  if (!match || !isIsoDate(match[1]!) || Number.isNaN(instant)) throw invalid(ref, value);
  return new Date(instant).toISOString();
}

/** 'YYYY-MM-DD', a real date. */
export function dateText(value: string, ref: FieldRef): string {
  if (!isIsoDate(value)) throw invalid(ref, value);
  return value;
}

/** A whole number written in digits ('001' => 1). */
export function integerText(value: string, ref: FieldRef): number {
  if (!/^\d{1,15}$/.test(value)) throw invalid(ref, value);
  return Number(value);
}
