// A product's fiscal data read from a spreadsheet cell, refused with the contract's own
// reasons (contract/product-fiscal.ts). A code Excel kept as a number lost its leading
// zeros ('01012100' → 1012100): an NCM of 7 digits or a CEST of 6 is one of those, and
// gets its zero back (no valid code has that length).
import { z } from 'zod';
import { Cest, Cfop, CommercialUnit, CsosnField, fiscalDigits, Ncm } from '../../shared/contract/product-fiscal';
import { readText, type Read } from '../../shared/import/cells';
import type { CellReader } from './row-values';

const no = (reason: string) => ({ ok: false as const, reason });

/** The contract's message without its field's name, which the row's error already says. */
const reasonOf = (error: z.core.$ZodError) => (error.issues[0]?.message ?? 'inválido').replace(/^[^:]+:\s*/, '');

function code<T>(schema: z.core.$ZodType<T | null>, length?: number): CellReader<T> {
  return (cell) => {
    const read = readText(cell);
    if (!read.ok || read.value === null) return read as Read<T>;
    let text = read.value;
    if (length !== undefined && typeof cell === 'number' && fiscalDigits(text).length === length - 1) text = `0${text}`;
    const parsed = z.safeParse(schema, text);
    return parsed.success ? { ok: true, value: parsed.data } : no(reasonOf(parsed.error));
  };
}

export const ncmCell = code(Ncm, 8);
export const cestCell = code(Cest, 7);
export const cfopCell = code(Cfop);
export const csosnCell = code(CsosnField);
export const unitCell = code(CommercialUnit);

/** Origem as a digit 0-8, or as the table's text ('2 - Estrangeira...'). */
export const originCell: CellReader<number> = (cell) => {
  const read = readText(cell);
  if (!read.ok || read.value === null) return read as Read<number>;
  const digit = /^\s*(\d)(?:\s*(?:-|–|$))/.exec(read.value)?.[1];
  const origin = digit === undefined ? NaN : Number(digit);
  return origin >= 0 && origin <= 8 ? { ok: true, value: origin } : no('informe um número de 0 a 8');
};
