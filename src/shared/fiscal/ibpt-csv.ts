// The IBPT table (Lei 12.741/2012, 'De Olho no Imposto') as IBPT publishes it: one CSV per
// state, named like 'TabelaIBPTaxSP26.1.A.csv' (the UF is only in the name), ';' separated,
// decimals with '.', dates dd/mm/aaaa, the description sometimes in quotes, mostly
// Windows-1252 (Latin-1) but UTF-8 too, with the header
//   codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;
//   vigenciainicio;vigenciafim;chave;versao;fonte
// tipo 0 is an NCM (goods), 1 an NBS and 2 an LC 116 service: only the NCM rows are kept (an
// NFC-e has no service items). Pure (no node:*): the screen reads the file with it to show
// progress and the errors before sending, and the server reads it again before keeping it.
import { isUf, type Uf } from './uf';

export const IBPT_HEADER = [
  'codigo', 'ex', 'tipo', 'descricao', 'nacionalfederal', 'importadosfederal', 'estadual', 'municipal',
  'vigenciainicio', 'vigenciafim', 'chave', 'versao', 'fonte',
] as const; // prettier-ignore

/** One NCM's rates: percentages (13.45 is 13,45 %), dates as YYYY-MM-DD. */
export interface IbptRow {
  ncm: string;
  /** The TIPI exception ('' for the NCM's own row). */
  ex: string;
  description: string;
  federal_national: number;
  federal_imported: number;
  state: number;
  municipal: number;
  valid_from: string;
  valid_until: string;
  key: string;
  version: string;
  source: string;
}

export interface IbptLineError {
  /** 1-based, the header being line 1. */
  line: number;
  message: string;
}

export interface IbptParse {
  rows: IbptRow[];
  errors: IbptLineError[];
  /** Bad lines in all (only the first IBPT_MAX_ERRORS are in `errors`). */
  bad_lines: number;
  /** Service rows (tipo 1 and 2) left out. */
  skipped: number;
  /** The UF the file's name gives, if any. */
  uf: Uf | null;
}

/** Errors listed at most: past this, a file is wrong throughout and more lines help no one. */
export const IBPT_MAX_ERRORS = 50;

export const NOT_IBPT_LAYOUT =
  "Este arquivo não é a tabela do IBPT: a primeira linha deveria ser 'codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte'. Baixe o arquivo .csv da sua UF em deolhonoimposto.ibpt.org.br.";
export const IBPT_EMPTY = 'A tabela do IBPT não tem nenhuma linha de NCM (tipo 0).';

// Windows-1252's 0x80-0x9F (the rest is Latin-1). Written here because Node's TextDecoder
// decodes 'windows-1252' as ISO-8859-1 (0x96 gives U+0096, not the en dash).
const CP1252_HIGH =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';

function windows1252(bytes: Uint8Array): string {
  const out: string[] = [];
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    out.push(String.fromCharCode(...chunk).replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!));
  }
  return out.join('');
}

/** The file's text: UTF-8 when it is valid UTF-8 (a BOM dropped), Windows-1252 otherwise. */
export function decodeIbptFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return windows1252(bytes);
  }
}

/** The UF in a name like 'TabelaIBPTaxSP26.1.A.csv'; null when the name does not say. */
export function ibptFileUf(fileName: string | null | undefined): Uf | null {
  const found = /TabelaIBPTax([A-Za-z]{2})/i.exec(fileName ?? '')?.[1]?.toUpperCase();
  return found && isUf(found) ? found : null;
}

/** The fields of one line: ';' separated, a field in double quotes may hold ';' and "" for a quote. */
export function splitIbptLine(line: string): string[] {
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    if (line[at] === '"') {
      let value = '';
      let i = at + 1;
      for (;;) {
        const close = line.indexOf('"', i);
        if (close < 0) {
          value += line.slice(i);
          i = line.length;
          break;
        }
        value += line.slice(i, close);
        if (line[close + 1] === '"') {
          value += '"';
          i = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
      const end = line.indexOf(';', i);
      fields.push(value + (end < 0 ? line.slice(i) : line.slice(i, end)));
      if (end < 0) return fields;
      at = end + 1;
    } else {
      const end = line.indexOf(';', at);
      if (end < 0) {
        fields.push(line.slice(at));
        return fields;
      }
      fields.push(line.slice(at, end));
      at = end + 1;
    }
  }
}

const PERCENT = /^\d{1,3}([.,]\d{1,4})?$/;
const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const FIELD_NAMES = {
  nacionalfederal: 'nacional federal',
  importadosfederal: 'importados federal',
  estadual: 'estadual',
  municipal: 'municipal',
} as const;

function isoDate(text: string): string | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const [, d, mo, y] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(mo) - 1) return null;
  return `${y}-${mo}-${d}`;
}

const isHeader = (fields: string[]) =>
  fields.length >= IBPT_HEADER.length &&
  fields.length <= IBPT_HEADER.length + 1 &&
  IBPT_HEADER.every((name, i) => fields[i]!.trim().toLowerCase() === name) &&
  (fields.length === IBPT_HEADER.length || fields[IBPT_HEADER.length]!.trim() === '');

/**
 * A reader fed one line at a time (so a screen can show its progress over a big file):
 * `line` takes each line in order, `result` gives what was read. The first non-empty line
 * must be the header; a file that is not this layout is one error on line 1 and nothing more.
 */
export function createIbptReader(fileName?: string | null) {
  const rows: IbptRow[] = [];
  const errors: IbptLineError[] = [];
  const seen = new Map<string, number>();
  let skipped = 0;
  let bad = 0;
  let header = false;
  let refused = false;
  const fail = (line: number, message: string) => {
    bad += 1;
    if (errors.length < IBPT_MAX_ERRORS) errors.push({ line, message });
  };

  function row(fields: string[], n: number): void {
    if (fields.length !== 13 && !(fields.length === 14 && fields[13]!.trim() === ''))
      return fail(n, `Linha ${n}: tem ${fields.length} campos separados por ';', e a tabela do IBPT tem 13.`);
    const f = fields.map((v) => v.trim());
    const [codigo, ex, tipo, descricao, , , , , inicio, fim, chave, versao, fonte] = f as [string, ...string[]];
    if (tipo === '1' || tipo === '2') {
      skipped += 1;
      return;
    }
    const problems: string[] = [];
    if (tipo !== '0') problems.push(`tipo '${tipo}' não é 0 (NCM), 1 (NBS) nem 2 (LC 116)`);
    const ncm = codigo.replace(/\./g, '');
    if (!/^\d{8}$/.test(ncm)) problems.push(`código '${codigo}' não é um NCM de 8 dígitos`);
    if (!/^\d{0,3}$/.test(ex!)) problems.push(`exceção (ex) '${ex}' inválida`);
    const rates = (['nacionalfederal', 'importadosfederal', 'estadual', 'municipal'] as const).map((name, i) => {
      const text = f[4 + i]!;
      if (!PERCENT.test(text))
        problems.push(`alíquota ${FIELD_NAMES[name]} '${text}' não é um percentual (ex.: 13.45)`);
      return Number(text.replace(',', '.'));
    });
    const from = isoDate(inicio!);
    const until = isoDate(fim!);
    if (!from) problems.push(`início da vigência '${inicio}' não é uma data dd/mm/aaaa`);
    if (!until) problems.push(`fim da vigência '${fim}' não é uma data dd/mm/aaaa`);
    if (from && until && until < from) problems.push('o fim da vigência é antes do início');
    if (!versao) problems.push('sem a versão da tabela');
    if (problems.length === 0) {
      const id = `${ncm}|${ex}`;
      const before = seen.get(id);
      if (before !== undefined) problems.push(`NCM ${ncm}${ex ? ` ex ${ex}` : ''} repetido (já na linha ${before})`);
      else seen.set(id, n);
    }
    if (problems.length > 0) return fail(n, `Linha ${n}: ${problems.join('; ')}.`);
    rows.push({
      ncm,
      ex: ex!,
      description: descricao!,
      federal_national: rates[0]!,
      federal_imported: rates[1]!,
      state: rates[2]!,
      municipal: rates[3]!,
      valid_from: from!,
      valid_until: until!,
      key: chave!,
      version: versao!,
      source: fonte!,
    });
  }

  return {
    /** Reads line `n` (1-based; the header is the first non-empty one). */
    line(text: string, n: number): void {
      if (refused) return;
      const clean = n === 1 ? text.replace(/^\uFEFF/, '') : text;
      if (clean.trim() === '') return;
      const fields = splitIbptLine(clean.replace(/\r$/, ''));
      if (!header) {
        header = true;
        if (!isHeader(fields)) {
          refused = true;
          errors.length = 0;
          errors.push({ line: n, message: NOT_IBPT_LAYOUT });
        }
        return;
      }
      row(fields, n);
    },
    result(): IbptParse {
      const notLayout = [{ line: 1, message: NOT_IBPT_LAYOUT }];
      if (!header) return { rows: [], errors: notLayout, bad_lines: 1, skipped, uf: null };
      const out = { rows, errors, bad_lines: refused ? 1 : bad, skipped, uf: ibptFileUf(fileName) };
      if (!refused && bad === 0 && rows.length === 0)
        Object.assign(out, { errors: [{ line: 1, message: IBPT_EMPTY }], bad_lines: 1 });
      return out;
    },
  };
}

/** The file's lines ('\r\n' or '\n'). */
export const ibptLines = (text: string) => text.split('\n');

/** Reads a whole file's text at once. */
export function parseIbptCsv(text: string, fileName?: string | null): IbptParse {
  const reader = createIbptReader(fileName);
  ibptLines(text).forEach((line, i) => reader.line(line, i + 1));
  return reader.result();
}
