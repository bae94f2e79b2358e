// A spreadsheet file, whatever its kind: what its first bytes say it is (an XLSX zip, an
// old .xls, something that is not text, or CSV text), then its rows one at a time, each
// with its line as the spreadsheet numbers it (the header is line 1). Rows past the limits
// stop the reading with a pt-BR sentence.
import { open } from 'node:fs/promises';
import { readCsv } from './csv-read';
import { FILE_MESSAGES, fileRefused, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, type SheetRow } from './limits';
import { readXlsx } from './xlsx-read';

export type { SheetRow };

export type SheetKind = 'xlsx' | 'csv';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

const startsWith = (head: Uint8Array, magic: readonly number[]) => magic.every((b, i) => head[i] === b);

/** What kind of spreadsheet the first bytes say a file is; refuses what is none. */
export function sheetKindOf(head: Uint8Array): SheetKind {
  if (head.length === 0) throw fileRefused(FILE_MESSAGES.empty);
  if (startsWith(head, ZIP)) return 'xlsx';
  if (startsWith(head, OLE)) throw fileRefused(FILE_MESSAGES.oldExcel);
  const utf16 = head[0] === 0xff && head[1] === 0xfe;
  // Text has no NUL bytes (UTF-16 aside) and few other control bytes.
  let control = 0;
  for (const byte of head) {
    if (byte === 0 && !utf16) throw fileRefused(FILE_MESSAGES.notSpreadsheet);
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) control++;
  }
  if (!utf16 && control > head.length / 100) throw fileRefused(FILE_MESSAGES.notSpreadsheet);
  return 'csv';
}

async function headOf(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** The file's rows, empty ones left out, within IMPORT_MAX_ROWS and IMPORT_MAX_COLUMNS. */
export async function* readSheet(path: string): AsyncGenerator<SheetRow> {
  const kind = sheetKindOf(await headOf(path));
  const rows = kind === 'xlsx' ? readXlsx(path) : readCsv(path);
  for await (const row of rows) {
    if (row.line > IMPORT_MAX_ROWS) throw fileRefused(FILE_MESSAGES.tooManyRows);
    const cells = row.cells.slice(0, IMPORT_MAX_COLUMNS);
    if (cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''))) continue;
    yield { line: row.line, cells };
  }
}
