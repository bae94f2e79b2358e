import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withGtinCheckDigit } from '../gtin';
import { BarcodeError } from './barcode-error';
import { code128Svg, ean13Svg, ean8Svg, linearBarcodeSvg, productBarcodeSvg } from './barcode-svg';
import { CODE128_MESSAGES, code128Modules, code128Values } from './code128';
import { ean13Modules, ean8Modules } from './ean';

/** Widths of the alternating bars and spaces of a module string. */
const widths = (modules: string) => (modules.match(/1+|0+/g) ?? []).map((run) => run.length);

describe('EAN-13 and EAN-8', () => {
  it('draws 5901234123457 as GS1 does: first digit 5 takes sets L G G L L G', () => {
    expect(ean13Modules('5901234123457')).toBe(
      '101' +
        ['0001011', '0100111', '0110011', '0010011', '0111101', '0011101'].join('') + // 9L 0G 1G 2L 3L 4G
        '01010' +
        ['1100110', '1101100', '1000010', '1011100', '1001110', '1000100'].join('') + // 1 2 3 4 5 7 in R
        '101',
    );
  });

  it('draws the EAN-8 96385074: four digits in L, four in R', () => {
    expect(ean8Modules('96385074')).toBe(
      '101' +
        ['0001011', '0101111', '0111101', '0110111'].join('') + // 9 6 3 8 in L
        '01010' +
        ['1001110', '1110010', '1000100', '1011100'].join('') + // 5 0 7 4 in R
        '101',
    );
  });

  it('has 95 (EAN-13) and 67 (EAN-8) modules, 2 bars per digit, for any valid code', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), fc.stringMatching(/^\d{7}$/), (b13, b8) => {
        const m13 = ean13Modules(withGtinCheckDigit(b13));
        const m8 = ean8Modules(withGtinCheckDigit(b8));
        // 3 guard + 12 digits x 4 elements + 5 centre + 3 guard = 59 elements
        return m13.length === 95 && widths(m13).length === 59 && m8.length === 67 && widths(m8).length === 43;
      }),
    );
  });

  it('refuses a wrong check digit or length', () => {
    expect(() => ean13Modules('5901234123458')).toThrow('EAN-13 5901234123458: o dígito verificador não confere.');
    expect(() => ean13Modules('590123412345')).toThrow('EAN-13: use 13 dígitos.');
    expect(() => ean8Modules('96385075')).toThrow(BarcodeError);
  });
});

describe('Code 128', () => {
  it("encodes 'SKU-ABC-123' in subset B with check 64", () => {
    // 104 + 51·1 + 43·2 + 53·3 + 13·4 + 33·5 + 34·6 + 35·7 + 13·8 + 17·9 + 18·10 + 19·11 = 1712; 1712 mod 103 = 64
    expect(code128Values('SKU-ABC-123')).toEqual([104, 51, 43, 53, 13, 33, 34, 35, 13, 17, 18, 19, 64, 106]);
  });

  it('packs digits in pairs in subset C', () => {
    // 105 + 12·1 + 34·2 + 56·3 + 78·4 = 665; 665 mod 103 = 47
    expect(code128Values('12345678')).toEqual([105, 12, 34, 56, 78, 47, 106]);
    // 5 digits: two pairs, then Code B for the last one
    expect(code128Values('12345')).toEqual([105, 12, 34, 100, 21, 54, 106]);
    // 6 digits at the end after a letter: Code C
    expect(code128Values('X123456').slice(0, -2)).toEqual([104, 56, 99, 12, 34, 56]);
    // 7 digits in the middle: the first stays in B, then three pairs in C, then back to B
    expect(code128Values('AB1234567CD').slice(0, -2)).toEqual([104, 33, 34, 17, 99, 23, 45, 67, 100, 35, 36]);
    // a short run stays in B
    expect(code128Values('A12B').slice(0, -2)).toEqual([104, 33, 17, 18, 34]);
  });

  it('every symbol is 11 modules of 3 bars and 3 spaces; the stop is 13 and ends in a bar', () => {
    const text = fc.stringMatching(/^[\x20-\x7e]{1,30}$/);
    fc.assert(
      fc.property(text, (t) => {
        const modules = code128Modules(t);
        const symbols = code128Values(t).length;
        return modules.length === 11 * (symbols - 1) + 13 && modules.startsWith('11') && modules.endsWith('11');
      }),
    );
  });

  it('its check symbol is the weighted sum mod 103, whatever the text', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\x20-\x7e]{1,30}$/), (t) => {
        const values = code128Values(t);
        const data = values.slice(0, -2);
        const sum = data.reduce((acc, v, i) => acc + v * Math.max(i, 1), 0);
        return values.at(-2) === sum % 103 && values.at(-1) === 106;
      }),
    );
  });

  it('uses no more symbols than subset B alone would', () => {
    fc.assert(fc.property(fc.stringMatching(/^[0-9A-Z-]{1,30}$/), (t) => code128Values(t).length <= t.length + 3));
  });

  it('refuses what it cannot carry', () => {
    expect(() => code128Values('')).toThrow(CODE128_MESSAGES.empty);
    expect(() => code128Values('CAMISA-AÇAÍ')).toThrow(CODE128_MESSAGES.charset);
    expect(() => code128Values('A\tB')).toThrow(BarcodeError);
  });
});

describe('barcode SVG', () => {
  it('draws each bar as a rect after the quiet zone, the text under the bars', () => {
    const svg = linearBarcodeSvg('1101', { left: 2, right: 3 }, 'A&B', { height_modules: 10, module_px: 2 });
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 22" width="18" height="44" shape-rendering="crispEdges"' +
        ' role="img" aria-label="Código de barras A&amp;B"><rect width="9" height="22" fill="#fff"/><g fill="#000">' +
        '<rect x="2" y="0" width="2" height="10"/><rect x="5" y="0" width="1" height="10"/>' +
        '<text x="4.5" y="20" text-anchor="middle" font-family="monospace" font-size="10">A&amp;B</text></g></svg>',
    );
  });

  it('sizes EAN-13 with its 11 + 7 quiet zone and Code 128 with 10 + 10', () => {
    expect(ean13Svg('7891234567895', { show_text: false })).toContain('viewBox="0 0 113 60"');
    expect(code128Svg('SKU-ABC-123', { show_text: false })).toContain(`viewBox="0 0 ${20 + 13 * 11 + 13} 60"`);
  });

  it('picks EAN-13, EAN-8 or Code 128 for a product code', () => {
    expect(productBarcodeSvg('7891234567895')).toBe(ean13Svg('7891234567895'));
    expect(productBarcodeSvg('96385074')).toBe(ean8Svg('96385074'));
    expect(productBarcodeSvg('96385074')).toContain('viewBox="0 0 81 72"');
    expect(productBarcodeSvg('SKU-1')).toBe(code128Svg('SKU-1'));
  });
});
