import { describe, expect, it } from 'vitest';
import { ProductSchema } from '../../../shared/contract/products';
import { productJson } from '../../test/fixtures';
import { csvCentavos, parseCsv } from '../../test/csv-parse';
import { toCsv } from '../../lib/csv';
import { PRODUCT_CSV_HEADER, productRows } from './products-csv';

describe('products CSV', () => {
  it('writes one row per product, prices in reais with a decimal comma, quoting names that need it', () => {
    const products = [
      productJson({
        sku: 'CAM-1',
        name: 'Camisa "Polo"; azul',
        barcode: '7891234567895',
        cost_price: 10.5,
        sale_price: 1234.9,
      }),
      productJson({ sku: 'BON-2', name: 'Boné', current_stock: -2, minimum_stock: 3, active: false }),
    ].map((p) => ProductSchema.parse(p));
    const noFiscal = ['', '', '', '', '', 'UN'];
    const rows = parseCsv(toCsv(productRows(products)));
    expect(rows[0]).toEqual([...PRODUCT_CSV_HEADER]);
    expect(rows[1]).toEqual([
      'CAM-1',
      '7891234567895',
      'Camisa "Polo"; azul',
      'M',
      'Azul',
      '10',
      '2',
      '10,50',
      '1234,90',
      'Ativo',
      ...noFiscal,
    ]);
    expect(rows[2]![1]).toBe('');
    expect(rows[2]!.slice(5)).toEqual(['-2', '3', '10,50', '19,90', 'Inativo', ...noFiscal]);
    expect(csvCentavos(rows[1]![8]!)).toBe(123_490);
    expect(rows).toHaveLength(3);
  });

  it('leaves the cost column out when the list came without cost prices', () => {
    const products = [productJson({ sku: 'CAM-1', name: 'Camisa', sale_price: 20 })].map(
      ({ cost_price: _hidden, ...p }) => ProductSchema.parse(p),
    );
    const rows = parseCsv(toCsv(productRows(products)));
    expect(rows[0]).toEqual(PRODUCT_CSV_HEADER.filter((h) => h !== 'Preço de custo (R$)'));
    expect(rows[1]).toEqual([
      'CAM-1',
      '',
      'Camisa',
      'M',
      'Azul',
      '10',
      '2',
      '20,00',
      'Ativo',
      '',
      '',
      '',
      '',
      '',
      'UN',
    ]);
  });

  it('writes the fiscal data the import reads back, NCM and CEST with their dots so Excel keeps the zeros', () => {
    const product = ProductSchema.parse(
      productJson({
        sku: 'FEI-1',
        ncm: '07133319',
        cest: '0102000',
        cfop: '5405',
        csosn: '500',
        origin: 0,
        unit: 'KG',
      }),
    );
    const rows = parseCsv(toCsv(productRows([product])));
    expect(rows[1]!.slice(-6)).toEqual(['0713.33.19', '01.020.00', '5405', '500', '0', 'KG']);
  });
});
