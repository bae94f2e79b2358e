// The till's and the server's discount arithmetic: a percent rounded down (never past what
// was typed, so within any limit it meets), shares that add up to the centavo, the limit
// per line and over the whole sale, a percent read as a Brazilian types it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountCentavos, parsePercentInput, shareDiscount, withinLimit } from './discounts';

describe('discounts', () => {
  it('a percent comes off rounded down; an amount as typed', () => {
    expect(discountCentavos({ mode: 'percent', hundredths: 1000 }, 999)).toBe(99);
    expect(discountCentavos({ mode: 'percent', hundredths: 550 }, 10_000)).toBe(550);
    expect(discountCentavos({ mode: 'amount', centavos: 123 }, 10_000)).toBe(123);
    expect(discountCentavos(null, 10_000)).toBe(0);
  });

  it('a percent within the limit is always within it, whatever the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), (gross, limit) => {
        const discount = discountCentavos({ mode: 'percent', hundredths: limit * 100 }, gross);
        expect(withinLimit([{ gross, discount }], 0, limit)).toBe(true);
      }),
    );
  });

  it("the sale's discount is shared out to the centavo", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100 }),
        (grosses, percent) => {
          const net = grosses.reduce((a, b) => a + b, 0);
          const off = Math.floor((net * percent) / 100);
          const lines = shareDiscount(
            grosses.map((gross) => ({ gross, discount: 0 })),
            off,
          );
          expect(lines.reduce((s, l) => s + l.total, 0)).toBe(net - off);
          for (const l of lines) expect(l.total).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('the limit holds per line and over the whole sale', () => {
    const lines = [
      { gross: 10_000, discount: 1000 },
      { gross: 10_000, discount: 0 },
    ];
    expect(withinLimit(lines, 1000, 10)).toBe(true);
    expect(withinLimit(lines, 1001, 10)).toBe(false);
    expect(withinLimit([{ gross: 10_000, discount: 1001 }], 0, 10)).toBe(false);
  });

  it('reads a percent as typed', () => {
    expect(parsePercentInput('5')).toBe(500);
    expect(parsePercentInput('5,5')).toBe(550);
    expect(parsePercentInput(' 12.25 %')).toBe(1225);
    expect(parsePercentInput('100')).toBe(10_000);
    expect(parsePercentInput('100,01')).toBeNull();
    expect(parsePercentInput('abc')).toBeNull();
    expect(parsePercentInput('')).toBeNull();
  });
});
