// The QR code of an NFC-e issued online (infNFeSupl/qrCode), as the DANFE NFC-e manual and
// its technical notes lay it out, after the state's consulta address and '?p=':
//   v2: chave|2|tpAmb|idCSC|hash, hash = SHA-1 (hex, upper case) of 'chave|2|tpAmb|idCSC'
//       followed by the CSC, the secret the state gave the store (it is never written);
//   v3: chave|3|tpAmb (no CSC).
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
