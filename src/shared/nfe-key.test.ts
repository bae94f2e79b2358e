import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NFE_KEY_MESSAGES, buildNfeKey, isValidNfeKey, nfeKeyCheckDigit, parseNfeKey } from './nfe-key';

// The example of the Manual de Orientação do Contribuinte (infNFe Id).
const MANUAL_ID = 'NFe35080599999090910270550010000000015180051273';

describe('NF-e access key', () => {
  it("checks the manual's example: check digit 3, and reads its parts", () => {
    expect(nfeKeyCheckDigit('3508059999909091027055001000000001518005127')).toBe(3);
    expect(parseNfeKey(MANUAL_ID)).toEqual({
      ok: true,
      key: '35080599999090910270550010000000015180051273',
      parts: {
        uf_code: '35',
        uf: 'SP',
        year_month: '0805',
        issuer_document: '99999090910270',
        model: '55',
        series: 1,
        number: 1,
        emission_type: '5',
        numeric_code: '18005127',
        check_digit: 3,
      },
    });
  });

  it('computes the digit by hand: weights 2..9 from the right, remainder 0 or 1 gives 0', () => {
    // 43 zeros and a final 1: sum = 1 × 2 = 2; 11 - 2 = 9
    expect(nfeKeyCheckDigit(`${'0'.repeat(6)}${'0'.repeat(14)}${'0'.repeat(22)}1`)).toBe(9);
    // ...a final 5 (weight 2) and a 3 (weight 3): 10 + 9 = 19; 19 mod 11 = 8; 11 - 8 = 3
    expect(nfeKeyCheckDigit(`${'0'.repeat(41)}35`)).toBe(3);
    // a 1 at the 8th from the right has weight 9: 11 - 9 = 2; at the 9th the weights start again at 2: 9
    expect(nfeKeyCheckDigit(`${'0'.repeat(35)}1${'0'.repeat(7)}`)).toBe(2);
    expect(nfeKeyCheckDigit(`${'0'.repeat(34)}1${'0'.repeat(8)}`)).toBe(9);
    // remainder 1: a 6 at weight 2 => 12 mod 11 = 1 => 0; remainder 0: 0 => 0
    expect(nfeKeyCheckDigit(`${'0'.repeat(42)}6`)).toBe(0);
    expect(nfeKeyCheckDigit('0'.repeat(43))).toBe(0);
  });

  it('refuses a wrong check digit and a wrong shape, in pt-BR', () => {
    expect(parseNfeKey('35080599999090910270550010000000015180051274')).toEqual({
      ok: false,
      message: NFE_KEY_MESSAGES.checkDigit,
    });
    expect(parseNfeKey('3508059999909091027055001000000001518005127')).toEqual({
      ok: false,
      message: NFE_KEY_MESSAGES.format,
    });
    expect(parseNfeKey('3508 0599 9990 9091 0270 5500 1000 0000 0151 8005 1273').ok).toBe(true);
    expect(isValidNfeKey('3508059999909091027055001000000001518005127X')).toBe(false);
  });

  it('accepts an alphanumeric CNPJ in the key (letters worth their ASCII code minus 48)', () => {
    const key = buildNfeKey({
      uf_code: '35',
      year_month: '2607',
      issuer_document: '12ABC34501DE35',
      series: 1,
      number: 42,
      numeric_code: '12345678',
    });
    expect(key.slice(6, 20)).toBe('12ABC34501DE35');
    expect(parseNfeKey(key.toLowerCase())).toMatchObject({
      ok: true,
      parts: { issuer_document: '12ABC34501DE35', number: 42 },
    });
  });

  it('any key built from parts is valid and reads back; any other last digit is not', () => {
    const parts = fc.record({
      uf_code: fc.constantFrom('35', '33', '31', '41', '43', '53'),
      year_month: fc
        .integer({ min: 0, max: 99 })
        .chain((y) =>
          fc.integer({ min: 1, max: 12 }).map((m) => `${String(y).padStart(2, '0')}${String(m).padStart(2, '0')}`),
        ),
      issuer_document: fc.stringMatching(/^\d{14}$/),
      series: fc.integer({ min: 0, max: 999 }),
      number: fc.integer({ min: 1, max: 999_999_999 }),
      numeric_code: fc.stringMatching(/^\d{8}$/),
    });
    fc.assert(
      fc.property(parts, fc.integer({ min: 1, max: 9 }), (p, shift) => {
        const key = buildNfeKey(p);
        const parsed = parseNfeKey(key);
        const other = `${key.slice(0, 43)}${(Number(key[43]) + shift) % 10}`;
        return (
          parsed.ok &&
          parsed.parts.number === p.number &&
          parsed.parts.series === p.series &&
          parsed.parts.issuer_document === p.issuer_document &&
          !isValidNfeKey(other)
        );
      }),
    );
  });
});
