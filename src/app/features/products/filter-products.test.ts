import { describe, expect, it } from 'vitest';
import { ProductSchema } from '../../../shared/contract';
import { productJson } from '../../test/fixtures';
import {
  filterProducts,
  isLowStock,
  NO_PRODUCT_FILTERS,
  productFiltersOf,
  withProductFilters,
} from './filter-products';

const products = [
  ProductSchema.parse(productJson({ sku: 'ABC-1', name: 'Meia Esportiva', barcode: '7891234567895' })),
  ProductSchema.parse(productJson({ sku: 'XYZ-2', name: 'Bermuda' })),
  ProductSchema.parse(productJson({ sku: 'CAL-JNS-42', name: 'Calça Jeans Slim' })),
];

describe('filterProducts', () => {
  it.each([
    ['MEIA', ['ABC-1'], 'the name, case-insensitively'],
    ['xyz', ['XYZ-2'], 'the SKU, case-insensitively'],
    ['  ', ['ABC-1', 'XYZ-2', 'CAL-JNS-42'], 'all for a blank search'],
    ['nada', [], 'none for a text nothing has'],
    ['calca', ['CAL-JNS-42'], "accents ignored, as Nova Venda's search does: 'calca' finds Calça"],
    [' CALÇA jeans ', ['CAL-JNS-42'], 'accents and spaces ignored'],
    ['bérmuda', ['XYZ-2'], 'an accent typed where the name has none'],
    ['7891234567895', ['ABC-1'], 'the whole barcode'],
    [' 1234-567 ', ['ABC-1'], 'any part of the barcode, punctuation ignored'],
    ['1234568', [], 'not digits the barcode does not have in a row'],
  ])('%j finds %j (%s)', (search, skus) => {
    expect(filterProducts(products, search).map((p) => p.sku)).toEqual(skus);
  });

  it("'Sem NCM' shows the products a note cannot carry yet, and lives in the address", () => {
    const withNcm = ProductSchema.parse(productJson({ sku: 'NCM-1', name: 'Camiseta', ncm: '61091000' }));
    const filters = { ...NO_PRODUCT_FILTERS, fiscal: 'sem-ncm' as const };
    expect(filterProducts([...products, withNcm], '', filters).map((p) => p.sku)).toEqual([
      'ABC-1',
      'XYZ-2',
      'CAL-JNS-42',
    ]);
    const params = withProductFilters(new URLSearchParams('q=x'), filters);
    expect(params.toString()).toBe('q=x&fiscal=sem-ncm');
    expect(productFiltersOf(params)).toEqual(filters);
    expect(productFiltersOf(new URLSearchParams('fiscal=outra'))).toEqual(NO_PRODUCT_FILTERS);
  });

  it('calls stock below the minimum low', () => {
    expect(isLowStock({ current_stock: 1, minimum_stock: 2 })).toBe(true);
    expect(isLowStock({ current_stock: 2, minimum_stock: 2 })).toBe(false);
  });
});
