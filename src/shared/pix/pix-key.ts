// The store's Pix key, as the admin types it, checked and written as the Pix directory
// (DICT) holds it: CPF and CNPJ bare (check digits verified), e-mail in lowercase, a
// mobile phone as '+55' + DDD + 9 digits, a random key (EVP) as a lowercase UUID. An
// 11-digit number may be a CPF or a phone, so the admin names the kind; guessPixKeyType
// only suggests one.
import { isValidCnpj, isValidCpf, stripDocument } from '../documents';

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** A key longer than this does not fit field 26 beside the GUI (99 - 4 - 18). */
export const PIX_KEY_MAX_CHARS = 77;

export const PIX_KEY_MESSAGES = {
  empty: 'Informe a chave Pix.',
  cpf: 'CPF inválido: confira os 11 dígitos.',
  cnpj: 'CNPJ inválido: confira os 14 caracteres.',
  email: 'E-mail inválido: escreva como nome@loja.com.br, com até 77 caracteres.',
  phone: 'Telefone inválido: informe DDD e celular, como +55 11 98765-4321.',
  phoneCountry: 'Telefone inválido: a chave Pix de telefone é um celular do Brasil (+55).',
  random:
    'Chave aleatória inválida: cole os 36 caracteres como o banco mostra, como 123e4567-e89b-12d3-a456-426614174000.',
} as const;

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Telefone',
  random: 'Chave aleatória',
};

export type PixKeyResult = { ok: true; type: PixKeyType; key: string } | { ok: false; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// The DICT's e-mail rule: a local part of these characters, then a domain of labels.
const EMAIL =
  /^[a-z0-9.!#$&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
/** DDD (two digits 1-9), then a mobile number: 9 and 8 digits. */
const MOBILE_NATIONAL = /^[1-9]{2}9\d{8}$/;

function phoneKey(raw: string): PixKeyResult {
  const typed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(typed)) return { ok: false, message: PIX_KEY_MESSAGES.phone };
  let digits = typed.replace(/\D/g, '');
  if (typed.startsWith('+')) {
    if (!digits.startsWith('55')) return { ok: false, message: PIX_KEY_MESSAGES.phoneCountry };
    digits = digits.slice(2);
  } else if (digits.length === 13 && digits.startsWith('55')) {
    digits = digits.slice(2);
  } else if (digits.length === 12 && digits.startsWith('0')) {
    digits = digits.slice(1); // trunk 0 before the DDD
  }
  if (!MOBILE_NATIONAL.test(digits)) return { ok: false, message: PIX_KEY_MESSAGES.phone };
  return { ok: true, type: 'phone', key: `+55${digits}` };
}

/** The key in the form the DICT holds, or the pt-BR reason it is not a key of that kind. */
export function parsePixKey(type: PixKeyType, raw: string): PixKeyResult {
  const typed = raw.trim();
  if (typed === '') return { ok: false, message: PIX_KEY_MESSAGES.empty };
  switch (type) {
    case 'cpf': {
      const cpf = stripDocument(typed);
      return /^\d{11}$/.test(cpf) && isValidCpf(cpf)
        ? { ok: true, type, key: cpf }
        : { ok: false, message: PIX_KEY_MESSAGES.cpf };
    }
    case 'cnpj': {
      const cnpj = stripDocument(typed);
      return isValidCnpj(cnpj) ? { ok: true, type, key: cnpj } : { ok: false, message: PIX_KEY_MESSAGES.cnpj };
    }
    case 'email': {
      const email = typed.toLowerCase();
      return email.length <= PIX_KEY_MAX_CHARS && EMAIL.test(email)
        ? { ok: true, type, key: email }
        : { ok: false, message: PIX_KEY_MESSAGES.email };
    }
    case 'phone':
      return phoneKey(typed);
    case 'random': {
      const uuid = typed.toLowerCase();
      return UUID.test(uuid) ? { ok: true, type, key: uuid } : { ok: false, message: PIX_KEY_MESSAGES.random };
    }
  }
}

/**
 * The kind a typed key most likely is, to preselect it; null when nothing fits. Eleven
 * bare digits are a CPF when its check digits hold, else a phone.
 */
export function guessPixKeyType(raw: string): PixKeyType | null {
  const typed = raw.trim();
  if (typed === '') return null;
  if (typed.includes('@')) return 'email';
  if (UUID.test(typed.toLowerCase())) return 'random';
  if (typed.startsWith('+') || typed.includes('(')) return 'phone';
  const bare = stripDocument(typed);
  if (/^\d{11}$/.test(bare)) return isValidCpf(bare) ? 'cpf' : parsePixKey('phone', typed).ok ? 'phone' : 'cpf';
  if (/^[0-9A-Z]{12}\d{2}$/.test(bare)) return 'cnpj';
  if (/^55\d{11}$/.test(bare)) return 'phone';
  return null;
}
