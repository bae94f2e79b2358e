// When an A1 certificate is the store's and may sign: one rule for the A1 the server keeps
// (Configurações > Fiscal) and for the key a till keeps for the offline contingency. The
// certificate's CNPJ must have the store's root (its first 8 characters: a branch's
// certificate serves the whole company) and the certificate must be in force. The sentences
// a person reads when a file is refused live here too, so the server and the till say the
// same thing. Reading the file itself is a1-file.ts (node-forge), kept apart so that what
// only checks dates and CNPJs never brings the library along; the dates alone are
// a1-validity.ts, all the till's first paint needs.
import { formatDate } from '../dates';
import { stripDocument } from '../documents';
import { certificateInForce, type CertificateFacts } from './a1-validity';

export {
  CERTIFICATE_WARNING_DAYS,
  certificateDaysLeft,
  certificateInForce,
  type CertificateFacts,
} from './a1-validity';

export const A1_MESSAGES = {
  notPfx: 'O arquivo não é um certificado A1 (.pfx ou .p12). Envie o arquivo do certificado digital.',
  tooManyIterations: 'O arquivo do certificado pede uma cifragem fora do comum. Exporte o A1 de novo e envie-o.',
  wrongPassword: 'Senha do certificado incorreta. Confira a senha que veio com o certificado A1.',
  noKey: 'O arquivo não tem a chave privada do certificado. Exporte o A1 com a chave privada (.pfx).',
  noCnpj: 'O certificado não traz um CNPJ (e-CNPJ). Envie o certificado A1 da empresa.',
  expired: (date: string) => `O certificado venceu em ${date}. Envie um certificado A1 válido.`,
  notYetValid: (date: string) => `O certificado só vale a partir de ${date}. Envie um certificado A1 já válido.`,
  otherCnpj: (cnpj: string, store: string) =>
    `O certificado é do CNPJ ${cnpj}, que não é da loja (raiz ${store}). Envie o certificado A1 do CNPJ da loja.`,
} as const;

/** A refusal of an A1 file, its message a pt-BR sentence saying what to do (never the password). */
export class A1Error extends Error {
  override name = 'A1Error';
}

/** The root of a CNPJ: its first 8 characters (the company; the rest names the branch). */
export const cnpjRoot = (cnpj: string): string => stripDocument(cnpj).slice(0, 8);

/** dd/mm/aaaa in Brasília. */
const brDate = (date: Date) => formatDate(date.toISOString());

/** Why the certificate is not in force at `now`, or null when it is. */
export function validityProblem(facts: Pick<CertificateFacts, 'notBefore' | 'notAfter'>, now: Date): string | null {
  if (certificateInForce(facts, now)) return null;
  return now.getTime() > facts.notAfter.getTime()
    ? A1_MESSAGES.expired(brDate(facts.notAfter))
    : A1_MESSAGES.notYetValid(brDate(facts.notBefore));
}

/** Why the certificate is not the store's (another company's CNPJ, or none), or null when it is. */
export function cnpjProblem(facts: Pick<CertificateFacts, 'cnpj'>, storeCnpj: string): string | null {
  if (!facts.cnpj) return A1_MESSAGES.noCnpj;
  const root = cnpjRoot(storeCnpj);
  return cnpjRoot(facts.cnpj) === root ? null : A1_MESSAGES.otherCnpj(facts.cnpj, root);
}

/** Why the certificate may not sign for the store at `now`, or null when it may. */
export function a1Problem(facts: CertificateFacts, storeCnpj: string, now: Date): string | null {
  return validityProblem(facts, now) ?? cnpjProblem(facts, storeCnpj);
}
