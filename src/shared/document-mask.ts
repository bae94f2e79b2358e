// A CPF or CNPJ formatted while it is typed: the separators appear between the characters
// typed, never after the last one (so erasing one never gets stuck on a '.' the mask puts
// back). Digits only up to 11 are a CPF (000.000.000-00); 12 to 14, or any letter (the
// alphanumeric CNPJ of July 2026), a CNPJ (00.000.000/0000-00). Anything else is dropped.

const CPF_SEPARATORS: Record<number, string> = { 3: '.', 6: '.', 9: '-' };
const CNPJ_SEPARATORS: Record<number, string> = { 2: '.', 5: '.', 8: '/', 12: '-' };

/** The characters of a document as typed: letters upper case, at most 14. */
export function documentCharacters(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 14);
}

export function maskDocument(typed: string): string {
  const bare = documentCharacters(typed);
  const separators = bare.length <= 11 && /^\d*$/.test(bare) ? CPF_SEPARATORS : CNPJ_SEPARATORS;
  let out = '';
  for (let i = 0; i < bare.length; i++) out += (i > 0 ? (separators[i] ?? '') : '') + bare[i];
  return out;
}
