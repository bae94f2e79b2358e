import { describe, expect, it } from 'vitest';
import { guessMapping, headerKey, PRODUCT_FIELDS } from './fields';

describe('header guessing', () => {
  it('folds headers', () => {
    expect(headerKey('Preço de custo (R$)')).toBe('preco de custo');
    expect(headerKey(' Cód. barras ')).toBe('cod barras');
  });

  it('reads the names people use', () => {
    const mapping = guessMapping(PRODUCT_FIELDS, [
      'Código',
      'Cód. barras',
      'Descrição',
      'Preço',
      'Custo',
      'Qtd',
      'Tam',
      'Cor',
      'Mínimo',
    ]);
    expect(mapping).toEqual({
      sku: 0,
      barcode: 1,
      name: 2,
      sale_price: 3,
      cost_price: 4,
      stock: 5,
      size: 6,
      color: 7,
      minimum_stock: 8,
      active: null,
      ncm: null,
      cest: null,
      cfop: null,
      csosn: null,
      origin: null,
      unit: null,
    });
  });

  it("reads Balcão's own export", () => {
    const mapping = guessMapping(PRODUCT_FIELDS, [
      'SKU',
      'Código de barras',
      'Produto',
      'Tamanho',
      'Cor',
      'Estoque atual',
      'Estoque mínimo',
      'Preço de custo (R$)',
      'Preço de venda (R$)',
      'Status',
      'NCM',
      'CEST',
      'CFOP',
      'CSOSN',
      'Origem',
      'Unidade',
    ]);
    expect(Object.values(mapping)).toEqual([0, 1, 2, 3, 4, 8, 7, 5, 6, 9, 10, 11, 12, 13, 14, 15]);
  });

  it('reads the fiscal columns other systems export', () => {
    const mapping = guessMapping(PRODUCT_FIELDS, [
      'Cód',
      'Descrição',
      'NCM/SH',
      'Cód. CEST',
      'CST/CSOSN',
      'Un.',
      'Origem',
    ]);
    expect(mapping).toMatchObject({ sku: 0, name: 1, ncm: 2, cest: 3, csosn: 4, unit: 5, origin: 6 });
  });

  it('takes the longest name a header holds, one column per field', () => {
    const mapping = guessMapping(PRODUCT_FIELDS, ['EAN', 'Preço de venda varejo', 'Preço', 'Nome']);
    expect(mapping.barcode).toBe(0);
    expect(mapping.sale_price).toBe(2);
    expect(mapping.name).toBe(3);
    expect(mapping.sku).toBeNull();
  });
});
