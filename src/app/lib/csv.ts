// CSV files that Excel opens correctly in Brazil: ';' between cells (the list separator of
// a pt-BR Windows), decimal comma, UTF-8 with a BOM (without it Excel reads the bytes as
// Windows-1252 and 'Ação' turns into 'AÃ§Ã£o'), CRLF line ends, dates dd/MM/yyyy, and a
// cell quoted when it holds ';', '"' or a line break (RFC 4180, '"' doubled).
import { formatDate } from '../../shared/dates';
import { foldText } from '../../shared/text';

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
const LINE_END = '\r\n';

/** A cell written as it is (a number or date already in Excel's pt-BR form). */
export interface CsvLiteral {
  readonly csv: string;
}

/** Text (guarded against formulas), a plain number, a literal, or empty. */
export type CsvCell = string | number | CsvLiteral | null | undefined;
export type CsvRow = readonly CsvCell[];

/** Integer centavos as reais with a decimal comma and no thousands mark: 123456 => 1234,56. */
export function csvMoney(centavos: number): CsvLiteral {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(Math.round(centavos));
  return { csv: `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}` };
}

/** A number with `decimals` places and a decimal comma: 12.5 => 12,50 (percentages, ratios). */
export function csvDecimal(value: number, decimals = 2): CsvLiteral {
  const fixed = (Object.is(value, -0) ? 0 : value).toFixed(decimals);
  return { csv: (fixed.startsWith('-') && Number(fixed) === 0 ? fixed.slice(1) : fixed).replace('.', ',') };
}

/** 'YYYY-MM-DD' (or an ISO timestamp, on its São Paulo day) as dd/MM/yyyy. */
export function csvDate(value: string): CsvLiteral {
  return { csv: formatDate(value) };
}

// A text starting with one of these is a formula to Excel (CSV injection): it is written
// with a leading apostrophe, as OWASP advises, so it stays text.
const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return '';
    return Number.isInteger(cell) ? String(cell) : String(cell).replace('.', ',');
  }
  if (typeof cell === 'object') return cell.csv;
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

function quoted(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The file's text, BOM included. */
export function toCsv(rows: readonly CsvRow[]): string {
  return (
    CSV_BOM + rows.map((row) => row.map((cell) => quoted(cellText(cell))).join(CSV_SEPARATOR)).join(LINE_END) + LINE_END
  );
}

/** A file name without characters Windows refuses, ending in .csv. */
export function csvFileName(base: string): string {
  const safe = foldText(base)
    .replace(/[^\w.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return `${safe || 'exportacao'}.csv`;
}

/** Hands the rows to the browser as a download named `fileName`. */
export function downloadCsv(fileName: string, rows: readonly CsvRow[]): void {
  const blob = new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
