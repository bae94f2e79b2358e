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
    expect(costAfterEntry('average', { stock: 12, cost: 6_00 }, 24, 179_76)).toBe(6_99);
    expect(costAfterEntry('average', { stock: -4, cost: 6_00 }, 24, 179_76)).toBe(7_49);
    expect(costAfterEntry('last', { stock: 12, cost: 6_00 }, 24, 179_76)).toBe(7_49);
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
          const avg = costAfterEntry('average', { stock, cost }, units, units * unitCost);
          expect(avg).toBeGreaterThanOrEqual(Math.min(cost, unitCost));
          expect(avg).toBeLessThanOrEqual(Math.max(cost, unitCost));
        },
      ),
    );
  });
});
