import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GTIN_MESSAGES,
  gtin14,
  gtinCheckDigit,
  isValidGtin,
  normalizeGtin,
  parseGtin,
  withGtinCheckDigit,
} from './gtin';

// Codes printed on real goods (and the GS1 and Wikipedia examples), one group per length.
const REAL = {
  8: ['96385074', '73513537', '40170725'],
  12: ['036000291452', '012345678905'],
  13: ['7894900011517', '7891000315507', '7891000100103', '4006381333931', '5901234123457', '9780306406157'],
  14: ['10012345678902', '17891000315504'],
} as const;

/** The same code with its last digit changed (so the check digit is wrong). */
const wrongLast = (code: string) => `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;

describe('GTIN check digit', () => {
  for (const [length, codes] of Object.entries(REAL)) {
    it(`accepts real GTIN-${length} codes and refuses them with a wrong check digit`, () => {
      for (const code of codes) {
        expect(code).toHaveLength(Number(length));
        expect(isValidGtin(code), code).toBe(true);
        expect(gtinCheckDigit(code.slice(0, -1))).toBe(Number(code.at(-1)));
        expect(isValidGtin(wrongLast(code)), wrongLast(code)).toBe(false);
      }
    });
  }

  it('computes the digit by hand for 789123456789_: 5', () => {
    // 7·1 8·3 9·1 1·3 2·1 3·3 4·1 5·3 6·1 7·3 8·1 9·3 = 125; 130 - 125 = 5
    expect(gtinCheckDigit('789123456789')).toBe(5);
    expect(withGtinCheckDigit('789123456789')).toBe('7891234567895');
  });

  it('refuses other lengths and non-digits', () => {
    expect(isValidGtin('7891234567')).toBe(false); // 10 digits
    expect(isValidGtin('789123456789512')).toBe(false); // 15 digits
    expect(isValidGtin('7891234567895 ')).toBe(false);
    expect(isValidGtin('789123456789X')).toBe(false);
    expect(() => gtinCheckDigit('123456')).toThrow(RangeError);
  });

  it('any body with its computed digit is valid, and any other last digit is not', () => {
    const body = fc.constantFrom(7, 11, 12, 13).chain((n) => fc.stringMatching(new RegExp(`^\\d{${n}}$`)));
    fc.assert(
      fc.property(body, fc.integer({ min: 1, max: 9 }), (b, shift) => {
        const code = withGtinCheckDigit(b);
        const other = `${b}${(Number(code.at(-1)) + shift) % 10}`;
        return isValidGtin(code) && !isValidGtin(other);
      }),
    );
  });

  it('catches every single-digit typing mistake', () => {
    const code = fc.constantFrom(...Object.values(REAL).flat());
    fc.assert(
      fc.property(code, fc.nat(), fc.integer({ min: 1, max: 9 }), (c, at, shift) => {
        const i = at % c.length;
        const typo = `${c.slice(0, i)}${(Number(c[i]) + shift) % 10}${c.slice(i + 1)}`;
        return !isValidGtin(typo);
      }),
    );
  });
});

describe('GTIN normalisation', () => {
  it("treats empty and 'SEM GTIN' as no barcode", () => {
    expect(normalizeGtin(undefined)).toBeNull();
    expect(normalizeGtin(null)).toBeNull();
    expect(normalizeGtin('')).toBeNull();
    expect(normalizeGtin('   ')).toBeNull();
    expect(normalizeGtin('SEM GTIN')).toBeNull();
    expect(normalizeGtin(' sem  gtin ')).toBeNull();
    expect(parseGtin('SEM GTIN')).toEqual({ ok: true, gtin: null });
  });

  it('keeps digits only from spaced or punctuated codes', () => {
    expect(normalizeGtin(' 789 1234 567895 ')).toBe('7891234567895');
    expect(normalizeGtin('7-891234-567895')).toBe('7891234567895');
    expect(parseGtin('7.891234.567895')).toEqual({ ok: true, gtin: '7891234567895' });
  });

  it('says in pt-BR why a code is refused', () => {
    expect(parseGtin('ABC123')).toEqual({ ok: false, message: GTIN_MESSAGES.digits });
    expect(parseGtin('1234567')).toEqual({ ok: false, message: GTIN_MESSAGES.length });
    expect(parseGtin('7891234567890')).toEqual({ ok: false, message: GTIN_MESSAGES.checkDigit });
    expect(GTIN_MESSAGES.checkDigit).toBe('Código de barras inválido: o dígito verificador não confere.');
  });

  it('pads to 14 digits so that a UPC-A and its EAN-13 reading are one code', () => {
    expect(gtin14('036000291452')).toBe('00036000291452');
    expect(gtin14('0036000291452')).toBe(gtin14('036000291452'));
    expect(isValidGtin(gtin14('7894900011517'))).toBe(true);
    expect(gtin14('10012345678902')).toBe('10012345678902');
  });
});
