import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basisPoints, growthPercent, percentOf, pointsBetween } from './percent';

describe('percentages', () => {
  it('rounds half away from zero to two decimals, 0 when the whole is 0', () => {
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(2, 3)).toBe(66.67);
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(1, 40_000)).toBe(0); // 0.0025 %
    expect(percentOf(1, 20_000)).toBe(0.01); // 0.005 %: the half goes up
    expect(percentOf(-1, 20_000)).toBe(-0.01); // and away from zero below it
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(0, 7)).toBe(0);
    expect(Object.is(percentOf(-0, 7), 0)).toBe(true);
    expect(percentOf(250_000_00, 100_000_00)).toBe(250);
    // Beyond the safe integers of part x 10,000: still exact.
    expect(percentOf(900_000_000_000_00, 3_000_000_000_000_00)).toBe(30);
  });

  it('growth is the change over the absolute previous value; points subtract percentages', () => {
    expect(growthPercent(150, 100)).toBe(50);
    expect(growthPercent(50, 100)).toBe(-50);
    expect(growthPercent(-50, -100)).toBe(50);
    expect(growthPercent(10, 0)).toBe(0);
    expect(pointsBetween(12.34, 20.01)).toBe(-7.67);
    expect(pointsBetween(0.1, 0.2)).toBe(-0.1);
  });

  it('agrees with exact rational rounding for any integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1e12 }), (part, whole) => {
        const bp = basisPoints(part, whole);
        // |part / whole x 10,000 - bp| <= 1/2, and exactly 1/2 only away from zero.
        const diff = BigInt(part) * 20_000n - BigInt(bp) * 2n * BigInt(whole);
        const abs = diff < 0n ? -diff : diff;
        expect(abs <= BigInt(whole)).toBe(true);
        if (abs === BigInt(whole)) expect(Math.sign(bp)).toBe(Math.sign(part));
        expect(basisPoints(-part, whole)).toBe(-bp || 0);
      }),
      { numRuns: 300 },
    );
  });
});
