// The NF-e access key (chave de acesso): 44 characters,
//   cUF (2) · AAMM (4) · emitter's CNPJ (14; a CPF is written with 3 leading zeros) ·
//   model (2: 55 NF-e, 65 NFC-e) · series (3) · number (9) · emission type (1) ·
//   numeric code (8) · check digit (1).
// The check digit is mod 11 with weights 2 to 9 from the right, repeating; 0 when the
// remainder is 0 or 1. From July 2026 the CNPJ part may hold letters (alphanumeric CNPJ):
// a character is worth its ASCII code minus 48, as in the CNPJ's own check digits.

export const NFE_KEY_LENGTH = 44;

export const NFE_KEY_MESSAGES = {
  format: 'Chave de acesso inválida: são 44 dígitos.',
  checkDigit: 'Chave de acesso inválida: o dígito verificador não confere.',
} as const;

/** IBGE state codes, as the key's first two digits. */
// prettier-ignore
export const UF_BY_CODE: Readonly<Record<string, string>> = {
  '11': 'RO', '12': 'AC', '13': 'AM', '14': 'RR', '15': 'PA', '16': 'AP', '17': 'TO',
  '21': 'MA', '22': 'PI', '23': 'CE', '24': 'RN', '25': 'PB', '26': 'PE', '27': 'AL', '28': 'SE', '29': 'BA',
  '31': 'MG', '32': 'ES', '33': 'RJ', '35': 'SP',
  '41': 'PR', '42': 'SC', '43': 'RS',
  '50': 'MS', '51': 'MT', '52': 'GO', '53': 'DF',
};

const KEY_SHAPE = /^\d{6}[0-9A-Z]{14}\d{24}$/;
const BODY_SHAPE = /^\d{6}[0-9A-Z]{14}\d{23}$/;

/** The check digit of the key's first 43 characters. */
export function nfeKeyCheckDigit(first43: string): number {
  if (!BODY_SHAPE.test(first43)) throw new RangeError('nfeKeyCheckDigit: 43 caracteres da chave');
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += (first43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Spaces, dots and the 'NFe' of infNFe/@Id removed; letters uppercased. */
export function normalizeNfeKey(raw: string): string {
  return raw
    .trim()
    .replace(/^NFe/i, '')
    .replace(/[\s.-]/g, '')
    .toUpperCase();
}

export function isValidNfeKey(key: string): boolean {
  return KEY_SHAPE.test(key) && nfeKeyCheckDigit(key.slice(0, 43)) === Number(key[43]);
}

export interface NfeKeyParts {
  uf_code: string;
  /** The state's letters ('SP'); null for a code that is no state. */
  uf: string | null;
  /** 'AAMM' as written: year and month of issue. */
  year_month: string;
  /** The emitter's CNPJ, or '000' + CPF. */
  issuer_document: string;
  model: string;
  series: number;
  number: number;
  emission_type: string;
  numeric_code: string;
  check_digit: number;
}

export type NfeKeyResult = { ok: true; key: string; parts: NfeKeyParts } | { ok: false; message: string };

/** Checks a key (bare or with 'NFe', spaces and dots) and splits it into its parts. */
export function parseNfeKey(raw: string): NfeKeyResult {
  const key = normalizeNfeKey(raw);
  if (!KEY_SHAPE.test(key)) return { ok: false, message: NFE_KEY_MESSAGES.format };
  if (!isValidNfeKey(key)) return { ok: false, message: NFE_KEY_MESSAGES.checkDigit };
  return {
    ok: true,
    key,
    parts: {
      uf_code: key.slice(0, 2),
      uf: UF_BY_CODE[key.slice(0, 2)] ?? null,
      year_month: key.slice(2, 6),
      issuer_document: key.slice(6, 20),
      model: key.slice(20, 22),
      series: Number(key.slice(22, 25)),
      number: Number(key.slice(25, 34)),
      emission_type: key.slice(34, 35),
      numeric_code: key.slice(35, 43),
      check_digit: Number(key[43]),
    },
  };
}

/** A key from its parts (tests and fixtures), with its check digit. */
export function buildNfeKey(parts: {
  uf_code: string;
  year_month: string;
  issuer_document: string;
  model?: string;
  series: number;
  number: number;
  emission_type?: string;
  numeric_code: string;
}): string {
  const body =
    parts.uf_code +
    parts.year_month +
    parts.issuer_document.padStart(14, '0') +
    (parts.model ?? '55') +
    String(parts.series).padStart(3, '0') +
    String(parts.number).padStart(9, '0') +
    (parts.emission_type ?? '1') +
    parts.numeric_code.padStart(8, '0');
  return `${body}${nfeKeyCheckDigit(body)}`;
}
