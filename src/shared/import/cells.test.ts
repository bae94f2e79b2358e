import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, cpfCheckDigits } from '../documents';
import { withGtinCheckDigit } from '../gtin';
import { readBoolean, readDate, readDocument, readGtin, readInteger, readMoney, readText, type Read } from './cells';

const value = <T>(r: Read<T>) => (r.ok ? r.value : `ERRO: ${r.reason}`);

describe('numbers as offices write them', () => {
  it.each([
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['12,5', 1250],
    ['12.5', 1250],
    ['R$ 1.234,56', 123456],
    ['1.234', 123400],
    ['1.234.567,8', 123456780],
    ['0,99', 99],
    ['-3,10', -310],
    ['-', 0],
    ['  7 ', 700],
    [12.5, 1250],
    [0.1 + 0.2, 30],
  ])('money %s is %i centavos', (cell, centavos) => {
    expect(value(readMoney(cell))).toBe(centavos);
  });

  it('an empty cell is no value, not zero', () => {
    expect(value(readMoney(null))).toBeNull();
    expect(value(readMoney('   '))).toBeNull();
  });

  it.each(['12,5O', 'abc', '1,2,3', '1.23.4', '12,345', '1.234,5,6', '12..5'])('money %s is refused', (cell) => {
    const r = readMoney(cell);
    expect(r.ok).toBe(false);
  });

  it('names why a value is refused', () => {
    expect(readMoney('12,5O')).toEqual({ ok: false, reason: 'não é um valor' });
    expect(readMoney('1,234')).toEqual({ ok: false, reason: 'tem mais de 2 casas decimais' });
    expect(readInteger('2,5')).toEqual({ ok: false, reason: 'não é um número inteiro' });
  });

  it('quantities are whole', () => {
    expect(value(readInteger('1.200'))).toBe(1200);
    expect(value(readInteger('12,0'))).toBe(12);
    expect(value(readInteger('-'))).toBe(0);
    expect(value(readInteger(30))).toBe(30);
  });
});

describe('dates', () => {
  it.each([
    ['05/01/2026', '2026-01-05'],
    ['5/1/2026', '2026-01-05'],
    ['05-01-26', '2026-01-05'],
    ['2026-01-05', '2026-01-05'],
    [new Date(Date.UTC(2026, 0, 5)), '2026-01-05'],
  ])('%s is %s', (cell, day) => {
    expect(value(readDate(cell))).toBe(day);
  });

  it.each(['31/02/2026', '2026/13/01', 'amanhã', '13/13/2026'])('%s is refused', (cell) => {
    expect(readDate(cell)).toEqual({ ok: false, reason: 'não é uma data (use dd/mm/aaaa)' });
  });
});

describe('text, booleans and formulas', () => {
  it("drops Excel's text apostrophe and refuses formulas", () => {
    expect(value(readText("'-camiseta"))).toBe('-camiseta');
    expect(value(readText('  Calça  '))).toBe('Calça');
    expect(readText('=HYPERLINK("x")').ok).toBe(false);
    expect(readMoney({ formula: 'B2*2' }).ok).toBe(false);
  });

  it('reads Sim/Não and Ativo/Inativo', () => {
    expect(value(readBoolean('Ativo'))).toBe(true);
    expect(value(readBoolean('NÃO'))).toBe(false);
    expect(value(readBoolean('talvez'))).toMatch(/^ERRO/);
  });
});

describe('codes checked per row', () => {
  const ean = withGtinCheckDigit('789100000001');

  it('a barcode needs its check digit', () => {
    expect(value(readGtin(ean))).toBe(ean);
    expect(value(readGtin(Number(ean)))).toBe(ean);
    expect(value(readGtin('SEM GTIN'))).toBeNull();
    const wrong = `${ean.slice(0, -1)}${(Number(ean.at(-1)) + 1) % 10}`;
    expect(value(readGtin(wrong))).toBe('ERRO: não é um código de barras válido (o dígito verificador não confere.)');
    expect(value(readGtin('7,89123E+12'))).toMatch(/notação científica/);
  });

  it('CPF, CNPJ and the alphanumeric CNPJ', () => {
    const cpf = `012345678${cpfCheckDigits('012345678')}`;
    const cnpj = `112223330001${cnpjCheckDigits('112223330001')}`;
    const alnum = `12ABC34501DE${cnpjCheckDigits('12ABC34501DE')}`;
    expect(value(readDocument(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`))).toBe(cpf);
    expect(value(readDocument(Number(cpf)))).toBe(cpf);
    expect(value(readDocument(cnpj))).toBe(cnpj);
    expect(value(readDocument(`12.abc.345/01de-${alnum.slice(12)}`))).toBe(alnum);
    expect(value(readDocument('123.456.789-00'))).toBe('ERRO: não é um CPF nem um CNPJ válido');
  });
});
