import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cnpjCheckDigits,
  cpfCheckDigits,
  formatCep,
  formatDocument,
  formatPhone,
  isValidCnpj,
  isValidCpf,
  isValidDocument,
  stripDocument,
} from './documents';

/** Each kind of document and the check that tells a valid one. */
const CHECKS = { CPF: isValidCpf, CNPJ: isValidCnpj };

describe('check digits', () => {
  it.each<[keyof typeof CHECKS, string, boolean, string]>([
    ['CPF', '529.982.247-25', true, 'valid, formatted'],
    ['CPF', '52998224725', true, 'valid, bare'],
    ['CPF', '529.982.247-26', false, 'a wrong check digit'],
    ['CPF', '111.111.111-11', false, 'repeated digits'],
    ['CPF', '5299822472', false, 'a wrong length'],
    ['CNPJ', '11.222.333/0001-81', true, 'numeric, formatted'],
    ['CNPJ', '11222333000181', true, 'numeric, bare'],
    ['CNPJ', '11.222.333/0001-82', false, 'a wrong check digit'],
    ['CNPJ', '00.000.000/0000-00', false, 'repeated digits'],
    // The alphanumeric CNPJ of July 2026 (Receita Federal example).
    ['CNPJ', '12.ABC.345/01DE-35', true, 'alphanumeric, formatted'],
    ['CNPJ', '12abc34501de35', true, 'alphanumeric, bare and in lower case'],
    ['CNPJ', '12.ABC.345/01DE-36', false, 'alphanumeric with a wrong check digit'],
  ])('%s %s is %s (%s)', (kind, document, valid) => {
    expect(CHECKS[kind](document)).toBe(valid);
  });
});

describe('CPF', () => {
  it('any 9-digit base with its computed digits is valid, and a changed check digit is not', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.integer({ min: 9, max: 10 }), (base, pos) => {
        fc.pre(!/^(\d)\1{8}$/.test(base));
        const cpf = base + cpfCheckDigits(base);
        const digit = Number(cpf[pos]);
        const changed = cpf.slice(0, pos) + String((digit + 1) % 10) + cpf.slice(pos + 1);
        return isValidCpf(cpf) && !isValidCpf(changed);
      }),
    );
  });
});

describe('CNPJ', () => {
  it('strips an alphanumeric CNPJ to its upper-case characters', () => {
    expect(stripDocument('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });
  it('any alphanumeric base with its computed digits is valid', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{12}$/), (base) => {
        fc.pre(!/^(\d)\1{11}$/.test(base));
        return isValidCnpj(base + cnpjCheckDigits(base));
      }),
    );
  });
});

describe('documents', () => {
  it('tells CPF from CNPJ by length and formats both', () => {
    expect(isValidDocument('52998224725')).toBe(true);
    expect(isValidDocument('11222333000181')).toBe(true);
    expect(isValidDocument('123')).toBe(false);
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatDocument(null)).toBe('');
  });
});

describe('phone and CEP as shown', () => {
  it.each([
    ['11987654321', '(11) 98765-4321'],
    ['(11) 98765-4321', '(11) 98765-4321'],
    ['11 98765 4321', '(11) 98765-4321'],
    ['+55 11 98765-4321', '(11) 98765-4321'],
    ['011 98765-4321', '(11) 98765-4321'],
    ['1134567890', '(11) 3456-7890'],
    ['11.3456.7890', '(11) 3456-7890'],
    ['08001234567', '0800 123 4567'],
  ])('formats a phone however it was typed: %s', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });
  it.each(['3456-7890', '(11) 3456-7890 ramal 12', ''])(
    'leaves what is not a Brazilian number as typed: %j',
    (typed) => {
      expect(formatPhone(typed)).toBe(typed);
    },
  );
  it('shows no phone as empty', () => {
    expect(formatPhone(null)).toBe('');
  });
  it.each([
    ['01310100', '01310-100'],
    ['01.310-100', '01310-100'],
    [' 01310-100 ', '01310-100'],
    ['0131010', '0131010'],
    [null, ''],
  ])('formats a CEP: %j', (typed, shown) => {
    expect(formatCep(typed)).toBe(shown);
  });
  it('formatting twice changes nothing', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\d ()+.-]{0,16}$/), (typed) => {
        expect(formatPhone(formatPhone(typed))).toBe(formatPhone(typed));
        expect(formatCep(formatCep(typed))).toBe(formatCep(typed));
      }),
    );
  });
});
