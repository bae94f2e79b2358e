import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCentavos, parseCsv } from '../test/csv-parse';
import { CSV_BOM, csvDate, csvDecimal, csvFileName, csvMoney, toCsv } from './csv';

const bytesOf = (text: string) => [...new TextEncoder().encode(text)];

describe('toCsv', () => {
  it('starts with the UTF-8 BOM, separates by ; and ends lines with CRLF', () => {
    const text = toCsv([
      ['SKU', 'Produto'],
      ['A1', 'Camisa Ação'],
    ]);
    expect(bytesOf(text).slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toBe(`${CSV_BOM}SKU;Produto\r\nA1;Camisa Ação\r\n`);
  });

  it('quotes a cell holding ;, " or a line break, doubling the quotes', () => {
    const text = toCsv([['Camisa; azul', 'Bota "couro"', 'linha 1\nlinha 2', 'cr\rsó', 'simples']]);
    expect(text).toBe(`${CSV_BOM}"Camisa; azul";"Bota ""couro""";"linha 1\nlinha 2";"cr\rsó";simples\r\n`);
  });

  it('writes empty cells for null and undefined, and integers as they are', () => {
    expect(toCsv([[null, undefined, 0, 42, -7]])).toBe(`${CSV_BOM};;0;42;-7\r\n`);
  });

  it('writes fractional numbers with a decimal comma', () => {
    expect(toCsv([[12.5, -0.25]])).toBe(`${CSV_BOM}12,5;-0,25\r\n`);
  });

  it('keeps a text that Excel would run as a formula as text', () => {
    expect(toCsv([['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)']])).toBe(
      `${CSV_BOM}"'=HYPERLINK(""x"")";'+1;'-2;'@SUM(A1)\r\n`,
    );
  });

  it('parses back to the same cells, whatever the text', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'ç', ';', '"', '\n', '\r', ' ', '1', ',') });
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        // Cells are typed text; formula starts get their apostrophe, as written.
        const expected = rows.map((row) => row.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)));
        expect(parseCsv(toCsv(rows))).toEqual(expected);
      }),
    );
  });
});

describe('cell formats', () => {
  it('writes money with a decimal comma and no thousands mark', () => {
    expect(csvMoney(123456).csv).toBe('1234,56');
    expect(csvMoney(5).csv).toBe('0,05');
    expect(csvMoney(0).csv).toBe('0,00');
    expect(csvMoney(-1050).csv).toBe('-10,50');
    expect(csvMoney(100_000_000_00).csv).toBe('100000000,00');
  });

  it('reads back every amount of centavos', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (centavos) => {
        expect(csvCentavos(csvMoney(centavos).csv)).toBe(centavos);
      }),
    );
  });

  it('writes decimals with a comma and a fixed number of places', () => {
    expect(csvDecimal(12.5).csv).toBe('12,50');
    expect(csvDecimal(-3.456, 1).csv).toBe('-3,5');
    expect(csvDecimal(-0.001).csv).toBe('0,00');
    expect(csvDecimal(7, 0).csv).toBe('7');
  });

  it('writes dates as dd/MM/yyyy (timestamps on their São Paulo day)', () => {
    expect(csvDate('2027-03-05').csv).toBe('05/03/2027');
    expect(csvDate('2027-03-06T01:30:00.000Z').csv).toBe('05/03/2027');
  });

  it('names files without accents or separators', () => {
    expect(csvFileName('DRE 01/03/2027 a 30/03/2027')).toBe('dre-01-03-2027-a-30-03-2027.csv');
    expect(csvFileName('Balanço')).toBe('balanco.csv');
    expect(csvFileName('???')).toBe('exportacao.csv');
  });
});
