import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MirrorCustomer, MirrorProduct } from './db';
import {
  buildCustomerIndex,
  buildProductIndex,
  findProductByCode,
  foldText,
  searchCustomerIds,
  searchProductIds,
  updateProductIndex,
} from './search-index';
import { mirrorProduct } from '../test/mirror-rows';

/** Product n as the search sees it: SKUs of one width, one in stock. */
const product = (n: number, overrides: Partial<MirrorProduct> = {}) =>
  mirrorProduct(n, { sku: `SKU-${String(n).padStart(5, '0')}`, current_stock: 1, ...overrides });

describe('mirror search', () => {
  it('finds products by name or SKU, ignoring case and accents; an exact SKU first; inactive left out', () => {
    const index = buildProductIndex([
      product(1, { name: 'Café Torrado', sku: 'CAF-1' }),
      product(2, { name: 'Açúcar', sku: 'ACU-9' }),
      product(3, { name: 'Cafeteira', sku: 'X-CAF-1' }),
      product(4, { name: 'Café Velho', active: false }),
    ]);
    expect(searchProductIds(index, 'cafe')).toEqual(['p-1', 'p-3']);
    expect(searchProductIds(index, 'ACUCAR')).toEqual(['p-2']);
    expect(searchProductIds(index, 'x-caf-1')).toEqual(['p-3']);
    expect(searchProductIds(index, 'caf-1')).toEqual(['p-1', 'p-3']);
    expect(searchProductIds(index, '   ')).toEqual([]);
    expect(searchProductIds(index, 'velho')).toEqual([]);
  });

  it('puts the exact SKU first even when other names match before it', () => {
    const index = buildProductIndex([product(1, { name: 'A 123', sku: 'Z' }), product(2, { name: 'B', sku: '123' })]);
    expect(searchProductIds(index, '123')).toEqual(['p-2', 'p-1']);
  });

  it('finds customers by name or CPF typed with or without punctuation', () => {
    const index = buildCustomerIndex([
      { id: 'c1', name: 'Maria Silva', document: '52998224725', active: true } as MirrorCustomer,
      { id: 'c2', name: 'José 529', document: null, active: true } as MirrorCustomer,
    ]);
    expect(searchCustomerIds(index, '529.982.247')).toEqual(['c1']);
    expect(searchCustomerIds(index, '52998')).toEqual(['c1']);
    expect(searchCustomerIds(index, 'jose')).toEqual(['c2']);
  });

  it('keeps the same index when only stock or price changed, and rebuilds when a name did', () => {
    const rows = new Map([1, 2, 3].map((n) => [`p-${n}`, product(n)]));
    const index = buildProductIndex(rows.values());
    rows.set('p-2', product(2, { current_stock: 0, sale_price: 9 }));
    expect(updateProductIndex(index, rows, { full: false, ids: new Set(['p-2']) })).toBe(index);
    rows.set('p-2', product(2, { name: 'Renomeado' }));
    const renamed = updateProductIndex(index, rows, { full: false, ids: new Set(['p-2']) });
    expect(renamed).not.toBe(index);
    expect(searchProductIds(renamed, 'renomeado')).toEqual(['p-2']);
    rows.delete('p-3');
    expect(
      searchProductIds(updateProductIndex(renamed, rows, { full: false, ids: new Set(['p-3']) }), 'produto 3'),
    ).toEqual([]);
  });

  it('reading only the blocks that have the trigrams finds what reading everything finds, in the same order', () => {
    const words = ['camiseta', 'calça', 'seda', 'azul', 'lilás', 'couro', 'bota', 'meia'];
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 600 }),
        fc.string({ unit: fc.constantFrom('a', 'e', 'i', 'o', 's', 'l', 'c', 'u', ' ', '-', '1'), maxLength: 6 }),
        fc.integer({ min: 1, max: 40 }),
        (names, query, limit) => {
          const rows = names.map((name, i) => product(i, { name: name.join(' ') }));
          const index = buildProductIndex(rows);
          const needle = foldText(query.trim());
          const everything = needle
            ? rows
                .map((p) => ({ id: p.id, key: index.keyById.get(p.id)! }))
                .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
                .filter((e) => e.key.includes(needle))
                .map((e) => e.id)
            : [];
          const exact = findProductByCode(index, query);
          const expected = exact ? [exact, ...everything.filter((id) => id !== exact)] : everything;
          expect(searchProductIds(index, query, limit)).toEqual(expected.slice(0, limit));
        },
      ),
    );
  });

  // How fast it answers is measured by the bench (bench/till-search.ts), not asserted here.
  it('on 50,000 products, caps the results and finds an exact SKU', () => {
    const index = buildProductIndex(Array.from({ length: 50_000 }, (_, i) => product(i)));
    expect(searchProductIds(index, 'produto')).toHaveLength(20);
    expect(searchProductIds(index, 'sku-49999')).toEqual(['p-49999']);
  });
});

describe('product codes: barcode or exact SKU', () => {
  const rows: MirrorProduct[] = [
    product(101, { name: 'Camiseta Básica', sku: 'CAM-1', barcode: '7891234567895' }),
    product(102, { name: 'Boné Aba', sku: 'BON-1', barcode: '036000291452' }),
    product(103, { name: 'Meia', sku: 'MEI-1' }),
    product(104, { name: 'Inativo', sku: 'INA-1', barcode: '7890000000017', active: false }),
  ];
  const index = buildProductIndex(rows);
  const idOf = (sku: string) => rows.find((r) => r.sku === sku)!.id;

  it('finds a product by its barcode in any GTIN length, or by its exact SKU', () => {
    expect(findProductByCode(index, '7891234567895')).toBe(idOf('CAM-1'));
    expect(findProductByCode(index, '036000291452')).toBe(idOf('BON-1'));
    expect(findProductByCode(index, '0036000291452')).toBe(idOf('BON-1'));
    expect(findProductByCode(index, '00036000291452')).toBe(idOf('BON-1'));
    expect(findProductByCode(index, 'cam-1')).toBe(idOf('CAM-1'));
    expect(findProductByCode(index, 'MEI-1')).toBe(idOf('MEI-1'));
    expect(findProductByCode(index, '7891234567896')).toBeNull();
    expect(findProductByCode(index, 'CAM')).toBeNull();
    expect(findProductByCode(index, '7890000000017')).toBeNull(); // inactive
  });

  it('searches by part of the barcode, the exact code first', () => {
    expect(searchProductIds(index, '1234567')).toEqual([idOf('CAM-1')]);
    expect(searchProductIds(index, '7891234567895')[0]).toBe(idOf('CAM-1'));
  });
});
