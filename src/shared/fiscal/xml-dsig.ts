// XML-DSig enveloped signature of a fiscal document (NF-e/NFC-e, and the events and
// inutilizações that follow the same pattern), as the states require: C14N 1.0
// (20010315, without comments), RSA-SHA1, SHA-1 digest, one Reference to the signed
// element's Id with the transforms enveloped-signature and C14N, and the signer's
// certificate in KeyInfo. The Signature goes last inside the document's root.
//
// One implementation for the server and the till: WebCrypto (globalThis.crypto.subtle),
// which Node and the browser both have, with the key as a CryptoKey. On the till that key
// is non-extractable: it signs, and nothing can read it out.
//
// The documents are ours: written with no whitespace between tags, no comments, no empty
// elements, only the default namespace, attributes in canonical order and text escaped as
// C14N escapes it (text.ts). Their canonical form is then the bytes as written, with the
// one thing C14N adds to a signed subset: the default namespace the element inherits,
// declared on it. The tests prove this against xmllint and xmlsec1 (docs/nfce-contingency.md).

export const XMLDSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';
/** The WebCrypto algorithm of an A1's key as the fiscal signature uses it. */
export const FISCAL_KEY_ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-1' } as const;

export class XmlSignatureError extends Error {
  override name = 'XmlSignatureError';
}

export interface FiscalSigningKey {
  /** The A1's private key: RSASSA-PKCS1-v1_5 with SHA-1, usage 'sign' (non-extractable on the till). */
  key: CryptoKey;
  /** The A1's certificate, DER. */
  certificate_der: Uint8Array | ArrayBuffer;
}

export interface XmlSigner {
  /** Signs the element `elementName` (its Id attribute first) of our own document `xml`. */
  sign(xml: string, elementName: string): Promise<string>;
  /** RSA-SHA1 of the UTF-8 bytes of `text` with the same key, in base64 (the QR Code v3's assinatura). */
  signText(text: string): Promise<string>;
  /** The certificate's DER in base64, as written in X509Certificate. */
  readonly certificateBase64: string;
}

const encoder = new TextEncoder();

/** Base64 of bytes, without Node's Buffer (src/shared runs in the browser). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, Math.min(i + 0x8000, bytes.length)));
  return btoa(binary);
}

/** The signed element as C14N renders it on its own: its inherited default namespace declared first. */
export function canonicalSubset(xml: string, elementName: string): { canonical: string; id: string } {
  const open = xml.indexOf(`<${elementName} `);
  const closeTag = `</${elementName}>`;
  const close = xml.indexOf(closeTag, open);
  if (open < 0 || close < 0) throw new XmlSignatureError(`Assinatura: o documento não tem <${elementName}>.`);
  const rootNs = /^<[A-Za-z]+ xmlns="([^"]+)"/.exec(xml)?.[1];
  if (!rootNs) throw new XmlSignatureError('Assinatura: a raiz do documento deve declarar o namespace padrão.');
  const element = xml.slice(open, close + closeTag.length);
  const id = /^<[A-Za-z]+ Id="([^"]+)"/.exec(element)?.[1];
  if (!id) throw new XmlSignatureError(`Assinatura: <${elementName}> deve começar pelo atributo Id.`);
  const canonical = `<${elementName} xmlns="${rootNs}"${element.slice(elementName.length + 1)}`;
  return { canonical, id };
}

/** SignedInfo: with its namespace declared it is the canonical form that is signed; without, as written inside Signature. */
export function signedInfo(id: string, digest: string, withNamespace: boolean): string {
  return (
    `<SignedInfo${withNamespace ? ` xmlns="${XMLDSIG_NAMESPACE}"` : ''}>` +
    `<CanonicalizationMethod Algorithm="${C14N}"></CanonicalizationMethod>` +
    `<SignatureMethod Algorithm="${RSA_SHA1}"></SignatureMethod>` +
    `<Reference URI="#${id}"><Transforms>` +
    `<Transform Algorithm="${ENVELOPED}"></Transform><Transform Algorithm="${C14N}"></Transform>` +
    `</Transforms><DigestMethod Algorithm="${SHA1}"></DigestMethod><DigestValue>${digest}</DigestValue>` +
    `</Reference></SignedInfo>`
  );
}

/** The DigestValue of a signed document (base64, as written); null when it has none. */
export function digestValueOf(signedXml: string): string | null {
  return /<DigestValue>([A-Za-z0-9+/=]+)<\/DigestValue>/.exec(signedXml)?.[1] ?? null;
}

function checkKey(key: CryptoKey) {
  const algorithm = key.algorithm as RsaHashedKeyAlgorithm;
  if (
    key.type !== 'private' ||
    algorithm.name !== FISCAL_KEY_ALGORITHM.name ||
    algorithm.hash?.name !== FISCAL_KEY_ALGORITHM.hash ||
    !key.usages.includes('sign')
  )
    throw new XmlSignatureError(
      'Assinatura: a chave deve ser a privada do A1, RSA PKCS#1 v1.5 com SHA-1, para assinar.',
    );
}

export function createXmlSigner({ key, certificate_der }: FiscalSigningKey): XmlSigner {
  checkKey(key);
  const der = certificate_der instanceof Uint8Array ? certificate_der : new Uint8Array(certificate_der);
  if (der.length < 100 || der[0] !== 0x30) throw new XmlSignatureError('Assinatura: o certificado não é um DER X.509.');
  const certificateBase64 = bytesToBase64(der);
  const subtle = globalThis.crypto.subtle;
  const rsaSha1 = async (bytes: Uint8Array<ArrayBuffer>) =>
    bytesToBase64(new Uint8Array(await subtle.sign(FISCAL_KEY_ALGORITHM.name, key, bytes)));
  return {
    certificateBase64,
    signText: (text) => rsaSha1(encoder.encode(text)),
    async sign(xml, elementName) {
      const rootClose = xml.lastIndexOf('</');
      if (rootClose < 0 || xml.includes(`<Signature xmlns="${XMLDSIG_NAMESPACE}">`))
        throw new XmlSignatureError('Assinatura: documento sem raiz ou já assinado.');
      // What our writer never produces and C14N would rewrite: a declaration, a comment,
      // CDATA or a DTD, an empty-element tag, a carriage return.
      if (/<\?|<!|\/>|\r/.test(xml))
        throw new XmlSignatureError('Assinatura: o documento não está na forma canônica em que o Balcão o escreve.');
      const { canonical, id } = canonicalSubset(xml, elementName);
      const digest = bytesToBase64(new Uint8Array(await subtle.digest('SHA-1', encoder.encode(canonical))));
      const signatureValue = await rsaSha1(encoder.encode(signedInfo(id, digest, true)));
      const signature =
        `<Signature xmlns="${XMLDSIG_NAMESPACE}">${signedInfo(id, digest, false)}` +
        `<SignatureValue>${signatureValue}</SignatureValue>` +
        `<KeyInfo><X509Data><X509Certificate>${certificateBase64}</X509Certificate></X509Data></KeyInfo></Signature>`;
      return xml.slice(0, rootClose) + signature + xml.slice(rootClose);
    },
  };
}
