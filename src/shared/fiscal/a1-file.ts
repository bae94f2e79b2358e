// Reading a store's A1 (.pfx / .p12, PKCS#12) and its certificate, the same on the server
// and in the till's browser. node-forge reads the file (used under its BSD-3-Clause licence):
// many A1 are still encrypted with RC2-40 (certificates) and 3DES (key), which neither
// Node's OpenSSL 3 nor WebCrypto decrypt; the format of today (AES-256, PBKDF2, SHA-256 MAC)
// opens the same way. The key leaves as PKCS#8 DER, the certificates as DER. The CNPJ is the
// ICP-Brasil otherName 2.16.76.1.3.3 of the subjectAltName, or the 'NOME:CNPJ' of the CN
// when a certificate lacks it. Whether the certificate may sign for a store is a1-rules.ts.
// The browser loads this module (and forge) only on the screen that imports a till's key.
import forge from 'node-forge';
import { stripDocument } from '../documents';
import { A1_MESSAGES, A1Error } from './a1-rules';
import type { CertificateFacts } from './a1-validity';

/** The OID of the company's CNPJ in an ICP-Brasil e-CNPJ's subjectAltName (otherName). */
export const ICP_BRASIL_CNPJ_OID = '2.16.76.1.3.3';
/** The largest .pfx accepted: an A1 with its chain is a few KB. */
export const PFX_MAX_BYTES = 64 * 1024;
/**
 * The most key-derivation iterations a file may ask for (A1 files use 2,000 to 10,000):
 * node-forge derives in JavaScript, on the server's event loop of every store or on the
 * till's main thread, so a file asking for millions would hold either while it runs.
 */
export const PFX_MAX_ITERATIONS = 200_000;

/** A certificate as the rules and the registry of tills' keys read it. */
export interface CertificateDetails extends CertificateFacts {
  /** Upper-case hex, as the certificate writes it. */
  serial: string;
  /** SHA-256 of the DER, upper-case hex: names the certificate in the registry. */
  fingerprint: string;
}

export interface OpenedA1 extends CertificateDetails {
  /** The private key, PKCS#8 DER (what WebCrypto's importKey('pkcs8') and node:crypto take). */
  keyPkcs8: Uint8Array<ArrayBuffer>;
  /** The key's certificate, DER. */
  certificateDer: Uint8Array<ArrayBuffer>;
  /** The other certificates the file carries (the CAs), DER. */
  chainDer: Uint8Array<ArrayBuffer>[];
}

/** forge speaks 'binary strings' (one character per byte). */
const toBinary = (bytes: Uint8Array): string => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return text;
};
const fromBinary = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(text, (c) => c.charCodeAt(0));

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

function pkcs12Of(pfx: Uint8Array, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(toBinary(pfx)));
  } catch {
    throw new A1Error(A1_MESSAGES.notPfx);
  }
  if (largestIterationCount(asn1) > PFX_MAX_ITERATIONS) throw new A1Error(A1_MESSAGES.tooManyIterations);
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, password);
  } catch (err) {
    // A file that is DER but no PKCS#12 fails before its MAC or its bags are read.
    const message = err instanceof Error ? err.message : '';
    if (/MAC could not be verified|Invalid password|decrypt/i.test(message))
      throw new A1Error(A1_MESSAGES.wrongPassword);
    throw new A1Error(A1_MESSAGES.notPfx);
  }
}

/** The text of the CNPJ otherName in a certificate's subjectAltName. */
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

function detailsOf(cert: forge.pki.Certificate, der: string): CertificateDetails {
  const digest = forge.md.sha256.create();
  digest.update(der);
  return {
    cnpj: cnpjFromAltNames(cert) ?? cnpjFromCommonName(cert),
    serial: cert.serialNumber.toUpperCase(),
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
    fingerprint: digest.digest().toHex().toUpperCase(),
  };
}

const derOf = (cert: forge.pki.Certificate) => forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();

/** A certificate (DER) as the rules read it; an A1Error when it is not one forge can read. */
export function readCertificate(der: Uint8Array): CertificateDetails {
  const binary = toBinary(der);
  let cert: forge.pki.Certificate;
  try {
    cert = forge.pki.certificateFromAsn1(forge.asn1.fromDer(binary));
  } catch {
    throw new A1Error('O certificado não pôde ser lido. Importe o arquivo .pfx do certificado A1 de novo.');
  }
  return detailsOf(cert, binary);
}

/** Whether the RSA key is the certificate's (same modulus and exponent). */
function isKeyOf(cert: forge.pki.Certificate, key: forge.pki.rsa.PrivateKey): boolean {
  const pub = cert.publicKey as Partial<forge.pki.rsa.PublicKey>;
  return pub.n !== undefined && pub.e !== undefined && pub.n.equals(key.n) && pub.e.equals(key.e);
}

/**
 * Opens the .pfx with its password: its private key, the certificate of that key, and the
 * rest of the chain. Throws an A1Error with a pt-BR sentence for a file that is not a .pfx,
 * a wrong password, a file without the key or without the key's certificate. Whether the
 * certificate may sign for the store (validity, CNPJ) is a1Problem's to say.
 */
export function openPkcs12(pfx: Uint8Array, password: string): OpenedA1 {
  if (pfx.length === 0 || pfx.length > PFX_MAX_BYTES) throw new A1Error(A1_MESSAGES.notPfx);
  const p12 = pkcs12Of(pfx, password);
  const { oids } = forge.pki;
  const keyBags = [
    ...(p12.getBags({ bagType: oids.pkcs8ShroudedKeyBag! })[oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(p12.getBags({ bagType: oids.keyBag! })[oids.keyBag!] ?? []),
  ];
  const certs = (p12.getBags({ bagType: oids.certBag! })[oids.certBag!] ?? [])
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => cert !== undefined && cert !== null);
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new A1Error(A1_MESSAGES.noKey);
  const cert = certs.find((c) => isKeyOf(c, key));
  if (!cert) throw new A1Error(A1_MESSAGES.noKey);
  const der = derOf(cert);
  return {
    ...detailsOf(cert, der),
    keyPkcs8: fromBinary(forge.asn1.toDer(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key))).getBytes()),
    certificateDer: fromBinary(der),
    chainDer: certs.filter((c) => c !== cert).map((c) => fromBinary(derOf(c))),
  };
}
