// The sale number people read aloud and type: 'A-0042'. A device's code (letters the
// server gives each device once, on its first contact: A, B, ... Z, AA, AB, ...) and that
// device's own sequence, counted on the device, so a till makes the number without the
// network and two tills never make the same one. A sale that reached the server without
// a number (another client, an old sale) has one of the store's own sequence, without
// letters: '0107'. At least four digits; more when a sequence passes 9999.

export const SALE_NUMBER_DIGITS = 4;
/** The number as stored and sent: an optional code of 1 to 3 capitals, then digits. */
export const SALE_NUMBER_PATTERN = /^([A-Z]{1,3}-)?[0-9]{4,}$/;
export const DEVICE_CODE_PATTERN = /^[A-Z]{1,3}$/;

/** 'A-0042' for a device's sale; '0042' for one the server numbered. */
export function formatSaleNumber(code: string | null, seq: number): string {
  const digits = String(seq).padStart(SALE_NUMBER_DIGITS, '0');
  return code ? `${code}-${digits}` : digits;
}

/** 'Venda #A-0042': how every screen and the cash book name a sale. */
export function saleLabel(number: string): string {
  return `Venda #${number}`;
}

/** The n-th device's code (1 = A, 26 = Z, 27 = AA, 702 = ZZ, 703 = AAA). */
export function deviceCodeOf(n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('deviceCodeOf: n >= 1');
  let code = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) code = String.fromCharCode(65 + ((k - 1) % 26)) + code;
  return code;
}

/**
 * What a person typed, as the numbers it may mean: 'a42', '#A-0042', 'a 42' name 'A-0042';
 * bare digits ('42') name the store's own '0042' and any device's sale 42 (`anyDevice`).
 * null when it cannot be a sale number.
 */
export function parseSaleNumber(typed: string): { number: string; anyDevice: boolean } | null {
  const clean = typed.trim().toUpperCase().replace(/^#/, '').replace(/\s+/g, '');
  const match = /^([A-Z]{1,3})?-?([0-9]{1,9})$/.exec(clean);
  if (!match) return null;
  const seq = Number(match[2]);
  return { number: formatSaleNumber(match[1] ?? null, seq), anyDevice: !match[1] };
}

/** What a person is told when the text typed (or read from a receipt) cannot be a sale number. */
export const SALE_NUMBER_INVALID = 'Número da venda inválido: use o número do recibo, como A-0042.';
