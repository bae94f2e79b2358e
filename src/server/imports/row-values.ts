// A spreadsheet row read into a kind's values: each mapped cell through its field's
// reader (src/shared/import/cells.ts plus the field's limits), and each refusal worded as
// the owner will look for it in the sheet: 'Linha 214, Preço: "12,5O" não é um valor'.
import {
  cellText,
  readBoolean,
  readDate,
  readDocument,
  readGtin,
  readInteger,
  readMoney,
  readText,
  type Cell,
  type Read,
} from '../../shared/import/cells';
import type { ImportField, Mapping } from '../../shared/import/fields';
import { controlCharsIssue } from '../../shared/text';
import type { ImportRowError } from '../../shared/contract';
import type { SheetRow } from './limits';

export type CellReader<T> = (cell: Cell) => Read<T>;

const no = (reason: string) => ({ ok: false as const, reason });

/** One line of text up to `max` characters (line breaks inside a cell become spaces). */
export const oneLine =
  (max: number): CellReader<string> =>
  (cell) => {
    const read = readText(cell);
    if (!read.ok || read.value === null) return read;
    const text = read.value.replace(/\s*[\r\n]+\s*/g, ' ');
    if (controlCharsIssue(text) !== null) return no('tem caracteres de controle');
    if (text.length > max) return no(`passa de ${max} caracteres`);
    return { ok: true, value: text };
  };

const atLeastZero =
  (reader: CellReader<number>): CellReader<number> =>
  (cell) => {
    const read = reader(cell);
    return read.ok && read.value !== null && read.value < 0 ? no('não pode ser negativo') : read;
  };

export const money = atLeastZero(readMoney);
export const quantity = atLeastZero(readInteger);
export const positiveQuantity: CellReader<number> = (cell) => {
  const read = readInteger(cell);
  return read.ok && read.value !== null && read.value < 1 ? no('deve ser maior que zero') : read;
};
export const positiveMoney: CellReader<number> = (cell) => {
  const read = readMoney(cell);
  return read.ok && read.value !== null && read.value <= 0 ? no('deve ser maior que zero') : read;
};
export { readBoolean as yesNo, readDate as day, readDocument as document, readGtin as gtin };

/** The message of a cell refused. */
export function cellError(line: number, label: string, cell: Cell, reason: string): ImportRowError {
  const shown = cellText(cell).replace(/\s+/g, ' ');
  const clipped = shown.length > 60 ? `${shown.slice(0, 57)}...` : shown;
  return { line, field: label, message: `Linha ${line}, ${label}: "${clipped}" ${reason}` };
}

/** The message of a row refused as a whole (or a field missing). */
export function rowError(line: number, message: string, field: string | null = null): ImportRowError {
  return { line, field, message: `Linha ${line}${field ? `, ${field}` : ''}: ${message}` };
}

/** A row's values by field (null: no column, or an empty cell) and its refusals. */
export function readRow<K extends string, V extends Record<K, unknown>>(
  row: SheetRow,
  fields: readonly (ImportField & { key: K })[],
  mapping: Mapping<K>,
  readers: { [F in K]: CellReader<V[F]> },
): { values: { [F in K]: V[F] | null }; errors: ImportRowError[] } {
  const values = {} as { [F in K]: V[F] | null };
  const errors: ImportRowError[] = [];
  for (const field of fields) {
    const column = mapping[field.key];
    const cell = column === null || column === undefined ? null : (row.cells[column] ?? null);
    const read = readers[field.key](cell);
    if (read.ok) values[field.key] = read.value;
    else {
      values[field.key] = null;
      errors.push(cellError(row.line, field.label, cell, read.reason));
    }
  }
  return { values, errors };
}
