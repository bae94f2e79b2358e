import { describe, expect, it } from 'vitest';
import { labelCode } from './label-barcode';

const bars = (svg: string) => (svg.match(/<rect /g) ?? []).length;

describe('the code on a label', () => {
  it('EAN-13 and EAN-8 as they are; a UPC-A as its EAN-13 (a leading zero)', () => {
    expect(labelCode({ barcode: '7891234567895', sku: 'X' })?.code).toBe('7891234567895');
    expect(labelCode({ barcode: '96385074', sku: 'X' })?.code).toBe('96385074');
    const upc = labelCode({ barcode: '036000291452', sku: 'X' })!;
    expect(upc.code).toBe('0036000291452');
    // The same bars as the EAN-13 written with the zero.
    expect(upc.svg).toBe(labelCode({ barcode: '0036000291452', sku: 'X' })!.svg);
  });

  it('a product without a barcode carries its SKU; bars stretch to the label', () => {
    const code = labelCode({ barcode: null, sku: ' CAM-001-P ' })!;
    expect(code.code).toBe('CAM-001-P');
    expect(code.svg).toContain('preserveAspectRatio="none"');
    expect(bars(code.svg)).toBeGreaterThan(10);
  });

  it('no bars for a SKU Code 128 cannot carry, or none at all', () => {
    expect(labelCode({ barcode: null, sku: 'CALÇA-42' })).toBeNull();
    expect(labelCode({ barcode: null, sku: '  ' })).toBeNull();
  });
});
