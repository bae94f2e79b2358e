import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Money } from './contract/common';
import { formatBRL, splitCentavos, toCentavos, toReais } from './money';

const centavos = fc.integer({ min: 0, max: 100_000_000_000 });

describe('money', () => {
  it('round-trips every centavo amount through reais', () => {
    fc.assert(fc.property(centavos, (c) => toCentavos(toReais(c)) === c));
  });

  it('round-trips through the Money codec at the JSON edge', () => {
    fc.assert(
      fc.property(centavos, (c) => {
        const json = JSON.parse(JSON.stringify({ v: z.encode(Money, c) })) as { v: number };
        return Money.parse(json.v) === c;
      }),
    );
  });

  it('converts the classic float traps exactly', () => {
    expect(toCentavos(0.1 + 0.2)).toBe(30);
    expect(toCentavos(1.005)).toBe(101);
    expect(toCentavos(19.99)).toBe(1999);
    expect(toCentavos(-2.5)).toBe(-250);
    expect(toReais(1999)).toBe(19.99);
  });

  it('rejects more than two decimals and negatives in the Money schema', () => {
    expect(Money.safeParse(1.234).success).toBe(false);
    expect(Money.safeParse(-1).success).toBe(false);
    expect(Money.safeParse('10').success).toBe(false);
    expect(Money.parse(10.5)).toBe(1050);
  });

  it('splits any total into parts that sum exactly, remainder on the last', () => {
    fc.assert(
      fc.property(centavos, fc.integer({ min: 1, max: 6 }), (total, count) => {
        const parts = splitCentavos(total, count);
        const base = Math.trunc(total / count);
        return (
          parts.length === count &&
          parts.reduce((a, b) => a + b, 0) === total &&
          parts.slice(0, -1).every((p) => p === base) &&
          parts[count - 1]! >= base &&
          parts[count - 1]! - base < count
        );
      }),
    );
  });

  it('formats in Brazilian reais', () => {
    expect(formatBRL(123456).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    expect(formatBRL(5).replace(/\s/g, ' ')).toBe('R$ 0,05');
  });
});
