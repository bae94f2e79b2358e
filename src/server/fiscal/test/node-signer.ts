// The reference the shared signer (src/shared/fiscal/xml-dsig.ts) is held to, test code:
// the signer the server used before the till needed one, on node:crypto, synchronous, kept
// as it was written (its own canonical subset, its own SignedInfo) so a mistake in the
// shared one is not repeated by its judge. RSA PKCS#1 v1.5 is deterministic: for the same
// key and document both must give the same bytes (xml-dsig.test.ts).
import { createHash, createPrivateKey, sign as rsaSign, X509Certificate, type KeyObject } from 'node:crypto';

const XMLDSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';

class XmlSignatureError extends Error {
  override name = 'XmlSignatureError';
}

interface SignerCredentials {
  /** The A1's private key, PEM (PKCS#8 or PKCS#1). */
  keyPem: string;
  /** The A1's certificate, PEM (the first one when it is a chain). */
  certPem: string;
}

export interface NodeSigner {
  /** Signs the element `elementName` (with an Id attribute) of our own document `xml`. */
  sign(xml: string, elementName: string): string;
  /** The certificate's DER in base64, as written in X509Certificate. */
  readonly certificateBase64: string;
}

const sha1Base64 = (text: string) => createHash('sha1').update(text, 'utf8').digest('base64');

/** The signed element as C14N renders it on its own: its inherited default namespace declared first. */
function canonicalSubset(xml: string, elementName: string): { canonical: string; id: string } {
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

function signedInfo(id: string, digest: string, withNamespace: boolean): string {
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

export function createNodeSigner(credentials: SignerCredentials): NodeSigner {
  let key: KeyObject;
  let certificate: X509Certificate;
  try {
    key = createPrivateKey(credentials.keyPem);
    certificate = new X509Certificate(credentials.certPem);
  } catch {
    throw new XmlSignatureError('Assinatura: a chave ou o certificado não pôde ser lido (PEM).');
  }
  if (!certificate.checkPrivateKey(key))
    throw new XmlSignatureError('Assinatura: a chave privada não é a do certificado.');
  const certificateBase64 = certificate.raw.toString('base64');
  return {
    certificateBase64,
    sign(xml, elementName) {
      const rootClose = xml.lastIndexOf('</');
      if (rootClose < 0 || xml.includes(`<Signature xmlns="${XMLDSIG_NAMESPACE}">`))
        throw new XmlSignatureError('Assinatura: documento sem raiz ou já assinado.');
      // What our writer never produces and C14N would rewrite: a declaration, a comment,
      // CDATA or a DTD, an empty-element tag, a carriage return.
      if (/<\?|<!|\/>|\r/.test(xml))
        throw new XmlSignatureError('Assinatura: o documento não está na forma canônica em que o Balcão o escreve.');
      const { canonical, id } = canonicalSubset(xml, elementName);
      const digest = sha1Base64(canonical);
      const signatureValue = rsaSign('sha1', Buffer.from(signedInfo(id, digest, true), 'utf8'), key).toString('base64');
      const signature =
        `<Signature xmlns="${XMLDSIG_NAMESPACE}">${signedInfo(id, digest, false)}` +
        `<SignatureValue>${signatureValue}</SignatureValue>` +
        `<KeyInfo><X509Data><X509Certificate>${certificateBase64}</X509Certificate></X509Data></KeyInfo></Signature>`;
      return xml.slice(0, rootClose) + signature + xml.slice(rootClose);
    },
  };
}
