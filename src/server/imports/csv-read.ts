// CSV as offices save it: UTF-8 with or without a BOM, UTF-16 (Excel's 'Texto Unicode'),
// or Windows-1252 (Excel in pt-BR's plain 'CSV'), the separator ';', ',' or tab found on
// the header line, quoted cells with line breaks (RFC 4180). Streamed: one row at a time.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import type { Cell } from '../../shared/import/cells';
import { FILE_MESSAGES, fileRefused, type SheetRow } from './limits';

const HEAD_BYTES = 64 * 1024;

export type TextEncoding = 'utf-8' | 'utf-16le' | 'windows-1252';

/** The encoding of a text file from its first bytes: a BOM says; else valid UTF-8 is UTF-8; else Windows-1252. */
export function detectEncoding(head: Uint8Array): { encoding: TextEncoding; bomBytes: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bomBytes: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomBytes: 2 };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return { encoding: 'utf-8', bomBytes: 0 };
  } catch {
    return { encoding: 'windows-1252', bomBytes: 0 };
  }
}

/** The separator of the first line (outside quotes): the most frequent of ';', ',' and tab; ';' on a tie or none. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ';';
  for (const [sep, n] of counts) if (n > counts.get(best)!) best = sep;
  return best;
}

/** Bytes to text in `encoding`, across chunk boundaries; UTF-8 that stops being UTF-8 is refused. */
function decoding(encoding: TextEncoding): Transform {
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  const fail = () => fileRefused(FILE_MESSAGES.mixedEncoding);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        done(null, decoder.decode(chunk, { stream: true }));
      } catch {
        done(fail());
      }
    },
    flush(done) {
      try {
        done(null, decoder.decode());
      } catch {
        done(fail());
      }
    },
  });
}

async function readHead(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** The rows of a CSV file; the first is line 1 (a quoted cell's line breaks do not start a row). */
export async function* readCsv(path: string): AsyncGenerator<SheetRow> {
  const head = await readHead(path);
  const { encoding, bomBytes } = detectEncoding(head);
  const headText = new TextDecoder(encoding).decode(head.subarray(bomBytes));
  const parser = parse({
    delimiter: detectDelimiter(headText),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: 1024 * 1024,
  });
  const source = createReadStream(path, { start: bomBytes });
  const decoder = decoding(encoding);
  source.on('error', (err) => parser.destroy(err));
  decoder.on('error', (err) => parser.destroy(err));
  source.pipe(decoder).pipe(parser);
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line++;
      yield { line, cells: record.map((text): Cell => (text === '' ? null : text)) };
    }
  } catch (err) {
    if ((err as { code?: unknown }).code?.toString().startsWith('CSV_'))
      throw fileRefused(FILE_MESSAGES.brokenCsv(line + 1));
    throw err;
  } finally {
    source.destroy();
    parser.destroy();
  }
}
