// Opening a store's A1 certificate (.pfx / .p12, PKCS#12) with its password, and what the
// store may see of it. node-forge reads the file (used under its BSD-3-Clause licence), so
// that the many A1 files still encrypted with RC2-40, which Node's OpenSSL 3 refuses, open
// too; the key and certificates leave as PEM, the form node:crypto (signer) and TLS take.
// The CNPJ is the ICP-Brasil otherName 2.16.76.1.3.3 of the subjectAltName, or the
// 'NOME:CNPJ' of the CN when a certificate lacks it. Refusals are pt-BR sentences that never
// carry the password nor the key.
import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { stripDocument } from '../../shared/documents';
import { badRequest } from '../errors';

/** The OID of the company's CNPJ in an ICP-Brasil e-CNPJ's subjectAltName (otherName). */
export const ICP_BRASIL_CNPJ_OID = '2.16.76.1.3.3';
/** The largest .pfx accepted: an A1 with its chain is a few KB. */
export const PFX_MAX_BYTES = 64 * 1024;
/**
 * The most key-derivation iterations a file may ask for (A1 files use 2,000 to 10,000):
 * node-forge derives in JavaScript on the event loop, so a file asking for millions would
 * hold every store's requests while it runs.
 */
export const PFX_MAX_ITERATIONS = 200_000;

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

/** dd/mm/aaaa in Brasília. */
const brDate = (date: Date) => date.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/**
 * The largest iteration count in the file: of its MAC (macData) and of each PBE or PBKDF2
 * parameter set, a SEQUENCE starting with the salt (OCTET STRING) then the count
 * (INTEGER). Nested DER inside OCTET STRINGs (the authenticated safe, the bags) is read too.
 */
function largestIterationCount(node: forge.asn1.Asn1, depth = 0): number {
  if (depth > 12) return 0;
  const { UNIVERSAL } = forge.asn1.Class;
  const { SEQUENCE, OCTETSTRING, INTEGER } = forge.asn1.Type;
  if (Array.isArray(node.value)) {
    const children = node.value;
    let most = 0;
    if (node.tagClass === UNIVERSAL && node.type === SEQUENCE)
      children.forEach((child, i) => {
        const next = children[i + 1];
        if (child.type === OCTETSTRING && next?.type === INTEGER && typeof next.value === 'string')
          most = Math.max(most, integerOf(next.value));
      });
    for (const child of children) most = Math.max(most, largestIterationCount(child, depth + 1));
    return most;
  }
  if (node.type === OCTETSTRING && typeof node.value === 'string' && node.value.charCodeAt(0) === 0x30) {
    try {
      return largestIterationCount(forge.asn1.fromDer(node.value, true), depth + 1);
    } catch {
      return 0;
    }
  }
  return 0;
}

/** A DER INTEGER's bytes as a number (large ones as Infinity). */
function integerOf(bytes: string): number {
  if (bytes.length > 6) return Infinity;
  let n = 0;
  for (let i = 0; i < bytes.length; i++) n = n * 256 + bytes.charCodeAt(i);
  return n;
}

function pkcs12Of(pfx: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary')));
  } catch {
    throw badRequest(A1_MESSAGES.notPfx);
  }
  if (largestIterationCount(asn1) > PFX_MAX_ITERATIONS) throw badRequest(A1_MESSAGES.tooManyIterations);
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, password);
  } catch (err) {
    // A file that is DER but no PKCS#12 fails before its MAC or its bags are read.
    const message = err instanceof Error ? err.message : '';
    if (/MAC could not be verified|Invalid password|decrypt/i.test(message))
      throw badRequest(A1_MESSAGES.wrongPassword);
    throw badRequest(A1_MESSAGES.notPfx);
  }
}

/** The text of the CNPJ otherName in a certificate's subjectAltName (DER of the extension). */
function cnpjFromAltNames(cert: forge.pki.Certificate): string | null {
  const ext = cert.getExtension('subjectAltName') as { altNames?: { type: number; value: unknown }[] } | undefined;
  for (const name of ext?.altNames ?? []) {
    if (name.type !== 0 || !Array.isArray(name.value)) continue;
    const [oid, wrapped] = name.value as forge.asn1.Asn1[];
    if (!oid || typeof oid.value !== 'string' || forge.asn1.derToOid(oid.value) !== ICP_BRASIL_CNPJ_OID) continue;
    // [0] EXPLICIT, holding an OCTET STRING (or a PrintableString/UTF8String in some issuers).
    const inner = Array.isArray(wrapped?.value) ? wrapped.value[0] : undefined;
    if (inner && typeof inner.value === 'string') return stripDocument(inner.value.trim());
  }
  return null;
}

/** 'LOJA DE TESTE LTDA:11222333000181' → '11222333000181'. */
function cnpjFromCommonName(cert: forge.pki.Certificate): string | null {
  const cn = cert.subject.getField('CN') as { value?: string } | null;
  const match = /:([0-9A-Za-z./-]{14,18})\s*$/.exec(cn?.value ?? '');
  const bare = match ? stripDocument(match[1]!) : '';
  return /^[0-9A-Z]{12}\d{2}$/.test(bare) ? bare : null;
}

/** The certificate (of the bags) whose public key is the key's. */
function certificateOfKey(certs: forge.pki.Certificate[], keyPem: string): forge.pki.Certificate | undefined {
  const publicDer = createPublicKey(createPrivateKey(keyPem)).export({ type: 'spki', format: 'der' });
  return certs.find((cert) => {
    const certDer = new X509Certificate(forge.pki.certificateToPem(cert)).publicKey.export({
      type: 'spki',
      format: 'der',
    });
    return certDer.equals(publicDer);
  });
}

/**
 * Opens the .pfx with its password and checks it: it has a private key and the
 * certificate of that key, it is valid at `now`, and its CNPJ has the store's root (the
 * first 8 characters of `storeCnpj`). Throws a 400 with a pt-BR sentence otherwise.
 */
export function openA1(pfx: Buffer, password: string, storeCnpj: string, now = new Date()): A1Certificate {
  if (pfx.length === 0 || pfx.length > PFX_MAX_BYTES) throw badRequest(A1_MESSAGES.notPfx);
  const p12 = pkcs12Of(pfx, password);
  const { oids } = forge.pki;
  const keyBags = [
    ...(p12.getBags({ bagType: oids.pkcs8ShroudedKeyBag! })[oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(p12.getBags({ bagType: oids.keyBag! })[oids.keyBag!] ?? []),
  ];
  const certs = (p12.getBags({ bagType: oids.certBag! })[oids.certBag!] ?? [])
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => cert !== undefined && cert !== null);
  const key = keyBags.find((bag) => bag.key)?.key;
  if (!key) throw badRequest(A1_MESSAGES.noKey);
  // PKCS#8, as node:crypto exports it.
  const keyPem = createPrivateKey(forge.pki.privateKeyToPem(key)).export({ type: 'pkcs8', format: 'pem' }) as string;
  const cert = certificateOfKey(certs, keyPem);
  if (!cert) throw badRequest(A1_MESSAGES.noKey);

  const { notBefore, notAfter } = cert.validity;
  if (now.getTime() > notAfter.getTime()) throw badRequest(A1_MESSAGES.expired(brDate(notAfter)));
  if (now.getTime() < notBefore.getTime()) throw badRequest(A1_MESSAGES.notYetValid(brDate(notBefore)));

  const cnpj = cnpjFromAltNames(cert) ?? cnpjFromCommonName(cert);
  if (!cnpj) throw badRequest(A1_MESSAGES.noCnpj);
  const storeRoot = stripDocument(storeCnpj).slice(0, 8);
  if (cnpj.slice(0, 8) !== storeRoot) throw badRequest(A1_MESSAGES.otherCnpj(cnpj, storeRoot));

  const certPem = forge.pki.certificateToPem(cert);
  const subject = new X509Certificate(certPem).subject.replaceAll('\n', ', ');
  return {
    keyPem,
    certPem,
    chainPem: certs.filter((c) => c !== cert).map((c) => forge.pki.certificateToPem(c)),
    subject,
    cnpj,
    serial: cert.serialNumber.toUpperCase(),
    notBefore,
    notAfter,
  };
}
