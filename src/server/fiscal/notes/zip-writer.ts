// A ZIP written as its entries come, to a stream: each entry deflated on its own (an XML of
// a few KB), its local header and data written at once, and only the central directory's
// records (some 100 bytes an entry) kept until the end. `add` waits while the stream is
// full, so a slow download holds the reader back instead of filling memory. ZIP64's end
// records are written when the entries pass 65,535; each entry and the whole archive stay
// under 4 GB (a month of XML is megabytes).
import type { Writable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';

const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
const ZIP_VERSION = 20;
const ZIP64_VERSION = 45;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;

/** MS-DOS time and date of an instant, in UTC (what the archive's readers show). */
function dosTime(at: Date): { time: number; date: number } {
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
  const date = ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  return { time, date };
}

export class ZipWriter {
  private offset = 0;
  private readonly central: Buffer[] = [];
  private entries = 0;

  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (this.out.write(chunk)) return;
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        this.out.off('drain', done);
        this.out.off('close', closed);
        this.out.off('error', done);
        if (error) reject(error);
        else resolve();
      };
      const closed = () => done(new Error('ZIP: a saída foi fechada antes do fim.'));
      this.out.once('drain', done);
      this.out.once('close', closed);
      this.out.once('error', done);
    });
  }

  /** Adds one file: its name (UTF-8, '/' between folders), its bytes and its time. */
  async add(name: string, content: string | Buffer, at = new Date()): Promise<void> {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const { time, date } = dosTime(at);
    if (this.offset + packed.length + 30 + nameBytes.length > MAX_32 || data.length > MAX_32)
      throw new Error('ZIP: arquivo maior que 4 GB.');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(ZIP_VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(ZIP_VERSION, 4);
    header.writeUInt16LE(ZIP_VERSION, 6);
    header.writeUInt16LE(UTF8_NAMES, 8);
    header.writeUInt16LE(DEFLATE, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(packed.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt32LE(this.offset, 42);
    this.central.push(header, nameBytes);
    this.entries++;
    await this.write(Buffer.concat([local, nameBytes, packed]));
  }

  /** Writes the central directory and the end records, and ends the stream. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const part of this.central) await this.write(part);
    const size = this.offset - start;
    const zip64 = this.entries > MAX_16;
    if (zip64) {
      const record = Buffer.alloc(56);
      record.writeUInt32LE(0x06064b50, 0);
      record.writeBigUInt64LE(44n, 4);
      record.writeUInt16LE(ZIP64_VERSION, 12);
      record.writeUInt16LE(ZIP64_VERSION, 14);
      record.writeBigUInt64LE(BigInt(this.entries), 24);
      record.writeBigUInt64LE(BigInt(this.entries), 32);
      record.writeBigUInt64LE(BigInt(size), 40);
      record.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(this.offset), 8);
      locator.writeUInt32LE(1, 16);
      await this.write(Buffer.concat([record, locator]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(this.entries, MAX_16), 8);
    end.writeUInt16LE(Math.min(this.entries, MAX_16), 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    this.out.end();
  }
}
