// The server's fiscal signer: the A1 kept on the server (PEM, certificate-store.ts) made into
// the one XML-DSig signer the till also runs (src/shared/fiscal/xml-dsig.ts, WebCrypto).
// Here only what the server adds: reading the PEMs, refusing a key that is not the
// certificate's, and importing the key into WebCrypto (not extractable) once, on first use.
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { createXmlSigner, FISCAL_KEY_ALGORITHM, XmlSignatureError, type XmlSigner } from '../../shared/fiscal/xml-dsig';

export { XmlSignatureError, type XmlSigner };

export interface SignerCredentials {
  /** The A1's private key, PEM (PKCS#8 or PKCS#1). */
  keyPem: string;
  /** The A1's certificate, PEM (the first one when it is a chain). */
  certPem: string;
}

export function createPemSigner(credentials: SignerCredentials): XmlSigner {
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
  const pkcs8 = key.export({ type: 'pkcs8', format: 'der' });
  const certificateDer = new Uint8Array(certificate.raw);
  const signer = globalThis.crypto.subtle
    .importKey('pkcs8', pkcs8, FISCAL_KEY_ALGORITHM, false, ['sign'])
    .then((cryptoKey) => createXmlSigner({ key: cryptoKey, certificate_der: certificateDer }));
  // A failure is reported to whoever signs; nobody signing is not an unhandled rejection.
  signer.catch(() => undefined);
  return {
    certificateBase64: certificate.raw.toString('base64'),
    sign: async (xml, elementName) => (await signer).sign(xml, elementName),
    signText: async (text) => (await signer).signText(text),
  };
}
