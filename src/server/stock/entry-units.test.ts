import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  costAfterEntry,
  costPerUnit,
  factorFromTaxUnit,
  priceWithMarkup,
  tenThousandths,
  unitsOf,
} from './entry-units';

describe('goods-in arithmetic', () => {
  it.each([
    ['1.25', 12_500],
    ['24', 240_000],
    ['0.0001', 1],
  ])('reads the quantity %s exactly: %d ten-thousandths', (quantity, tenths) => {
    expect(tenThousandths(quantity)).toBe(tenths);
  });

  it.each([
    ['5', 12, 60],
    ['2.5', 2, 5],
    ['1.25', 4, 5],
    ['1.25', 1, null],
    ['0', 1, null],
  ])('%s packages of %d are %s whole units (none when not whole, or nothing)', (quantity, perPackage, units) => {
    expect(unitsOf(quantity, perPackage)).toBe(units);
  });

  it("takes a box's units from qTrib when the taxable unit is another and divides evenly", () => {
    expect(factorFromTaxUnit({ unit: 'CX', quantity: '5', tax_unit: 'UN', tax_quantity: '60' })).toBe(12);
    expect(factorFromTaxUnit({ unit: 'UN', quantity: '5', tax_unit: 'UN', tax_quantity: '5' })).toBeNull();
    expect(factorFromTaxUnit({ unit: 'cx', quantity: '5', tax_unit: 'CX', tax_quantity: '60' })).toBeNull();
    expect(factorFromTaxUnit({ unit: 'CX', quantity: '3', tax_unit: 'KG', tax_quantity: '10' })).toBeNull();
    expect(factorFromTaxUnit({ unit: 'FD', quantity: '0.5', tax_unit: 'UN', tax_quantity: '6' })).toBe(12);
  });

  it('unit costs and weighted averages to the centavo, half up', () => {
    expect(costPerUnit(23_35, 10)).toBe(2_34);
    expect(costPerUnit(90_00, 60)).toBe(1_50);
    expect(costPerUnit(1, 3)).toBe(0);
    expect(costAfterEntry('average', { stock: 12, cost: 6_00, remainder: 0 }, 24, 179_76).cost).toBe(6_99);
    expect(costAfterEntry('average', { stock: -4, cost: 6_00, remainder: 0 }, 24, 179_76).cost).toBe(7_49);
    expect(costAfterEntry('last', { stock: 12, cost: 6_00, remainder: 0 }, 24, 179_76).cost).toBe(7_49);
    expect(priceWithMarkup(2_34, 100)).toBe(4_68);
    expect(priceWithMarkup(1_00, 45.5)).toBe(1_46);
    expect(priceWithMarkup(3_33, 0)).toBe(3_33);
  });

  it('the average lies between the old cost and the new one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (stock, cost, units, unitCost) => {
          const avg = costAfterEntry('average', { stock, cost, remainder: 0 }, units, units * unitCost).cost;
          expect(avg).toBeGreaterThanOrEqual(Math.min(cost, unitCost));
          expect(avg).toBeLessThanOrEqual(Math.max(cost, unitCost));
        },
      ),
    );
  });

  it('keeps what the rounding leaves over: stock x cost + remainder is the value before plus what came in', () => {
    // 10 units for 23,35: 2,34 each would make 23,40; the remainder takes back 5 centavos.
    expect(costAfterEntry('average', { stock: 0, cost: 0, remainder: 0 }, 10, 23_35)).toEqual({
      cost: 2_34,
      remainder: -5,
    });
    fc.assert(
      fc.property(
        fc.constantFrom('average' as const, 'last' as const),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: -50_000, max: 50_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (method, stock, cost, remainder, units, total) => {
          // What an entry leaves: at most half a centavo a unit, either way.
          const before = { stock, cost, remainder: stock > 0 ? remainder % (Math.floor(stock / 2) + 1) : 0 };
          const after = costAfterEntry(method, before, units, total);
          const valueAfter = (stock + units) * after.cost + after.remainder;
          if (method === 'average') expect(valueAfter).toBe(stock * cost + before.remainder + total);
          else expect(units * after.cost + after.remainder).toBe(total);
          // Never more than half a centavo a unit away from the exact average.
          expect(Math.abs(after.remainder)).toBeLessThanOrEqual(
            Math.ceil((method === 'last' ? units : stock + units) / 2),
          );
        },
      ),
    );
  });
});
