// A spreadsheet sent as the request's raw body, written to a temporary file as it arrives
// (never whole in memory), its SHA-256 taken on the way, refused past IMPORT_MAX_BYTES.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_MESSAGES, fileRefused, IMPORT_MAX_BYTES } from './limits';

export interface Upload {
  path: string;
  /** hex SHA-256 of the bytes */
  sha256: string;
  bytes: number;
}

class TooBig extends Error {}

/** Runs `use` with the body saved in a temporary file, removed afterwards whatever happens. */
export async function withUpload<T>(
  body: Readable,
  declaredBytes: number | undefined,
  use: (upload: Upload) => Promise<T>,
  maxBytes = IMPORT_MAX_BYTES,
): Promise<T> {
  // A body a parser already read (JSON) is no file, and its stream will not end again.
  if (body.readableEnded) throw fileRefused(FILE_MESSAGES.notSpreadsheet);
  if (declaredBytes !== undefined && declaredBytes > maxBytes) {
    body.resume();
    throw fileRefused(FILE_MESSAGES.tooBig);
  }
  const dir = await mkdtemp(join(tmpdir(), 'balcao-import-'));
  try {
    const path = join(dir, 'planilha');
    const hash = createHash('sha256');
    let bytes = 0;
    const counting = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        if (bytes > maxBytes) return done(new TooBig());
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, counting, createWriteStream(path));
    } catch (err) {
      if (err instanceof TooBig) throw fileRefused(FILE_MESSAGES.tooBig);
      throw err;
    }
    if (bytes === 0) throw fileRefused(FILE_MESSAGES.empty);
    return await use({ path, sha256: hash.digest('hex'), bytes });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
