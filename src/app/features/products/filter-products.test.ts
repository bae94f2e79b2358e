import { describe, expect, it } from 'vitest';
import { ProductSchema } from '../../../shared/contract';
import { productJson } from '../../test/fixtures';
import { filterProducts, isLowStock } from './filter-products';

const products = [
  ProductSchema.parse(productJson({ sku: 'ABC-1', name: 'Meia Esportiva', barcode: '7891234567895' })),
  ProductSchema.parse(productJson({ sku: 'XYZ-2', name: 'Bermuda' })),
  ProductSchema.parse(productJson({ sku: 'CAL-JNS-42', name: 'Calça Jeans Slim' })),
];

describe('filterProducts', () => {
  it('matches name or SKU case-insensitively, and keeps all for a blank search', () => {
    expect(filterProducts(products, 'MEIA').map((p) => p.sku)).toEqual(['ABC-1']);
    expect(filterProducts(products, 'xyz').map((p) => p.sku)).toEqual(['XYZ-2']);
    expect(filterProducts(products, '  ')).toHaveLength(3);
    expect(filterProducts(products, 'nada')).toHaveLength(0);
  });

  it("ignores accents both ways, as Nova Venda's search does: 'calca' finds Calça", () => {
    expect(filterProducts(products, 'calca').map((p) => p.sku)).toEqual(['CAL-JNS-42']);
    expect(filterProducts(products, ' CALÇA jeans ').map((p) => p.sku)).toEqual(['CAL-JNS-42']);
    expect(filterProducts(products, 'bérmuda').map((p) => p.sku)).toEqual(['XYZ-2']);
  });

  it('matches any part of the barcode', () => {
    expect(filterProducts(products, '7891234567895').map((p) => p.sku)).toEqual(['ABC-1']);
    expect(filterProducts(products, ' 1234-567 ').map((p) => p.sku)).toEqual(['ABC-1']);
    expect(filterProducts(products, '1234568')).toHaveLength(0);
  });

  it('calls stock below the minimum low', () => {
    expect(isLowStock({ current_stock: 1, minimum_stock: 2 })).toBe(true);
    expect(isLowStock({ current_stock: 2, minimum_stock: 2 })).toBe(false);
  });
});
