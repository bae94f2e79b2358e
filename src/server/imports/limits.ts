// How big a spreadsheet Balcão reads, and the pt-BR words for a file it will not read.
import type { Cell } from '../../shared/import/cells';
import { badRequest } from '../errors';

export interface SheetRow {
  /** the row's number in the spreadsheet (1: the header) */
  line: number;
  cells: Cell[];
}

/** The largest file accepted. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows past this are not read (the header included). */
export const IMPORT_MAX_ROWS = 100_000;
/** Columns past this are not read. */
export const IMPORT_MAX_COLUMNS = 200;
/** What an XLSX may unpack to, all its parts together: a zip bomb stops here. */
export const IMPORT_MAX_UNZIPPED_BYTES = 400 * 1024 * 1024;

export const FILE_MESSAGES = {
  tooBig: 'A planilha passa de 20 MB. Divida-a em arquivos menores.',
  empty: 'O arquivo está vazio.',
  notSpreadsheet: 'O arquivo não é uma planilha: envie um .xlsx ou um .csv.',
  oldExcel: 'Planilha do Excel antiga (.xls): abra-a no Excel e salve como .xlsx ou CSV.',
  brokenXlsx: 'Não foi possível ler a planilha .xlsx: o arquivo está corrompido.',
  zipBomb: 'A planilha .xlsx se expande demais ao ser aberta (mais de 400 MB) e não foi lida.',
  tooManyRows: `A planilha passa de ${IMPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas. Divida-a em arquivos menores.`,
  mixedEncoding:
    'O arquivo mistura codificações de texto: salve-o de novo no Excel como "CSV UTF-8" ou "CSV (separado por vírgulas)".',
  brokenCsv: (line: number) => `O CSV não pôde ser lido perto da linha ${line}: confira as aspas (") dessa linha.`,
  noHeader: 'A primeira linha da planilha precisa ter os nomes das colunas.',
} as const;

export const fileRefused = (message: string) => badRequest(message, [{ path: 'file', message }]);
