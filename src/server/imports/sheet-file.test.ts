import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { readSheet } from './sheet-file';
import { csvText, excelCsv, tempFile, windows1252, xlsxOf } from './sheet-fixtures';
import { detectDelimiter, detectEncoding } from './csv-read';
import { FILE_MESSAGES } from './limits';
import { checkXlsxZip } from './zip-guard';

async function rowsOf(bytes: Buffer | string) {
  const out: { line: number; cells: unknown[] }[] = [];
  for await (const row of readSheet(await tempFile(bytes))) out.push(row);
  return out;
}

async function refusal(bytes: Buffer | string): Promise<string> {
  try {
    await rowsOf(bytes);
  } catch (err) {
    return (err as Error).message;
  }
  return 'lida';
}

describe('CSV as offices save it', () => {
  it("reads Excel pt-BR's Windows-1252 with ';'", async () => {
    const bytes = excelCsv([
      ['Código', 'Descrição', 'Preço'],
      ['C1', 'Calça jeans', '1.234,56'],
    ]);
    expect(bytes.includes(Buffer.from('Calça', 'utf8'))).toBe(false);
    expect(await rowsOf(bytes)).toEqual([
      { line: 1, cells: ['Código', 'Descrição', 'Preço'] },
      { line: 2, cells: ['C1', 'Calça jeans', '1.234,56'] },
    ]);
  });

  it('reads UTF-8 with a BOM, with commas, quoted line breaks and blank rows counted as lines', async () => {
    const text = `\uFEFF${csvText(
      [
        ['Código', 'Descrição', 'Preço'],
        ['C1', 'Blusa\r\nmanga longa', '12.5'],
        ['', '', ''],
        ['C2', 'Meia, par', '3'],
      ],
      ',',
    )}`;
    const rows = await rowsOf(text);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 4]);
    expect(rows[1]!.cells).toEqual(['C1', 'Blusa\r\nmanga longa', '12.5']);
    expect(rows[2]!.cells).toEqual(['C2', 'Meia, par', '3']);
  });

  it('detects encodings and separators', () => {
    expect(detectEncoding(windows1252('Calça')).encoding).toBe('windows-1252');
    expect(detectEncoding(Buffer.from('Calça')).encoding).toBe('utf-8');
    expect(detectEncoding(Buffer.from('\uFEFFCalça'))).toEqual({ encoding: 'utf-8', bomBytes: 3 });
    expect(detectDelimiter('a;b;"c,d"\n1,2')).toBe(';');
    expect(detectDelimiter('a,b,"c;d;e"')).toBe(',');
    expect(detectDelimiter('a\tb')).toBe('\t');
  });

  it('refuses UTF-8 that turns into Windows-1252 past the first block', async () => {
    const head = Buffer.from(`Código;Descrição\r\n${'X;Camiseta básica\r\n'.repeat(5000)}`, 'utf8');
    const tail = windows1252('Y;Calça\r\n');
    expect(await refusal(Buffer.concat([head, tail]))).toBe(FILE_MESSAGES.mixedEncoding);
  });
});

describe('XLSX', () => {
  it('reads the first sheet row by row: numbers, dates, rich text and formulas kept as formulas', async () => {
    const bytes = await xlsxOf([
      ['Código', 'Descrição', 'Preço', 'Vencimento'],
      ['C1', 'Calça', 12.5, new Date(Date.UTC(2026, 0, 5))],
      [],
      ['C2', { richText: [{ text: 'Blu' }, { text: 'sa' }] }, { formula: 'C2*2', result: 25 }, '05/01/2026'],
    ]);
    const rows = await rowsOf(bytes);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 4]);
    expect(rows[1]!.cells).toEqual(['C1', 'Calça', 12.5, new Date(Date.UTC(2026, 0, 5))]);
    expect(rows[2]!.cells).toEqual(['C2', 'Blusa', { formula: 'C2*2' }, '05/01/2026']);
  });
});

function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

describe('files that are not spreadsheets', () => {
  it.each([
    ['empty', Buffer.alloc(0), FILE_MESSAGES.empty],
    [
      'a PNG',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      FILE_MESSAGES.notSpreadsheet,
    ],
    ['an old .xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), FILE_MESSAGES.oldExcel],
    ['a cut zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), FILE_MESSAGES.brokenXlsx],
  ])('refuses %s', async (_name, bytes, message) => {
    expect(await refusal(bytes)).toBe(message);
  });

  it('refuses a zip that is not a workbook', async () => {
    expect(await refusal(await zipOf({ 'leia-me.txt': Buffer.from('oi') }))).toBe(FILE_MESSAGES.notSpreadsheet);
  });

  it('refuses a zip bomb before reading it', async () => {
    const bomb = await zipOf({ 'xl/workbook.xml': Buffer.from('<workbook/>'), 'xl/x.xml': Buffer.alloc(4 << 20) });
    expect(bomb.length).toBeLessThan(64 * 1024);
    const path = await tempFile(bomb);
    await expect(checkXlsxZip(path, 1 << 20)).rejects.toThrow(FILE_MESSAGES.zipBomb);
    await expect(checkXlsxZip(path, 8 << 20)).resolves.toBeUndefined();
  });
});
