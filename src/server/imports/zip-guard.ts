// An XLSX is a zip: before the sheet reader opens it, every part is unpacked once and
// thrown away, counting bytes, so a file that expands past IMPORT_MAX_UNZIPPED_BYTES (a
// zip bomb) is refused before anything holds it. yauzl checks each part's real size
// against the size its header declares, so a part cannot lie its way past the count.
import yauzl from 'yauzl';
import { FILE_MESSAGES, fileRefused, IMPORT_MAX_UNZIPPED_BYTES } from './limits';

class TooBig extends Error {}

/** Refuses (400) a zip that is broken, is not an XLSX workbook, or unpacks past `maxBytes`. */
export async function checkXlsxZip(path: string, maxBytes = IMPORT_MAX_UNZIPPED_BYTES): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, validateEntrySizes: true }, (err, file) =>
        err || !file ? reject(err ?? new Error('zip')) : resolve(file),
      ),
    );
  } catch {
    throw fileRefused(FILE_MESSAGES.brokenXlsx);
  }
  let total = 0;
  let workbook = false;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName === 'xl/workbook.xml') workbook = true;
        total += entry.uncompressedSize;
        if (total > maxBytes) return reject(new TooBig());
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('zip'));
          let read = 0;
          stream.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > entry.uncompressedSize) stream.destroy(new TooBig());
          });
          stream.on('error', reject);
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  } catch (err) {
    throw fileRefused(err instanceof TooBig ? FILE_MESSAGES.zipBomb : FILE_MESSAGES.brokenXlsx);
  } finally {
    zip.close();
  }
  if (!workbook) throw fileRefused(FILE_MESSAGES.notSpreadsheet);
}
