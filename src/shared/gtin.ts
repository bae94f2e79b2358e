// GTIN barcodes (GTIN-8, -12 (UPC-A), -13 (EAN-13) and -14): normalising what a person,
// a scanner or a supplier's NF-e writes, the GS1 check digit, and the pt-BR reasons a
// code is refused. 'SEM GTIN' (what an NF-e writes for goods without one) and an empty
// field mean no barcode. One rule for the product form, the till's scan and the NF-e.

export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** What an NF-e's cEAN/cEANTrib holds for goods without a barcode. */
export const NO_GTIN = 'SEM GTIN';

export const GTIN_MESSAGES = {
  length: 'Código de barras inválido: use 8, 12, 13 ou 14 dígitos (GTIN/EAN).',
  digits: 'Código de barras inválido: use só números.',
  checkDigit: 'Código de barras inválido: o dígito verificador não confere.',
} as const;

/**
 * The GS1 check digit of a GTIN's body (every digit but the last, 7 to 13 digits): from
 * the right, weights 3, 1, 3, 1...; the digit that takes the sum to a multiple of 10.
 */
export function gtinCheckDigit(body: string): number {
  if (!/^\d{7,13}$/.test(body)) throw new RangeError('gtinCheckDigit: o corpo do GTIN tem de 7 a 13 dígitos');
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - 1 - i;
    sum += Number(body[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A body (7, 11, 12 or 13 digits) with its check digit appended. */
export function withGtinCheckDigit(body: string): string {
  return `${body}${gtinCheckDigit(body)}`;
}

/** True for 8, 12, 13 or 14 digits whose last digit is the check digit. */
export function isValidGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !(GTIN_LENGTHS as readonly number[]).includes(code.length)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code[code.length - 1]);
}

/**
 * What was typed or read, as bare digits: spaces, dots and hyphens are dropped; empty,
 * 'SEM GTIN' (any case, any spacing) => null (no barcode). Other characters are kept so
 * that the check can name them.
 */
export function normalizeGtin(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const text = raw.trim();
  if (text === '' || text.replace(/\s+/g, ' ').toUpperCase() === NO_GTIN) return null;
  return text.replace(/[\s.-]/g, '');
}

export type GtinResult = { ok: true; gtin: string | null } | { ok: false; message: string };

/** Normalises and checks a barcode field: no barcode is fine; anything else must be a valid GTIN. */
export function parseGtin(raw: string | null | undefined): GtinResult {
  const gtin = normalizeGtin(raw);
  if (gtin === null) return { ok: true, gtin: null };
  if (!/^\d+$/.test(gtin)) return { ok: false, message: GTIN_MESSAGES.digits };
  if (!(GTIN_LENGTHS as readonly number[]).includes(gtin.length)) return { ok: false, message: GTIN_MESSAGES.length };
  if (!isValidGtin(gtin)) return { ok: false, message: GTIN_MESSAGES.checkDigit };
  return { ok: true, gtin };
}

/**
 * The GTIN padded with zeros to 14 digits: the same item whatever length it was written
 * in (a UPC-A '036000291452' and the EAN-13 '0036000291452' a scanner may read for it are
 * one code). Compare and keep barcodes unique by this.
 */
export function gtin14(code: string): string {
  return code.padStart(14, '0');
}

/**
 * cEAN: the barcode when it is a valid GTIN that circulates outside the store; 'SEM GTIN'
 * for none, an invalid one, or a restricted-circulation code (GS1 prefixes 020-029,
 * 040-049 and 200-299, GTIN-8 starting with 0 or 2: the store's own codes for weighed
 * goods), which the state's GTIN registry does not know.
 */
export function fiscalGtin(barcode: string | null | undefined): string {
  const gtin = normalizeGtin(barcode);
  if (gtin === null || !isValidGtin(gtin)) return NO_GTIN;
  if (gtin.length === 8) return /^[02]/.test(gtin) ? NO_GTIN : gtin;
  const prefix = Number(gtin14(gtin).slice(1, 4));
  const restricted =
    (prefix >= 20 && prefix <= 29) || (prefix >= 40 && prefix <= 49) || (prefix >= 200 && prefix <= 299);
  return restricted ? NO_GTIN : gtin;
}
