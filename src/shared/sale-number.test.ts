import { describe, expect, it } from 'vitest';
import { deviceCodeOf, formatSaleNumber, parseSaleNumber, SALE_NUMBER_PATTERN } from './sale-number';

describe('sale numbers', () => {
  it('formats a device sale and a store-numbered one', () => {
    expect(formatSaleNumber('A', 42)).toBe('A-0042');
    expect(formatSaleNumber('AB', 12345)).toBe('AB-12345');
    expect(formatSaleNumber(null, 7)).toBe('0007');
    for (const n of ['A-0042', 'AB-12345', '0007']) expect(n).toMatch(SALE_NUMBER_PATTERN);
  });

  it('gives every device its own code, in order', () => {
    expect([1, 2, 26, 27, 28, 52, 53, 702, 703].map(deviceCodeOf)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
    const codes = new Set(Array.from({ length: 2000 }, (_, i) => deviceCodeOf(i + 1)));
    expect(codes.size).toBe(2000);
  });

  it('reads what a person types', () => {
    expect(parseSaleNumber('a42')).toEqual({ number: 'A-0042', anyDevice: false });
    expect(parseSaleNumber(' #B-0127 ')).toEqual({ number: 'B-0127', anyDevice: false });
    expect(parseSaleNumber('42')).toEqual({ number: '0042', anyDevice: true });
    expect(parseSaleNumber('Maria')).toBeNull();
  });
});
