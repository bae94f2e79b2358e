// Verifies a signature made by xml-dsig.ts (createXmlSigner): the enveloped XML-DSig of our
// own documents, C14N 1.0, RSA-SHA1, SHA-1 digest, one Reference to the signed element's
// Id. What the server receives from a till (a contingency NFC-e signed there) is checked
// with it before it is kept and sent.
//
// It accepts exactly the form the signer writes, nothing else: the root's opening tag as we
// write it, the signed element in canonical form (no declaration, comment, CDATA, empty-element
// tag or carriage return), the Signature last inside the root, its SignedInfo byte for byte
// the one the signer writes for that Id and digest, base64 in its canonical spelling, and
// the certificate in KeyInfo the one the caller expects. Then the digest is SHA-1 of the
// element's canonical form (canonicalSubset, as the signer computes it) and the
// SignatureValue is checked with the certificate's public key (WebCrypto, in the browser
// and in Node). What lies outside the signed element and the Signature (infNFeSupl) is not
// covered by the signature, as in any XML-DSig.
import { bytesToBase64, canonicalSubset, FISCAL_KEY_ALGORITHM, signedInfo, XMLDSIG_NAMESPACE } from './xml-dsig';

export type SignatureCheck = { ok: true; id: string; digest: string } | { ok: false; problem: string };

const encoder = new TextEncoder();
const BASE64 = '[A-Za-z0-9+/]+={0,2}';
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const SIGNATURE = new RegExp(
  `<Signature xmlns="${literal(XMLDSIG_NAMESPACE)}">(<SignedInfo>.*</SignedInfo>)<SignatureValue>(${BASE64})</SignatureValue>` +
    `<KeyInfo><X509Data><X509Certificate>(${BASE64})</X509Certificate></X509Data></KeyInfo></Signature></([A-Za-z]+)>$`,
);
const ROOT_OPEN = /^<([A-Za-z]+) xmlns="[^"<>]+"(?: [A-Za-z]+="[^"<>]*")*>/;

/** Bytes of base64 written as the signer writes it (the one spelling of those bytes); null otherwise. */
export function strictBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return bytesToBase64(bytes) === text ? bytes : null;
  } catch {
    return null;
  }
}

/** One DER element at `at`: where its content starts and where it ends. */
function derElement(der: Uint8Array, at: number): { tag: number; start: number; end: number } {
  const tag = der[at]!;
  let length = der[at + 1]!;
  let start = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count < 1 || count > 4) throw new Error('DER: comprimento inválido');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + der[start + i]!;
    start += count;
  }
  if (start + length > der.length) throw new Error('DER: elemento além do fim');
  return { tag, start, end: start + length };
}

/** The SubjectPublicKeyInfo of an X.509 certificate (DER), as WebCrypto imports it ('spki'). */
export function publicKeyInfoOf(der: Uint8Array): Uint8Array<ArrayBuffer> {
  const certificate = derElement(der, 0);
  const tbs = derElement(der, certificate.start);
  let at = tbs.start;
  if (der[at] === 0xa0) at = derElement(der, at).end; // [0] version
  // serialNumber, signature, issuer, validity, subject, then subjectPublicKeyInfo
  for (let i = 0; i < 5; i++) at = derElement(der, at).end;
  const spki = derElement(der, at);
  if (certificate.tag !== 0x30 || tbs.tag !== 0x30 || spki.tag !== 0x30) throw new Error('DER: não é um certificado');
  return new Uint8Array(der.subarray(at, spki.end));
}

/**
 * Checks the signature of `elementName` in `xml` against `certificateDer` (the certificate
 * the signer must have used). Never throws for a bad document: the answer says what is wrong.
 */
export async function verifyXmlSignature(
  xml: string,
  elementName: string,
  certificateDer: Uint8Array,
): Promise<SignatureCheck> {
  const refuse = (problem: string): SignatureCheck => ({ ok: false, problem });
  const root = ROOT_OPEN.exec(xml);
  const signature = SIGNATURE.exec(xml);
  if (!root || !signature || signature[4] !== root[1])
    return refuse('A assinatura não está no fim do documento, na forma em que o Balcão assina.');
  const [, info, value, certificate] = signature as unknown as [string, string, string, string];
  const signed = xml.slice(0, signature.index);
  if (/<\?|<!|\/>|\r/.test(signed) || signed.includes('<Signature'))
    return refuse('O documento não está na forma canônica em que o Balcão o escreve.');
  let canonical: string;
  let id: string;
  try {
    ({ canonical, id } = canonicalSubset(signed, elementName));
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error));
  }
  const digest = /<DigestValue>([^<]*)<\/DigestValue>/.exec(info)?.[1] ?? '';
  if (info !== signedInfo(id, digest, false) || !strictBase64(digest))
    return refuse('A assinatura não é a do Balcão: SignedInfo diferente (algoritmos, referência ou digest).');
  const subtle = globalThis.crypto.subtle;
  const computed = bytesToBase64(new Uint8Array(await subtle.digest('SHA-1', encoder.encode(canonical))));
  if (computed !== digest) return refuse('O conteúdo da nota foi alterado depois de assinado (o digest não confere).');
  const keyInfoDer = strictBase64(certificate);
  if (!keyInfoDer || bytesToBase64(certificateDer) !== certificate)
    return refuse('O certificado da assinatura não é o certificado informado.');
  const signatureBytes = strictBase64(value);
  if (!signatureBytes) return refuse('A assinatura (SignatureValue) não está em base64.');
  let valid = false;
  try {
    const key = await subtle.importKey('spki', publicKeyInfoOf(keyInfoDer), FISCAL_KEY_ALGORITHM, false, ['verify']);
    valid = await subtle.verify(FISCAL_KEY_ALGORITHM.name, key, signatureBytes, encoder.encode(signedInfo(id, digest, true))); // prettier-ignore
  } catch {
    return refuse('O certificado da assinatura não pôde ser lido.');
  }
  if (!valid) return refuse('A assinatura não confere com o certificado.');
  return { ok: true, id, digest };
}
