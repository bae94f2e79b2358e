import { describe, expect, it } from 'vitest';
import { nameWithVariant, variantText } from './product-variant';

describe('product variants', () => {
  it('name size and colour, whichever the product has, and nothing when it has neither', () => {
    expect(variantText({ size: '42', color: 'Azul' })).toBe('42 / Azul');
    expect(variantText({ size: '42', color: '' })).toBe('42');
    expect(variantText({ size: ' ', color: 'Azul' })).toBe('Azul');
    expect(variantText({ size: '', color: null })).toBe('');
    expect(nameWithVariant('Calça Jeans Slim', { size: '42', color: 'Azul' })).toBe('Calça Jeans Slim · 42 / Azul');
    expect(nameWithVariant('Sacola Kraft', { size: '', color: '' })).toBe('Sacola Kraft');
  });
});
