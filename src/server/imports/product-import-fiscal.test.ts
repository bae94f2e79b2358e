// A catalogue's fiscal data completed in a spreadsheet: NCM, CEST, CFOP, CSOSN, origem and
// unit read as offices write them (dots, an NCM Excel turned into a number without its
// leading zero, '2 - Estrangeira...'), refused by line with the contract's reasons, and an
// empty cell leaving what the product has. On PGlite and on PostgreSQL when DATABASE_URL is set.
import { describe, expect, it } from 'vitest';
import { databases } from '../test/testDb';
import { importsSuite } from './imports-fixtures';
import { excelCsv, xlsxOf } from './sheet-fixtures';

describe.each(databases())('products import: fiscal data (%s)', (kind) => {
  const { preview, confirm, productBySku, productCoded } = importsSuite(kind);

  it('creates and completes products with their fiscal data, and names each bad code by line', async () => {
    await productCoded('FIS-UPD', { name: 'Feijão', price: 9_00, cost: 5_00, stock: 1 });
    const file = excelCsv([
      ['Código', 'Descrição', 'Preço', 'NCM', 'CEST', 'CFOP', 'CSOSN', 'Origem', 'Unidade'],
      ['FIS-NEW', 'Camiseta', '39,90', '6109.10.00', '', '5102', '102', '0 - Nacional', 'pç'],
      ['FIS-UPD', '', '', '0713.33.19', '17.001.00', '5405', '500', '', 'KG'],
      ['FIS-BAD', 'Boné', '10', '6505.00', '1', '6102', '101', '9', ''],
    ]);
    const checked = await preview('products', file, { file_name: 'fiscal.csv' });
    expect(checked.body.data.mapping).toMatchObject({ ncm: 3, cest: 4, cfop: 5, csosn: 6, origin: 7, unit: 8 });
    expect(checked.body.data.errors.map((e: { message: string }) => e.message)).toEqual([
      'Linha 4, NCM: "6505.00" informe os 8 dígitos',
      'Linha 4, CEST: "1" informe os 7 dígitos',
      'Linha 4, CFOP: "6102" use um CFOP de venda dentro do estado (5xxx), como 5102 ou 5405',
      'Linha 4, CSOSN: "101" use 102, 103, 300, 400, 500, 900',
      'Linha 4, Origem: "9" informe um número de 0 a 8',
    ]);

    const res = await confirm('products', file, { file_name: 'fiscal.csv', stock_mode: 'add' });
    expect(res.status).toBe(201);
    expect(res.body.data.counts).toEqual({ created: 1, updated: 1, unchanged: 0, errors: 1 });
    expect(await productBySku('FIS-NEW')).toMatchObject({
      ncm: '61091000',
      cest: null,
      cfop: '5102',
      csosn: '102',
      origin: 0,
      unit: 'PÇ',
    });
    expect(await productBySku('FIS-UPD')).toMatchObject({
      name: 'Feijão',
      ncm: '07133319',
      cest: '1700100',
      cfop: '5405',
      csosn: '500',
      origin: null,
      unit: 'KG',
    });
  });

  it('gives an NCM Excel kept as a number its leading zero back, and leaves codes an empty cell does not fill', async () => {
    await productCoded('FIS-XLS', { name: 'Arroz', price: 25_00, cost: 15_00, stock: 1 });
    const first = await confirm(
      'products',
      await xlsxOf([
        ['Código', 'NCM', 'CSOSN', 'Origem'],
        ['FIS-XLS', 10063021, 102, 0],
      ]),
      { file_name: 'ncm.xlsx', stock_mode: 'add' },
    );
    expect(first.status).toBe(201);
    expect(await productBySku('FIS-XLS')).toMatchObject({ ncm: '10063021', csosn: '102', origin: 0 });
    await confirm(
      'products',
      await xlsxOf([
        ['Código', 'NCM', 'CEST'],
        ['FIS-XLS', 1012100, 102000],
      ]),
      { file_name: 'ncm2.xlsx', stock_mode: 'add' },
    );
    expect(await productBySku('FIS-XLS')).toMatchObject({ ncm: '01012100', cest: '0102000', csosn: '102', origin: 0 });
  });
});
