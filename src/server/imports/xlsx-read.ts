// XLSX through exceljs' streaming reader: the first worksheet, row by row, never the whole
// sheet in memory. A cell comes as the reader hands it: text (rich text joined), number,
// boolean, a Date for date cells, or the formula as written (refused where it is read:
// the value a person sees is not what the file keeps).
import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Cell } from '../../shared/import/cells';
import { FILE_MESSAGES, fileRefused, IMPORT_MAX_COLUMNS, type SheetRow } from './limits';
import { checkXlsxZip } from './zip-guard';

/** An exceljs cell value as a Cell. */
export function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.formula === 'string') return { formula: v.formula };
    if (typeof v.sharedFormula === 'string') return { formula: v.sharedFormula };
    if (Array.isArray(v.richText)) return v.richText.map((r: { text?: unknown }) => String(r.text ?? '')).join('');
    if (typeof v.text === 'string') return v.text;
    if (typeof v.error === 'string') return v.error;
  }
  return String(value as string);
}

/** The rows of the workbook's first worksheet, each with its row number. */
export async function* readXlsx(path: string): AsyncGenerator<SheetRow> {
  await checkXlsxZip(path);
  const source = createReadStream(path);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as unknown[]).slice(1, IMPORT_MAX_COLUMNS + 1);
        yield { line: row.number, cells: Array.from(values, cellOf) };
      }
      return;
    }
  } catch (err) {
    if (err instanceof Error && err.name === 'AppError') throw err;
    throw fileRefused(FILE_MESSAGES.brokenXlsx);
  } finally {
    source.destroy();
  }
}
