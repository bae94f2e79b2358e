// CPF and CNPJ check digits. CNPJ includes the alphanumeric form valid from July 2026
// (12 characters 0-9/A-Z, then two numeric check digits; a character is worth its
// ASCII code minus 48). Accepted formatted or bare; stored bare (uppercase).

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Removes punctuation and spaces, uppercases letters: '12.ABC.345/01DE-35' => '12ABC34501DE35'. */
export function stripDocument(value: string): string {
  return value.replace(/[\s./-]/g, '').toUpperCase();
}

function checkDigit(values: number[], weights: number[]): number {
  const sum = values.reduce((acc, v, i) => acc + v * weights[i]!, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(value: string): boolean {
  const cpf = stripDocument(value);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const digits = [...cpf].map(Number);
  const dv = (n: number) => {
    const sum = digits.slice(0, n).reduce((acc, d, i) => acc + d * (n + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return dv(9) === digits[9] && dv(10) === digits[10];
}

export function isValidCnpj(value: string): boolean {
  const cnpj = stripDocument(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const values = [...cnpj].map((c) => c.charCodeAt(0) - 48);
  const dv1 = checkDigit(values.slice(0, 12), CNPJ_WEIGHTS_1);
  const dv2 = checkDigit([...values.slice(0, 12), dv1], CNPJ_WEIGHTS_2);
  return dv1 === values[12] && dv2 === values[13];
}

/** Check digits for a 12-character CNPJ base (used by the demo seed and tests). */
export function cnpjCheckDigits(base12: string): string {
  const values = [...base12.toUpperCase()].map((c) => c.charCodeAt(0) - 48);
  const dv1 = checkDigit(values, CNPJ_WEIGHTS_1);
  const dv2 = checkDigit([...values, dv1], CNPJ_WEIGHTS_2);
  return `${dv1}${dv2}`;
}

/** Check digits for a 9-digit CPF base. */
export function cpfCheckDigits(base9: string): string {
  const digits = [...base9].map(Number);
  const dv = (ds: number[]) => {
    const n = ds.length;
    const sum = ds.reduce((acc, d, i) => acc + d * (n + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const d1 = dv(digits);
  const d2 = dv([...digits, d1]);
  return `${d1}${d2}`;
}

/** A valid CPF (11) or CNPJ (14). */
export function isValidDocument(value: string): boolean {
  const bare = stripDocument(value);
  return bare.length === 11 ? isValidCpf(bare) : bare.length === 14 ? isValidCnpj(bare) : false;
}

/** Bare document => '123.456.789-09' or '12.ABC.345/01DE-35'; anything else unchanged. */
export function formatDocument(value: string | null | undefined): string {
  if (!value) return '';
  const d = stripDocument(value);
  if (d.length === 11) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (d.length === 14) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  return value;
}

/**
 * A Brazilian phone as people write it, however it was typed: '11987654321' =>
 * '(11) 98765-4321', '1134567890' => '(11) 3456-7890' (a +55 or a trunk 0 in front is
 * dropped), '08001234567' => '0800 123 4567'. Anything else (extensions, foreign
 * numbers, words) is shown as typed.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const typed = value.trim();
  if (!/^[\d\s()+.-]+$/.test(typed)) return typed;
  let d = typed.replace(/\D/g, '');
  if (/^0[3589]00\d{7}$/.test(d)) return `${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7)}`;
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) d = d.slice(2);
  if ((d.length === 11 || d.length === 12) && d.startsWith('0')) d = d.slice(1);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return typed;
}

/** '01310100' or '01.310-100' => '01310-100'; anything else unchanged. */
export function formatCep(value: string | null | undefined): string {
  if (!value) return '';
  const d = value.replace(/\D/g, '');
  return d.length === 8 && /^[\d\s.-]+$/.test(value.trim()) ? `${d.slice(0, 5)}-${d.slice(5)}` : value.trim();
}
