// The QR code of an NFC-e (infNFeSupl/qrCode), as the DANFE NFC-e manual (v5.00, QR Code v2;
// v6.00, v3) and its technical notes (NT 2015.002, NT 2025.001) lay it out, after the
// state's consulta address and '?p='. Online (tpEmis 1):
//   v2: chave|2|tpAmb|idCSC|hash, hash = SHA-1 (hex, upper case) of 'chave|2|tpAmb|idCSC'
//       followed by the CSC, the secret the state gave the store (it is never written);
//   v3: chave|3|tpAmb (no CSC).
// Offline contingency (tpEmis 9), made after the note is signed (nfce-sign.ts):
//   v2: chave|2|tpAmb|dd|vNF|digVal|idCSC|hash: dd the day of dhEmi (2 digits), vNF as the
//       note writes it, digVal the signature's DigestValue (its base64 text) in hexadecimal,
//       56 characters; hash the SHA-1 of everything before it followed by the CSC;
//   v3: chave|3|tpAmb|dd|vNF|tp_idDest|cDest|assinatura: tp_idDest 1 CNPJ, 2 CPF, both
//       empty without a consumer; assinatura the base64 of the RSA-SHA1 signature, by the
//       note's own key, of the seven fields before it with their separators.
// idCSC is written as a number, without leading zeros ('000001' => '1').
import { sha1HexUpper } from './sha1';
import type { Environment, QrVersion } from './sefaz';

export interface QrCodeInput {
  key: string;
  environment: Environment;
  version: QrVersion;
  /** The state's consulta-by-QR address for the store's state and environment. */
  qr_url: string;
  /** v2: the CSC's id and the CSC. */
  csc_id?: number | string | null;
  csc?: string | null;
}

export class QrCodeError extends Error {
  override name = 'QrCodeError';
}

/** What keeps the store's QR settings from making a code, in Portuguese; null when they can. */
export function qrCodeSettingsProblem(settings: Pick<QrCodeInput, 'version' | 'csc_id' | 'csc'>): string | null {
  if (settings.version !== 2 && settings.version !== 3) return 'A versão do QR Code é 2 ou 3.';
  if (settings.version === 3) return null;
  const id = Number(settings.csc_id);
  if (settings.csc_id == null || settings.csc_id === '' || !Number.isInteger(id) || id < 0 || id > 999_999)
    return 'QR Code v2: informe o identificador do CSC (idCSC), de 1 a 6 dígitos.';
  const csc = settings.csc?.trim() ?? '';
  if (csc.length < 16 || csc.length > 36)
    return 'QR Code v2: informe o CSC (código de segurança do contribuinte, 16 a 36 caracteres).';
  return null;
}

/** What the QR Code of a note in offline contingency takes from the note itself. */
export interface OfflineQrInput extends QrCodeInput {
  /** dd: the day of dhEmi as written (the state's time), two digits. */
  day: string;
  /** vNF as the note writes it ('12.50'). */
  total: string;
  /** The consumer's CPF (11 digits) or CNPJ (14) as in dest; null without one. */
  customer_document: string | null;
}

/** The proof an offline QR Code carries, from the signed note: v2 its DigestValue, v3 the key's signature of the fields. */
export type OfflineQrProof = { digest_value: string } | { fields_signature: string };

/** The parameter after '?p='. */
export function qrCodeParameter(input: QrCodeInput): string {
  const problem = qrCodeSettingsProblem(input);
  if (problem) throw new QrCodeError(problem);
  if (input.version === 3) return `${input.key}|3|${input.environment}`;
  const head = `${input.key}|2|${input.environment}|${Number(input.csc_id)}`;
  return `${head}|${sha1HexUpper(head + input.csc!.trim())}`;
}

export function qrCodeText(input: QrCodeInput): string {
  return `${input.qr_url}?p=${qrCodeParameter(input)}`;
}

/** The hexadecimal of a text's bytes (ASCII here: the DigestValue's base64), lower case. */
const hexOfText = (text: string) => [...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join(''); // prettier-ignore

/** v3 offline: the seven fields the note's key signs, 'chave|3|tpAmb|dd|vNF|tp_idDest|cDest'. */
export function offlineQrSignedFields(input: OfflineQrInput): string {
  const doc = input.customer_document ?? '';
  const type = doc.length === 14 ? '1' : doc.length === 11 ? '2' : '';
  return `${input.key}|3|${input.environment}|${input.day}|${input.total}|${type}|${type ? doc : ''}`;
}

/** The parameter after '?p=' of a note in offline contingency, with the proof its signature gives. */
export function offlineQrCodeParameter(input: OfflineQrInput, proof: OfflineQrProof): string {
  const problem = qrCodeSettingsProblem(input);
  if (problem) throw new QrCodeError(problem);
  if (input.version === 3) {
    if (!('fields_signature' in proof)) throw new QrCodeError('QR Code v3 offline: falta a assinatura dos campos.');
    return `${offlineQrSignedFields(input)}|${proof.fields_signature}`;
  }
  if (!('digest_value' in proof)) throw new QrCodeError('QR Code v2 offline: falta o DigestValue da assinatura.');
  const head = `${input.key}|2|${input.environment}|${input.day}|${input.total}|${hexOfText(proof.digest_value)}|${Number(input.csc_id)}`; // prettier-ignore
  return `${head}|${sha1HexUpper(head + input.csc!.trim())}`;
}

export function offlineQrCodeText(input: OfflineQrInput, proof: OfflineQrProof): string {
  return `${input.qr_url}?p=${offlineQrCodeParameter(input, proof)}`;
}
