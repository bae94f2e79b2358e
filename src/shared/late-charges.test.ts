import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { MULTA_MAX_PERCENT, lateCharges } from './late-charges';

const base = { due_date: '2026-03-10', multa_percent: 2, juros_percent_per_month: 1 };

/** The charges on `amount_cents` due on 10/03/2026 at 2% + 1% a month (or `terms`), paid on `payment_date`. */
const paid = (amount_cents: number, payment_date: string, terms: Partial<typeof base> = {}) =>
  lateCharges({ ...base, ...terms, amount_cents, payment_date });

describe('late charges on an instalment', () => {
  it('charges nothing when paid on or before the due date', () => {
    for (const payment_date of ['2026-03-10', '2026-03-01', '2025-12-31']) {
      expect(paid(10_000, payment_date)).toEqual({ days_late: 0, multa_cents: 0, juros_cents: 0, total_cents: 10_000 });
    }
  });

  it('R$ 100,00 paid 15 days late at 2% + 1% a month: R$ 2,00 + R$ 0,50', () => {
    const r = paid(10_000, '2026-03-25');
    expect(r).toEqual({ days_late: 15, multa_cents: 200, juros_cents: 50, total_cents: 10_250 });
  });

  it('counts calendar days across months: R$ 350,00, 10/03 to 10/04 is 31 days', () => {
    // multa 700; juros 35000 × 1% × 31/30 = 361.67 => 362
    const r = paid(35_000, '2026-04-10');
    expect(r).toEqual({ days_late: 31, multa_cents: 700, juros_cents: 362, total_cents: 36_062 });
  });

  it('rounds the multa down (never above the cap) and the juros half up, each on its own', () => {
    // 2% of R$ 77,77 is R$ 1,5554: R$ 1,55, not 1,56
    expect(paid(7777, '2026-03-11').multa_cents).toBe(155);
    // multa 2% of 0,25 = 0.5 => 0; 1,5% of 0,34 = 0.51 => 0; of 0,67 = 1.005 => 1
    expect(paid(25, '2026-03-11').multa_cents).toBe(0);
    expect(paid(34, '2026-03-11', { multa_percent: 1.5 }).multa_cents).toBe(0);
    expect(paid(67, '2026-03-11', { multa_percent: 1.5 }).multa_cents).toBe(1);
    // juros 1% × 3/30 of 500 = 0.5 => 1; of 499 = 0.499 => 0
    expect(paid(500, '2026-03-13').juros_cents).toBe(1);
    expect(paid(499, '2026-03-13').juros_cents).toBe(0);
  });

  it('caps the multa at 2%, whatever the store set', () => {
    expect(paid(10_000, '2026-03-11', { multa_percent: 10 }).multa_cents).toBe(200);
    expect(paid(10_000, '2026-03-11', { multa_percent: 0.5 }).multa_cents).toBe(50);
  });

  it('takes rates with up to 4 decimals, exactly', () => {
    // 0,0333% a day written as 0,999% a month; R$ 1.000,00, 30 days => 9,99
    const r = paid(100_000, '2026-04-09', { juros_percent_per_month: 0.999 });
    expect(r).toMatchObject({ days_late: 30, juros_cents: 999 });
    expect(() => paid(1, '2026-04-09', { juros_percent_per_month: 0.00001 })).toThrow(RangeError);
    expect(() => paid(1, '2026-04-09', { multa_percent: -1 })).toThrow(RangeError);
    expect(() => paid(-1, '2026-04-09')).toThrow(RangeError);
    expect(() => paid(1.5, '2026-04-09')).toThrow(RangeError);
    expect(() => paid(1, '2026-02-30')).toThrow(RangeError);
  });

  it('stays exact for large amounts and long delays (no float on the way)', () => {
    // R$ 1 bilhão, 10 years (3653 days) late: juros = 1e11 × 1% × 3653 / 30 = 121766666666.67
    expect(paid(100_000_000_000, '2036-03-10')).toEqual({
      days_late: 3653,
      multa_cents: 2_000_000_000,
      juros_cents: 121_766_666_667,
      total_cents: 223_766_666_667,
    });
  });
});

describe('late charges, for any instalment and terms', () => {
  const input = fc.record({
    amount_cents: fc.integer({ min: 0, max: 100_000_000_00 }),
    due_date: fc.integer({ min: 0, max: 3650 }).map((d) => addDays('2024-01-01', d)),
    late_days: fc.integer({ min: -60, max: 2000 }),
    multa_percent: fc.integer({ min: 0, max: 100_000 }).map((n) => n / 10_000),
    juros_percent_per_month: fc.integer({ min: 0, max: 100_000 }).map((n) => n / 10_000),
  });
  const charges = ({
    late_days,
    ...i
  }: { late_days: number } & Omit<Parameters<typeof lateCharges>[0], 'payment_date'>) =>
    lateCharges({ ...i, payment_date: addDays(i.due_date, late_days) });

  it('are never negative and add up', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = charges(i);
        return (
          r.multa_cents >= 0 &&
          r.juros_cents >= 0 &&
          r.total_cents === i.amount_cents + r.multa_cents + r.juros_cents &&
          r.days_late === Math.max(0, i.late_days)
        );
      }),
    );
  });

  it('never fall when the payment comes later', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 400 }), (i, more) => {
        const earlier = charges(i);
        const later = charges({ ...i, late_days: i.late_days + more });
        return (
          later.multa_cents >= earlier.multa_cents &&
          later.juros_cents >= earlier.juros_cents &&
          later.total_cents >= earlier.total_cents
        );
      }),
    );
  });

  it('never charge a multa above 2% of the amount', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = charges(i);
        return r.multa_cents * 100 <= MULTA_MAX_PERCENT * i.amount_cents;
      }),
    );
  });
});
