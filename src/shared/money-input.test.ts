// parseMoneyInput: what a person types in a money field, in centavos, whatever the
// browser's language.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBRL, formatDecimal, parseMoneyInput, toReais } from './money';

const centavos = fc.integer({ min: 0, max: 100_000_000_000 });
const enUS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('parseMoneyInput', () => {
  it.each([
    ['119,90', 11990],
    ['119.90', 11990],
    ['1.234,56', 123456],
    ['1234,5', 123450],
    ['R$ 1.234,56', 123456],
    ['R$1.234,56', 123456],
    ['r$ 10', 1000],
    ['  42  ', 4200],
    ['1.234', 123400],
    ['1.234.567', 123456700],
    ['1.234.567,8', 123456780],
    ['1,234.56', 123456],
    ['1.5', 150],
    ['0,05', 5],
    [',5', 50],
    ['0', 0],
    ['007,10', 710],
  ])('reads %j as %i centavos', (text, expected) => {
    expect(parseMoneyInput(text)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'R$',
    'abc',
    '12a',
    '-5',
    '+5',
    '1,234', // a lone comma is decimal: three decimals
    '1,2,3',
    '12,345',
    '1.2345', // neither two decimals nor a group of three
    '1.234.56',
    '12.34.567',
    '1234.567,00',
    '1.234,567',
    '1,234,567.8.9',
    '10,',
    '10.',
    '.',
    ',',
    '1 234,56',
    '1e3',
    '99999999999999999999',
  ])('refuses %j', (text) => {
    expect(parseMoneyInput(text)).toBeNull();
  });

  it('reads back every amount the app writes (formatDecimal)', () => {
    fc.assert(fc.property(centavos, (c) => parseMoneyInput(formatDecimal(c)) === c));
  });

  it('reads back every amount in reais with the R$ sign (formatBRL, non-breaking space)', () => {
    fc.assert(fc.property(centavos, (c) => parseMoneyInput(formatBRL(c)) === c));
  });

  it('reads what an en-US keyboard writes: 1234.56 and 1,234.56', () => {
    fc.assert(
      fc.property(
        centavos,
        (c) => parseMoneyInput(toReais(c).toFixed(2)) === c && parseMoneyInput(enUS.format(toReais(c))) === c,
      ),
    );
  });

  it('reads whole reais with or without thousands dots', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (reais) => {
        const grouped = new Intl.NumberFormat('pt-BR', { useGrouping: true }).format(reais);
        return parseMoneyInput(String(reais)) === reais * 100 && parseMoneyInput(grouped) === reais * 100;
      }),
    );
  });

  it('never returns anything but null or a non-negative safe integer', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('1', '2', '0', '.', ',', ' ', 'R', '$', 'a', '-') }), (text) => {
        const value = parseMoneyInput(text);
        return value === null || (Number.isSafeInteger(value) && value >= 0);
      }),
    );
  });
});
