import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPixBrCode } from './br-code';
import { QR_QUIET_ZONE_MODULES, qrMatrix, qrSvg, qrSvgParts } from './qr-svg';

const PAYLOAD = buildPixBrCode({
  key: '123e4567-e12b-12d1-a456-426655440000',
  receiver_name: 'Fulano de Tal',
  receiver_city: 'BRASILIA',
});

/** The 15 format bits around the top-left finder (ISO/IEC 18004), unmasked: ECC level (2 bits) and mask (3). */
function formatInfo(m: boolean[][]): { ecc: number; mask: number } {
  const at = (x: number, y: number): number => (m[y]![x] ? 1 : 0);
  const bits = [0, 1, 2, 3, 4, 5].map((y) => at(8, y));
  bits.push(at(8, 7), at(8, 8), at(7, 8));
  for (let i = 9; i < 15; i++) bits.push(at(14 - i, 8));
  const value = bits.reduce((acc, bit, i) => acc | (bit << i), 0) ^ 0x5412;
  return { ecc: value >> 13, mask: (value >> 10) & 7 };
}

/** The path's runs painted back on a grid. */
function paint(path: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(w); i++) grid[Number(y)]![Number(x) + i] = true;
  }
  return grid;
}

describe('QR Code as SVG', () => {
  it("draws the manual's example (137 bytes) at ECC level M: version 8, 49 modules", () => {
    expect(PAYLOAD).toHaveLength(137);
    const m = qrMatrix(PAYLOAD);
    // Byte mode, 137 bytes: version 7 (45 modules) would hold them at level L (154), not at M (122).
    expect(m).toHaveLength(49);
    expect(formatInfo(m).ecc).toBe(0); // format bits: L = 1, M = 0, Q = 3, H = 2
  });

  it('the path paints exactly the dark modules, inside a 4-module quiet zone', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), (text) => {
        const m = qrMatrix(text);
        const { size_modules, path } = qrSvgParts(text);
        expect(size_modules).toBe(m.length + 2 * QR_QUIET_ZONE_MODULES);
        const grid = paint(path, size_modules);
        grid.forEach((row, y) =>
          row.forEach((dark, x) => {
            const inner = m[y - QR_QUIET_ZONE_MODULES]?.[x - QR_QUIET_ZONE_MODULES] ?? false;
            if (dark !== inner) throw new Error(`módulo ${x},${y}`);
          }),
        );
      }),
      { numRuns: 30 },
    );
  });

  it('is a standalone SVG document with a white background, sized when asked', () => {
    const svg = qrSvg(PAYLOAD, { size_px: 240, label: 'QR Code Pix "R$ 10" & troco' });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 57 57" width="240" height="240"')).toBe(
      true,
    );
    expect(svg).toContain('<rect width="57" height="57" fill="#fff"/>');
    expect(svg).toContain('aria-label="QR Code Pix &quot;R$ 10&quot; &amp; troco"');
    expect(qrSvg(PAYLOAD)).not.toMatch(/<svg[^>]* width=/);
  });
});
