import { describe, expect, it } from 'vitest';
import {
  createIbptReader,
  decodeIbptFile,
  IBPT_EMPTY,
  IBPT_MAX_ERRORS,
  ibptFileUf,
  ibptLines,
  NOT_IBPT_LAYOUT,
  parseIbptCsv,
  splitIbptLine,
} from './ibpt-csv';
import { IBPT_HEADER_LINE, ibptTable, latin1, utf8 } from './test/ibpt-sample';

const withLines = (...lines: string[]) => [IBPT_HEADER_LINE, ...lines].join('\r\n');
const GOOD = '09012100;;0;Café;4.20;6.69;12.00;0.00;01/01/2026;31/12/2026;8A3F1C;26.1.A;IBPT';

describe('the IBPT table as IBPT publishes it', () => {
  it('reads the NCM rows with their rates, validity and version, leaving the services out', () => {
    const read = parseIbptCsv(ibptTable(), 'TabelaIBPTaxSP26.1.A.csv');
    expect(read.errors).toEqual([]);
    expect(read.uf).toBe('SP');
    expect(read.skipped).toBe(2);
    expect(read.rows.map((r) => `${r.ncm}/${r.ex}`)).toEqual([
      '09012100/', '22021000/', '04069090/', '61091000/', '39269090/01', '39269090/',
    ]); // prettier-ignore
    expect(read.rows[0]).toEqual({
      ncm: '09012100',
      ex: '',
      description: 'Café torrado, não descafeinado',
      federal_national: 4.2,
      federal_imported: 6.69,
      state: 12,
      municipal: 0,
      valid_from: '2026-01-01',
      valid_until: '2026-12-31',
      key: '8A3F1C',
      version: '26.1.A',
      source: 'IBPT/empresometro.com.br',
    });
    expect(read.rows[1]!.description).toBe('Águas, incluindo as águas minerais; adicionadas de açúcar');
    expect(read.rows[3]!.description).toBe('Camisetas "T-shirts" e camisetas interiores, de malha, de algodão');
  });

  it('reads the same table from Latin-1 (Windows-1252) and from UTF-8 bytes, with or without BOM', () => {
    const text = ibptTable(20);
    const fromLatin1 = parseIbptCsv(decodeIbptFile(latin1(text)));
    const fromUtf8 = parseIbptCsv(decodeIbptFile(utf8(text)));
    const fromBom = parseIbptCsv(decodeIbptFile(utf8(`\uFEFF${text}`)));
    expect(fromLatin1.errors).toEqual([]);
    expect(fromLatin1.rows).toHaveLength(26);
    expect(fromUtf8.rows).toEqual(fromLatin1.rows);
    expect(fromBom.rows).toEqual(fromLatin1.rows);
    expect(fromLatin1.rows[0]!.description).toBe('Café torrado, não descafeinado');
    // Windows-1252, not only ISO-8859-1: 0x96 is an en dash.
    expect(decodeIbptFile(Uint8Array.of(0x41, 0x96, 0xe7))).toBe('A–ç');
  });

  it('reads a state-sized file (13,000 rows) line by line, as the screen does to show progress', () => {
    const lines = ibptLines(ibptTable(13_000));
    const reader = createIbptReader('TabelaIBPTaxRJ26.1.A.csv');
    lines.forEach((line, i) => reader.line(line, i + 1));
    const read = reader.result();
    expect(read.errors).toEqual([]);
    expect(read.rows).toHaveLength(13_006);
    expect(read.uf).toBe('RJ');
  });

  it('gives each bad row its line number and the reason, in pt-BR', () => {
    const read = parseIbptCsv(
      withLines(
        GOOD,
        '0901210;;0;Café;4.20;6.69;12.00;0.00;01/01/2026;31/12/2026;8A3F1C;26.1.A;IBPT',
        '09012200;;0;Café;4,20;abc;12.00;0.00;31/02/2026;31/12/2026;8A3F1C;26.1.A;IBPT',
        '09012300;;0;Café;4.20;6.69;12.00;0.00;01/01/2026',
        '09012100;;0;Café de novo;4.20;6.69;12.00;0.00;01/01/2026;31/12/2026;8A3F1C;26.1.A;IBPT',
        '09012400;;5;Café;4.20;6.69;12.00;0.00;01/06/2026;01/01/2026;8A3F1C;;IBPT',
      ),
    );
    expect(read.rows).toHaveLength(1);
    expect(read.errors).toEqual([
      { line: 3, message: "Linha 3: código '0901210' não é um NCM de 8 dígitos." },
      {
        line: 4,
        message:
          "Linha 4: alíquota importados federal 'abc' não é um percentual (ex.: 13.45); início da vigência '31/02/2026' não é uma data dd/mm/aaaa.",
      },
      { line: 5, message: "Linha 5: tem 9 campos separados por ';', e a tabela do IBPT tem 13." },
      { line: 6, message: 'Linha 6: NCM 09012100 repetido (já na linha 2).' },
      {
        line: 7,
        message:
          "Linha 7: tipo '5' não é 0 (NCM), 1 (NBS) nem 2 (LC 116); o fim da vigência é antes do início; sem a versão da tabela.",
      },
    ]);
  });

  it('lists at most IBPT_MAX_ERRORS errors of a file wrong throughout', () => {
    const bad = Array.from(
      { length: 200 },
      (_, i) => `x${i};;0;Café;4.20;6.69;12.00;0.00;01/01/2026;31/12/2026;K;26.1.A;IBPT`,
    );
    const read = parseIbptCsv(withLines(...bad));
    expect(read.errors).toHaveLength(IBPT_MAX_ERRORS);
    expect(read.bad_lines).toBe(200);
    expect(read.errors[0]!.line).toBe(2);
  });

  it('refuses a file that is not this layout, and one without any NCM row', () => {
    for (const text of [
      '',
      'nome;preco\r\nCafé;10,00',
      'codigo;ex;tipo;descricao\r\n09012100;;0;Café',
      `${IBPT_HEADER_LINE};extra\r\n${GOOD}`,
    ]) {
      const read = parseIbptCsv(text);
      expect(read.rows).toEqual([]);
      expect(read.errors).toEqual([{ line: 1, message: NOT_IBPT_LAYOUT }]);
    }
    const services = parseIbptCsv(
      withLines('0107;;2;Suporte;13.45;0.00;0.00;2.90;01/01/2026;31/12/2026;K;26.1.A;IBPT'),
    );
    expect(services.errors).toEqual([{ line: 1, message: IBPT_EMPTY }]);
    // A header in capitals and a trailing ';' (some exports) is still the layout.
    const upper = parseIbptCsv(`${IBPT_HEADER_LINE.toUpperCase()};\n${GOOD};\n`);
    expect(upper.errors).toEqual([]);
    expect(upper.rows).toHaveLength(1);
  });

  it('finds the UF in the file name only when it is one', () => {
    expect(ibptFileUf('TabelaIBPTaxSP26.1.A.csv')).toBe('SP');
    expect(ibptFileUf('c:/Downloads/tabelaibptaxmg26.1.B.csv')).toBe('MG');
    expect(ibptFileUf('TabelaIBPTaxXX26.1.A.csv')).toBeNull();
    expect(ibptFileUf('tabela.csv')).toBeNull();
    expect(ibptFileUf(null)).toBeNull();
  });

  it('splits fields with quotes, quoted quotes and empty fields', () => {
    expect(splitIbptLine('a;"b;c";"d ""e""";;f')).toEqual(['a', 'b;c', 'd "e"', '', 'f']);
    expect(splitIbptLine('"unclosed;x')).toEqual(['unclosed;x']);
    expect(splitIbptLine('')).toEqual(['']);
  });
});
