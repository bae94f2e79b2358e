// How values are written inside the fiscal XML. The document is written once, by us, with
// no whitespace between tags, no comments, no empty elements and only the default
// namespace; text escapes exactly what the canonical form (C14N 1.0) escapes (& < >), so
// the bytes written are already canonical and the signature digests them as they are.

/** What the schemas' TString admits: characters U+0021..U+00FF, single inner spaces allowed. */
const OUTSIDE_LATIN1 = /[^\u0020-\u007e\u00a0-\u00ff]/g;

/** Typographic characters people paste, as the schema's character range can carry them. */
const PLAIN_EQUIVALENTS: Readonly<Record<string, string>> = {
  '\u2018': "'", '\u2019': "'", '\u201a': "'", '\u201c': '"', '\u201d': '"', '\u201e': '"',
  '\u2013': '-', '\u2014': '-', '\u2212': '-', '\u2026': '...', '\u00a0': ' ', '\u2022': '-',
}; // prettier-ignore

/**
 * Text as the fiscal document can carry it: typographic quotes and dashes made plain,
 * accents kept (Latin-1), other characters (emoji, CJK) dropped, every run of whitespace
 * (tabs and line breaks included) made one space, trimmed, and cut to `max` characters.
 */
export function fiscalText(value: string, max: number): string {
  const plain = value
    .normalize('NFC')
    .replace(
      /[\u2018\u2019\u201a\u201c\u201d\u201e\u2013\u2014\u2212\u2026\u00a0\u2022]/g,
      (c) => PLAIN_EQUIVALENTS[c]!,
    )
    .replace(/\s+/g, ' ')
    .replace(OUTSIDE_LATIN1, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  return plain.length > max ? plain.slice(0, max).trimEnd() : plain;
}

/** Escapes text content as C14N writes it. */
export function escapeXmlText(value: string): string {
  return value.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** `<name>text</name>`, text escaped; the caller has already made it fiscal text. */
export function tag(name: string, text: string): string {
  return `<${name}>${escapeXmlText(text)}</${name}>`;
}

/** Integer centavos => '1234.56' (TDec_1302). */
export function decimal2(centavos: number): string {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`decimal2: centavos inteiros (${centavos})`);
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A quantity with at most four decimals, in ten-thousandths; null when it has more. */
export function quantityE4(quantity: number): number | null {
  const scaled = Math.round(quantity * 10_000);
  return Number.isSafeInteger(scaled) && Math.abs(quantity * 10_000 - scaled) < 1e-6 ? scaled : null;
}

/** Ten-thousandths => '1.2500' (TDec_1104v). */
export function decimal4(e4: number): string {
  if (!Number.isSafeInteger(e4) || e4 < 0) throw new RangeError(`decimal4: inteiro não negativo (${e4})`);
  return `${Math.trunc(e4 / 10_000)}.${String(e4 % 10_000).padStart(4, '0')}`;
}

/** Only the digits of a value typed with punctuation ('01.310-100' => '01310100'). */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');
