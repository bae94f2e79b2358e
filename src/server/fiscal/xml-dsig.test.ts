// The shared signer (src/shared/fiscal/xml-dsig.ts, WebCrypto: the till's and the server's)
// held to the node:crypto signer the server used before (test/node-signer.ts) and to the
// official tools: for generated notes the same bytes (RSA PKCS#1 v1.5 is deterministic),
// and a sample of them valid against the schema (xmllint), their signature verified
// (xmlsec1) and their bytes their own canonical form (xmllint --c14n).
import { createPrivateKey, createPublicKey, sign as nodeSign, verify, X509Certificate } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfce } from '../../shared/fiscal/nfce-xml';
import { buildCancelEvent, buildInutilization } from '../../shared/fiscal/sefaz-messages';
import { noteArb } from '../../shared/fiscal/test/note-arbitraries';
import { SAMPLE_CNPJ, sampleNote } from '../../shared/fiscal/test/sample-note';
import { createXmlSigner, FISCAL_KEY_ALGORITHM, XmlSignatureError, type XmlSigner } from '../../shared/fiscal/xml-dsig';
import { seededRandom } from '../../shared/seeded-random';
import { createNodeSigner, type NodeSigner } from './test/node-signer';
import { removeTestCertificates, testCertificates, type TestCertificates } from './test/certificates';
import {
  canonicalize,
  removeWrittenDocuments,
  requireTools,
  schemaFailures,
  verifySignature,
  writeDocuments,
} from './test/xml-tools';

let certs: TestCertificates;
let shared: XmlSigner;
let reference: NodeSigner;
let key: CryptoKey;

/** The A1's key as the till holds it: imported into WebCrypto, not extractable, for signing only. */
async function tillKey(keyPem: string, extractable = false): Promise<CryptoKey> {
  const pkcs8 = createPrivateKey(keyPem).export({ type: 'pkcs8', format: 'der' });
  return crypto.subtle.importKey('pkcs8', pkcs8, FISCAL_KEY_ALGORITHM, extractable, ['sign']);
}

beforeAll(async () => {
  requireTools();
  certs = testCertificates(SAMPLE_CNPJ, 'MERCADINHO BOM PRECO LTDA');
  key = await tillKey(certs.keyPem);
  shared = createXmlSigner({ key, certificate_der: new X509Certificate(certs.certPem).raw });
  reference = createNodeSigner(certs);
});

afterAll(() => {
  removeWrittenDocuments();
  removeTestCertificates();
});

describe('shared signer (WebCrypto) against the node:crypto signer and the official tools', () => {
  it('gives the same bytes as the node signer for any note, and the sample verifies with xmlsec1', async () => {
    const sample: string[] = [];
    await fc.assert(
      fc.asyncProperty(noteArb, fc.integer(), async (note, seed) => {
        const { xml } = buildNfce(note, seededRandom(seed));
        const signed = await shared.sign(xml, 'infNFe');
        expect(signed).toBe(reference.sign(xml, 'infNFe'));
        if (sample.length < 16) sample.push(signed);
      }),
      { numRuns: 150 },
    );
    const paths = writeDocuments(sample, 'generated');
    expect(schemaFailures(paths)).toEqual([]);
    paths.forEach((path, i) => {
      const verified = verifySignature(path, certs.caPath);
      expect(verified.ok, verified.output).toBe(true);
      expect(canonicalize(path)).toBe(sample[i]);
    });
  });

  it('signs the events and inutilizações as the node signer does', async () => {
    const note = buildNfce(sampleNote(), seededRandom(1));
    const event = buildCancelEvent({ key: note.key, environment: 2, cnpj: SAMPLE_CNPJ, protocol: '135260000012345', justification: 'Cliente desistiu da compra', at: 0 }); // prettier-ignore
    const inut = buildInutilization({ uf: 'SP', environment: 2, cnpj: SAMPLE_CNPJ, year: 2026, series: 1, first: 3, last: 4, justification: 'Numeros pulados por falha' }); // prettier-ignore
    expect(await shared.sign(event.xml, 'infEvento')).toBe(reference.sign(event.xml, 'infEvento'));
    expect(await shared.sign(inut.xml, 'infInut')).toBe(reference.sign(inut.xml, 'infInut'));
  });

  it('signs a text with the same key (the QR Code v3), verified by the certificate', async () => {
    const text = `${'3'.repeat(44)}|3|2|29|12.50||`;
    const signature = await shared.signText(text);
    expect(signature).toBe(nodeSign('sha1', Buffer.from(text), createPrivateKey(certs.keyPem)).toString('base64'));
    const publicKey = createPublicKey(new X509Certificate(certs.certPem).publicKey.export({ type: 'spki', format: 'pem' })); // prettier-ignore
    expect(verify('sha1', Buffer.from(text), publicKey, Buffer.from(signature, 'base64'))).toBe(true);
    expect(verify('sha1', Buffer.from(`${text}x`), publicKey, Buffer.from(signature, 'base64'))).toBe(false);
  });

  it('works with a key that cannot be exported, as the till keeps it', async () => {
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', key)).rejects.toThrow();
  });

  it('refuses a key of another algorithm or without the sign usage, a certificate that is not DER, and a signed document', async () => {
    const pkcs8 = createPrivateKey(certs.keyPem).export({ type: 'pkcs8', format: 'der' });
    const sha256 = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']); // prettier-ignore
    const der = new X509Certificate(certs.certPem).raw;
    expect(() => createXmlSigner({ key: sha256, certificate_der: der })).toThrow(XmlSignatureError);
    const publicKey = await crypto.subtle.importKey('spki', createPublicKey(certs.certPem).export({ type: 'spki', format: 'der' }), FISCAL_KEY_ALGORITHM, false, ['verify']); // prettier-ignore
    expect(() => createXmlSigner({ key: publicKey, certificate_der: der })).toThrow('chave');
    expect(() => createXmlSigner({ key, certificate_der: new TextEncoder().encode(certs.certPem) })).toThrow('DER');
    const { xml } = buildNfce(sampleNote(), seededRandom(2));
    await expect(shared.sign(await shared.sign(xml, 'infNFe'), 'infNFe')).rejects.toThrow('já assinado');
    await expect(shared.sign(xml.replace('<vTroco>', '<vTroco/><vTroco>'), 'infNFe')).rejects.toThrow('forma canônica');
  });
});
