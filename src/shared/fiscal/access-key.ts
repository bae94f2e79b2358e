// The NFC-e's access key (chave de acesso) and its random part. The key's layout and its
// check digit (modulo 11, a letter of the alphanumeric CNPJ worth its ASCII code minus 48)
// live in nfe-key.ts, shared with the NF-e entry; here is what an emitter adds: the key
// from a note's parts, and cNF, the 8 random digits that keep a key from being guessed
// from the note's number.
import { NFE_KEY_LENGTH, nfeKeyCheckDigit } from '../nfe-key';

export const NFCE_MODEL = '65';

/** tpEmis of an NFC-e: 1 normal (authorized before it is printed), 9 offline contingency. */
export type EmissionType = 1 | 9;
/** Where the key carries tpEmis (after cUF, AAMM, CNPJ, mod, série and nNF). */
const EMISSION_TYPE_AT = 34;

export interface AccessKeyParts {
  /** IBGE code of the emitter's state ('35'). */
  uf_code: string;
  /** 'AAMM' of dhEmi in the state's time. */
  year_month: string;
  /** The emitter's CNPJ, 14 characters (letters in the first 12 for an alphanumeric one). */
  cnpj: string;
  series: number;
  number: number;
  /** tpEmis: 1 normal, 9 offline contingency. */
  emission_type: EmissionType;
  /** cNF, 8 digits. */
  numeric_code: string;
}

export const SERIES_MAX = 999;
export const NUMBER_MAX = 999_999_999;

/** The 44 characters of the key, its check digit last. */
export function buildAccessKey(parts: AccessKeyParts): string {
  if (!/^\d{2}$/.test(parts.uf_code)) throw new RangeError('chave: cUF de 2 dígitos');
  if (!/^\d{2}(0[1-9]|1[0-2])$/.test(parts.year_month)) throw new RangeError('chave: AAMM inválido');
  if (!/^[0-9A-Z]{12}\d{2}$/.test(parts.cnpj)) throw new RangeError('chave: CNPJ de 14 caracteres');
  if (!Number.isInteger(parts.series) || parts.series < 0 || parts.series > SERIES_MAX)
    throw new RangeError('chave: série de 0 a 999');
  if (!Number.isInteger(parts.number) || parts.number < 1 || parts.number > NUMBER_MAX)
    throw new RangeError('chave: número de 1 a 999.999.999');
  if (!/^\d{8}$/.test(parts.numeric_code)) throw new RangeError('chave: cNF de 8 dígitos');
  const body =
    parts.uf_code +
    parts.year_month +
    parts.cnpj +
    NFCE_MODEL +
    String(parts.series).padStart(3, '0') +
    String(parts.number).padStart(9, '0') +
    String(parts.emission_type) +
    parts.numeric_code;
  const key = `${body}${nfeKeyCheckDigit(body)}`;
  if (key.length !== NFE_KEY_LENGTH) throw new Error('chave: tamanho inesperado');
  return key;
}

/** The tpEmis a note's key carries: the key is made with it, so the key tells how the note was issued. */
export function emissionTypeOfKey(key: string): EmissionType {
  return key.charAt(EMISSION_TYPE_AT) === '9' ? 9 : 1;
}

/**
 * Whether `code` may be a note's cNF: 8 digits, not the note's number (written in 8 digits
 * as the key's number field ends), and none of the codes a person would guess (one digit
 * repeated, 12345678, 87654321 and the like), which some states refuse.
 */
export function isUsableNumericCode(code: string, number: number): boolean {
  if (!/^\d{8}$/.test(code)) return false;
  if (Number(code) === number % 100_000_000) return false;
  const digits = [...code].map(Number);
  const steps = digits.slice(1).map((d, i) => d - digits[i]!);
  return !steps.every((s) => s === 0) && !steps.every((s) => s === 1) && !steps.every((s) => s === -1);
}

/** cNF drawn from `random` (values in [0, 1)): the same source gives the same code. */
export function drawNumericCode(number: number, random: () => number): string {
  for (let attempt = 0; attempt < 100; attempt++) {
    const code = String(Math.floor(random() * 100_000_000)).padStart(8, '0');
    if (isUsableNumericCode(code, number)) return code;
  }
  throw new Error('cNF: a fonte aleatória não deu um código válido em 100 tentativas');
}
