// The verifier of our own XML-DSig (src/shared/fiscal/xml-dsig-verify.ts), what the server
// runs on a contingency NFC-e a till signed: whatever the shared signer signs (any note,
// online or in contingency with its infNFeSupl put in after the signature, an event, an
// inutilização), the verifier accepts with the signer's certificate; one character changed
// anywhere the signature covers (infNFe, the root, the Signature itself) is refused, and so
// is another certificate. node:crypto's own verify agrees with it.
import { createPrivateKey, verify, X509Certificate } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signNfce } from '../../shared/fiscal/nfce-sign';
import { buildNfce } from '../../shared/fiscal/nfce-xml';
import { buildCancelEvent, buildInutilization } from '../../shared/fiscal/sefaz-messages';
import { noteArb } from '../../shared/fiscal/test/note-arbitraries';
import { SAMPLE_CNPJ, sampleNote } from '../../shared/fiscal/test/sample-note';
import { createXmlSigner, FISCAL_KEY_ALGORITHM, signedInfo, type XmlSigner } from '../../shared/fiscal/xml-dsig';
import { publicKeyInfoOf, verifyXmlSignature } from '../../shared/fiscal/xml-dsig-verify';
import { seededRandom } from '../../shared/seeded-random';
import { removeTestCertificates, testCertificates, type TestCertificates } from './test/certificates';

let certs: TestCertificates;
let other: TestCertificates;
let signer: XmlSigner;
let der: Uint8Array;

async function tillSigner(c: TestCertificates): Promise<XmlSigner> {
  const pkcs8 = createPrivateKey(c.keyPem).export({ type: 'pkcs8', format: 'der' });
  const key = await crypto.subtle.importKey('pkcs8', pkcs8, FISCAL_KEY_ALGORITHM, false, ['sign']);
  return createXmlSigner({ key, certificate_der: new X509Certificate(c.certPem).raw });
}

const CONTINGENCY = { started_at: '2026-11-29T12:40:00.000Z', reason: 'Sem conexão com a SEFAZ' };

beforeAll(async () => {
  certs = testCertificates(SAMPLE_CNPJ, 'MERCADINHO BOM PRECO LTDA');
  other = testCertificates('99888777000166', 'OUTRA LOJA LTDA');
  signer = await tillSigner(certs);
  der = new Uint8Array(new X509Certificate(certs.certPem).raw);
});
afterAll(() => removeTestCertificates());

/** A character other than the one at `at` (printable ASCII). */
const changed = (xml: string, at: number, code: number) => {
  const c = String.fromCharCode(32 + (code % 95));
  const replacement = c === xml[at] ? String.fromCharCode(32 + ((code + 1) % 95)) : c;
  return xml.slice(0, at) + replacement + xml.slice(at + 1);
};

describe('verifyXmlSignature: what the shared signer signs', () => {
  it('accepts any note the signer signs, online or in contingency (after infNFeSupl), and node:crypto agrees', async () => {
    await fc.assert(
      fc.asyncProperty(noteArb, fc.integer(), fc.boolean(), async (note, seed, offline) => {
        const contingency = offline ? { ...CONTINGENCY, started_at: note.issued_at } : null;
        const built = buildNfce({ ...note, contingency }, seededRandom(seed));
        const { xml } = await signNfce(built, signer);
        const check = await verifyXmlSignature(xml, 'infNFe', der);
        expect(check, JSON.stringify(check)).toMatchObject({ ok: true, id: `NFe${built.key}` });
        const value = /<SignatureValue>([^<]+)</.exec(xml)![1]!;
        const digest = /<DigestValue>([^<]+)</.exec(xml)![1]!;
        const info = Buffer.from(signedInfo(`NFe${built.key}`, digest, true));
        expect(verify('sha1', info, new X509Certificate(certs.certPem).publicKey, Buffer.from(value, 'base64'))).toBe(true); // prettier-ignore
      }),
      { numRuns: 60 },
    );
  });

  it('refuses one character changed anywhere the signature covers (all but infNFeSupl)', async () => {
    const built = buildNfce(sampleNote({ contingency: CONTINGENCY, qr: { version: 3 } }), seededRandom(7));
    const { xml } = await signNfce(built, signer);
    const supl = [xml.indexOf('<infNFeSupl>'), xml.indexOf('</infNFeSupl>') + '</infNFeSupl>'.length];
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: xml.length - 1 }), fc.nat(), async (at, code) => {
        fc.pre(at < supl[0]! || at >= supl[1]!);
        const check = await verifyXmlSignature(changed(xml, at, code), 'infNFe', der);
        expect(check.ok, `posição ${at}: ${xml.slice(Math.max(0, at - 20), at + 20)}`).toBe(false);
      }),
      { numRuns: 400 },
    );
    // Every position of the Signature and of the root's tags, not only a sample.
    const from = xml.indexOf('<Signature ');
    for (let at = from; at < xml.length; at += 1)
      expect((await verifyXmlSignature(changed(xml, at, 17), "infNFe", der)).ok, `posição ${at}: ${xml.slice(at - 30, at + 30)} -> ${changed(xml, at, 17).slice(at - 30, at + 30)}`).toBe(false);
    for (let at = 0; at < xml.indexOf('<infNFe '); at += 1)
      expect((await verifyXmlSignature(changed(xml, at, 17), "infNFe", der)).ok, `posição ${at}: ${xml.slice(at - 30, at + 30)} -> ${changed(xml, at, 17).slice(at - 30, at + 30)}`).toBe(false);
  });

  it('refuses another certificate, a document signed by another key, and an unsigned one, with the reason', async () => {
    const built = buildNfce(sampleNote({ contingency: CONTINGENCY }), seededRandom(3));
    const { xml } = await signNfce(built, signer);
    const otherDer = new Uint8Array(new X509Certificate(other.certPem).raw);
    expect(await verifyXmlSignature(xml, 'infNFe', otherDer)).toEqual({ ok: false, problem: 'O certificado da assinatura não é o certificado informado.' }); // prettier-ignore
    // Signed by another key but naming our certificate in KeyInfo.
    const forged = (await signNfce(built, await tillSigner(other))).xml.replace(
      /<X509Certificate>[^<]+</,
      `<X509Certificate>${Buffer.from(der).toString('base64')}<`,
    );
    expect(await verifyXmlSignature(forged, 'infNFe', der)).toEqual({ ok: false, problem: 'A assinatura não confere com o certificado.' }); // prettier-ignore
    expect((await verifyXmlSignature(built.xml, 'infNFe', der)).ok).toBe(false);
    const edited = xml.replace('<vNF>', '<vNF>1');
    expect(await verifyXmlSignature(edited, 'infNFe', der)).toMatchObject({ ok: false, problem: expect.stringContaining('alterado') }); // prettier-ignore
  });

  it('verifies events and inutilizações signed by the same signer; reads the public key of the certificate', async () => {
    const note = buildNfce(sampleNote(), seededRandom(1));
    const event = buildCancelEvent({ key: note.key, environment: 2, cnpj: SAMPLE_CNPJ, protocol: '135260000012345', justification: 'Cliente desistiu da compra', at: 0 }); // prettier-ignore
    const inut = buildInutilization({ uf: 'SP', environment: 2, cnpj: SAMPLE_CNPJ, year: 2026, series: 1, first: 3, last: 4, justification: 'Numeros pulados por falha' }); // prettier-ignore
    expect((await verifyXmlSignature(await signer.sign(event.xml, 'infEvento'), 'infEvento', der)).ok).toBe(true);
    expect((await verifyXmlSignature(await signer.sign(inut.xml, 'infInut'), 'infInut', der)).ok).toBe(true);
    const spki = new X509Certificate(certs.certPem).publicKey.export({ type: 'spki', format: 'der' });
    expect(Buffer.from(publicKeyInfoOf(der)).equals(spki)).toBe(true);
  });
});
