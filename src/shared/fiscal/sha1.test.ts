import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha1HexUpper } from './sha1';

/** Any text of up to 200 code points: ASCII, and the 2-, 3- and 4-byte UTF-8 ranges (no lone surrogates). */
const anyText = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0x00, max: 0x7f }),
      fc.integer({ min: 0x80, max: 0xd7ff }),
      fc.integer({ min: 0xe000, max: 0x10ffff }),
    ),
    { maxLength: 200 },
  )
  .map((codes) => String.fromCodePoint(...codes));

describe('sha1HexUpper', () => {
  it('gives the FIPS 180 examples', () => {
    expect(sha1HexUpper('abc')).toBe('A9993E364706816ABA3E25717850C26C9CD0D89D');
    expect(sha1HexUpper('')).toBe('DA39A3EE5E6B4B0D3255BFEF95601890AFD80709');
    expect(sha1HexUpper('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '84983E441C3BD26EBAAE4AA1F95129E5E54670F1',
    );
  });

  it("equals Node's SHA-1 of the UTF-8 bytes for any text, across block boundaries", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(sha1HexUpper(text)).toBe(createHash('sha1').update(text, 'utf8').digest('hex').toUpperCase());
      }),
      { numRuns: 300 },
    );
  });
});
