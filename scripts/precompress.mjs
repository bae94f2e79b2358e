// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file
// of the built app, once at build time, so the server sends compressed files without
// compressing on each request (src/server/http/static.ts picks the one the browser takes).
// Source maps are left alone (only developer tools fetch them). Every text file gets both
// copies, however small: the server then never falls back to compressing on the fly.
// Used by vite.config.ts after the service worker is written; by hand:
//   node scripts/precompress.mjs dist
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Compresses every text file under `dir`; returns the bytes before and after (brotli).
 * @param {string} dir
 * @returns {{ files: number, raw: number, brotli: number, gzip: number }}
 */
export function precompressDir(dir) {
  const totals = { files: 0, raw: 0, brotli: 0, gzip: 0 };
  for (const path of filesUnder(dir)) {
    if (!TEXT.test(path)) continue;
    const content = readFileSync(path);
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gz = gzipSync(content, { level: 9 });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    totals.files += 1;
    totals.raw += content.length;
    totals.brotli += br.length;
    totals.gzip += gz.length;
  }
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist';
  const t = precompressDir(dir);
  console.log(
    `${t.files} arquivos: ${(t.raw / 1024).toFixed(0)} KB -> br ${(t.brotli / 1024).toFixed(0)} KB, gzip ${(t.gzip / 1024).toFixed(0)} KB`,
  );
}
