import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits } from '../documents';
import { isValidNfeKey, parseNfeKey } from '../nfe-key';
import { seededRandom } from '../seeded-random';
import {
  buildAccessKey,
  drawNumericCode,
  emissionTypeOfKey,
  isUsableNumericCode,
  type AccessKeyParts,
} from './access-key';

/** The check digit written out as the MOC states it, apart from the code under test. */
function referenceCheckDigit(first43: string): number {
  const weights = [2, 3, 4, 5, 6, 7, 8, 9];
  let sum = 0;
  [...first43].reverse().forEach((c, i) => (sum += (c.charCodeAt(0) - 48) * weights[i % 8]!));
  return sum % 11 < 2 ? 0 : 11 - (sum % 11);
}

const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const partsArb = fc.record({
  uf_code: fc.constantFrom('11', '29', '35', '43', '53'),
  year_month: fc
    .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 12 }))
    .map(([y, m]) => `${String(y).padStart(2, '0')}${String(m).padStart(2, '0')}`),
  cnpj: fc.array(alnum, { minLength: 12, maxLength: 12 }).map((c) => c.join('') + cnpjCheckDigits(c.join(''))),
  series: fc.integer({ min: 0, max: 999 }),
  number: fc.integer({ min: 1, max: 999_999_999 }),
  emission_type: fc.constantFrom(1 as const, 9 as const),
  numeric_code: fc.integer({ min: 0, max: 99_999_999 }).map((n) => String(n).padStart(8, '0')),
});

describe('access key', () => {
  it("gives a published NFC-e key's check digit (PR, 2017)", () => {
    // From the QR code of an authorized NFC-e shown in the sped-nfe documentation.
    const published = '41170410422724000187650010000005101000010235';
    const key = buildAccessKey({
      uf_code: '41',
      year_month: '1704',
      cnpj: '10422724000187',
      series: 1,
      number: 510,
      emission_type: 1,
      numeric_code: '00001023',
    });
    expect(key).toBe(published);
  });

  it('lays out the 44 characters and its cDV is modulo 11 over all 43 (letters as ASCII - 48)', () => {
    fc.assert(
      fc.property(partsArb, (parts: AccessKeyParts) => {
        const key = buildAccessKey(parts);
        expect(key).toHaveLength(44);
        expect(Number(key[43])).toBe(referenceCheckDigit(key.slice(0, 43)));
        expect(isValidNfeKey(key)).toBe(true);
        const parsed = parseNfeKey(key);
        expect(parsed.ok && parsed.parts).toMatchObject({
          uf_code: parts.uf_code,
          year_month: parts.year_month,
          issuer_document: parts.cnpj,
          model: '65',
          series: parts.series,
          number: parts.number,
          emission_type: String(parts.emission_type),
          numeric_code: parts.numeric_code,
        });
        // The receipt's emission type is read back from the key (a 9 in the cNF or the number does not count).
        expect(emissionTypeOfKey(key)).toBe(parts.emission_type);
      }),
      { numRuns: 500 },
    );
  });

  it('counts a letter of the alphanumeric CNPJ as its ASCII code minus 48 (A = 17)', () => {
    const base = {
      uf_code: '35',
      year_month: '2607',
      series: 1,
      number: 1,
      emission_type: 1 as const,
      numeric_code: '12345670',
    };
    const cnpj = `12ABC34501DE${cnpjCheckDigits('12ABC34501DE')}`;
    const key = buildAccessKey({ ...base, cnpj });
    expect(key.slice(6, 20)).toBe(cnpj);
    expect(Number(key[43])).toBe(referenceCheckDigit(key.slice(0, 43)));
    // 'A' is worth 17, not 10 (hex) nor 1 (its place in the alphabet).
    const asHex = [...key.slice(0, 43)].map((c) => (/[A-Z]/.test(c) ? String.fromCharCode(48 + parseInt(c, 36)) : c));
    expect(asHex.join('')).not.toBe(key.slice(0, 43));
  });

  it('refuses parts that do not fit', () => {
    const ok = {
      uf_code: '35',
      year_month: '2611',
      cnpj: '11222333000181',
      series: 1,
      number: 1,
      emission_type: 1 as const,
      numeric_code: '12345670',
    };
    expect(() => buildAccessKey({ ...ok, year_month: '2613' })).toThrow(RangeError);
    expect(() => buildAccessKey({ ...ok, series: 1000 })).toThrow(RangeError);
    expect(() => buildAccessKey({ ...ok, number: 0 })).toThrow(RangeError);
    expect(() => buildAccessKey({ ...ok, numeric_code: '1234567' })).toThrow(RangeError);
    expect(() => buildAccessKey({ ...ok, cnpj: '1122233300018A' })).toThrow(RangeError);
  });
});

describe('cNF', () => {
  it('is 8 digits and never the note number, whatever the random source gives', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), fc.integer(), (number, seed) => {
        const code = drawNumericCode(number, seededRandom(seed));
        expect(code).toMatch(/^\d{8}$/);
        expect(Number(code)).not.toBe(number);
        expect(isUsableNumericCode(code, number)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('draws again when the source gives the number itself or a guessable code', () => {
    const values = [1234 / 1e8, 0, 12345678 / 1e8, 11111111 / 1e8, 87654321 / 1e8, 40_000_017 / 1e8];
    const source = () => values.shift()!;
    expect(drawNumericCode(1234, source)).toBe('40000017');
  });

  it('is the same for the same seed (the builder stays deterministic)', () => {
    expect(drawNumericCode(77, seededRandom(9))).toBe(drawNumericCode(77, seededRandom(9)));
  });
});
