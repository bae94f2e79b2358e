// Opening a store's A1 certificate (.pfx / .p12, PKCS#12) with its password on the server,
// for the signer and TLS. The file is read by shared/fiscal/a1-file.ts (node-forge, the
// same reader the till uses for its contingency key) and checked by a1-rules.ts (in force,
// the store's CNPJ root); here the key and certificates become PEM, the form node:crypto
// and TLS take, and a refusal becomes a 400 with the rule's pt-BR sentence.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { openPkcs12 } from '../../shared/fiscal/a1-file';
import { A1Error, a1Problem } from '../../shared/fiscal/a1-rules';
import { badRequest } from '../errors';

export interface A1Certificate {
  keyPem: string;
  /** The store's certificate. */
  certPem: string;
  /** The CAs that came in the file, for TLS (the leaf first in certPem). */
  chainPem: string[];
  subject: string;
  /** 14 characters, bare. */
  cnpj: string;
  serial: string;
  notBefore: Date;
  notAfter: Date;
}

/** A certificate's DER as PEM. */
export const certificatePem = (der: Uint8Array): string => new X509Certificate(der).toString();

/**
 * Opens the .pfx with its password and checks it: it has a private key and the
 * certificate of that key, it is valid at `now`, and its CNPJ has the store's root (the
 * first 8 characters of `storeCnpj`). Throws a 400 with a pt-BR sentence otherwise.
 */
export function openA1(pfx: Buffer, password: string, storeCnpj: string, now = new Date()): A1Certificate {
  let opened;
  try {
    opened = openPkcs12(pfx, password);
  } catch (error) {
    if (error instanceof A1Error) throw badRequest(error.message);
    throw error;
  }
  const problem = a1Problem(opened, storeCnpj, now);
  if (problem) throw badRequest(problem);
  const certPem = certificatePem(opened.certificateDer);
  // PKCS#8, as node:crypto exports it.
  const key = createPrivateKey({ key: Buffer.from(opened.keyPkcs8), format: 'der', type: 'pkcs8' });
  return {
    keyPem: key.export({ type: 'pkcs8', format: 'pem' }) as string,
    certPem,
    chainPem: opened.chainDer.map(certificatePem),
    subject: new X509Certificate(certPem).subject.replaceAll('\n', ', '),
    cnpj: opened.cnpj!,
    serial: opened.serial,
    notBefore: opened.notBefore,
    notAfter: opened.notAfter,
  };
}
