// Spreadsheet files for the import tests, made as offices make them: CSV saved by Excel in
// pt-BR (Windows-1252, ';', no BOM), UTF-8 CSV, and XLSX written by exceljs.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';

/** Each character of `text` as one Windows-1252 byte (Latin-1 covers the letters of Portuguese). */
export function windows1252(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

/** CSV text from rows: ';' between cells, CRLF, cells quoted when they need it. */
export function csvText(rows: readonly (readonly (string | number)[])[], separator = ';'): string {
  const cell = (v: string | number) => {
    const s = String(v);
    return s.includes(separator) || s.includes('"') || /[\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return rows.map((r) => r.map(cell).join(separator)).join('\r\n') + '\r\n';
}

/** As Excel in pt-BR saves 'CSV (separado por vírgulas)': Windows-1252, ';'. */
export const excelCsv = (rows: readonly (readonly (string | number)[])[]) => windows1252(csvText(rows));

/** An XLSX of one sheet with `rows` (cells as exceljs takes them: text, numbers, Dates, {formula, result}). */
export async function xlsxOf(rows: readonly (readonly unknown[])[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Planilha1');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Writes `bytes` to a new temporary file; its path. */
export async function tempFile(bytes: Buffer | string, name = 'planilha'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'balcao-import-test-'));
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}
