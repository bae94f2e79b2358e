// Every NFC-e these tests build is held to the official tools: valid against
// nfe_v4.00.xsd (PL_010_V1.30) with xmllint, its signature verified by xmlsec1 against the
// test CA, and its bytes shown to be the canonical form xmllint and xmlsec1 compute.
import { readFileSync, writeFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signNfce } from '../../shared/fiscal/nfce-sign';
import { buildNfce } from '../../shared/fiscal/nfce-xml';
import type { NfceNote, NfcePayment } from '../../shared/fiscal/nfce-note';
import { nfceAddresses } from '../../shared/fiscal/sefaz';
import { UF_CODE, UFS } from '../../shared/fiscal/uf';
import { seededRandom } from '../../shared/seeded-random';
import {
  manyItems,
  SAMPLE_ALPHANUMERIC_CNPJ,
  SAMPLE_CNPJ,
  SAMPLE_ITEMS,
  sampleNote,
} from '../../shared/fiscal/test/sample-note';
import { removeTestCertificates, testCertificates, type TestCertificates } from './test/certificates';
import {
  canonicalize,
  ENVI_NFE_SCHEMA,
  removeWrittenDocuments,
  requireTools,
  schemaFailures,
  verifySignature,
  writeDocuments,
  xmlsecBuffers,
} from './test/xml-tools';
import { canonicalSubset } from '../../shared/fiscal/xml-dsig';
import { createPemSigner, XmlSignatureError } from './xml-signature';

/** One note per case the product writes: states, environments, QR versions, payments, consumers, sizes. */
function cases(): { name: string; note: NfceNote }[] {
  const out: { name: string; note: NfceNote }[] = [];
  for (const uf of UFS)
    for (const environment of [1, 2] as const) {
      const note = sampleNote({
        environment,
        qr: { version: nfceAddresses(uf, environment).qr_version, csc_id: 1, csc: 'CSC0TESTE0BALCAO0000001' },
      });
      // A city code of the state (its IBGE prefix); the schema checks the shape, SEFAZ the city.
      note.emitter = { ...note.emitter, address: { ...note.emitter.address, uf, city_code: `${UF_CODE[uf]}00000` } };
      out.push({ name: `${uf} tpAmb ${environment}`, note });
    }
  const payments: NfcePayment[] = [
    { method: 'cash', amount: 10_000 },
    { method: 'credit_card', amount: 500 },
    { method: 'debit_card', amount: 500, card: { integrated: true, acquirer_cnpj: '01027058000191', brand: '01', authorization: '123456' } },
    { method: 'pix', amount: 500 },
    { method: 'transfer', amount: 500 },
    { method: 'crediario', amount: 500 },
    { method: 'store_credit', amount: 500 },
    { method: 'other', amount: 500, description: 'Vale cultura' },
  ]; // prettier-ignore
  out.push({ name: 'every payment method, change', note: sampleNote({ payments }) });
  out.push({ name: 'QR v3 in produção, CPF', note: sampleNote({ environment: 1, qr: { version: 3 }, customer: { document: '52998224725', name: 'Maria da Silva' } }) }); // prettier-ignore
  out.push({ name: 'consumer CNPJ, no name', note: sampleNote({ customer: { document: '11444777000161' } }) });
  const csosns = (['102', '103', '300', '400', '500', '900'] as const).map((csosn, i) => ({
    ...SAMPLE_ITEMS[i % 3]!,
    csosn,
    approximate_taxes: 123,
  }));
  out.push({ name: 'every CSOSN, approximate taxes, infCpl', note: sampleNote({ items: csosns, payments: [{ method: 'cash', amount: 50_000 }], additional_info: 'Troca em até 30 dias\ncom a nota.' }) }); // prettier-ignore
  out.push({
    name: '30 items',
    note: sampleNote({ items: manyItems(30), payments: [{ method: 'pix', amount: 200_000 }] }),
  });
  out.push({
    name: '990 items',
    note: sampleNote({ items: manyItems(990), payments: [{ method: 'cash', amount: 9_000_000 }] }),
  });
  const weird = {
    ...SAMPLE_ITEMS[0]!,
    description: '  Caneca “Copa” – 🎉 <edição> & cia\t\n ',
    unit: ' kg ',
    code: ' A&B ',
  };
  out.push({
    name: 'text to clean and escape',
    note: sampleNote({
      environment: 1,
      items: [weird, ...SAMPLE_ITEMS],
      payments: [{ method: 'cash', amount: 20_000 }],
    }),
  });
  const contingency = { started_at: '2026-11-29T12:00:00.000Z', reason: '  Sem conexão com a “SEFAZ” & <cia>  ' };
  out.push({ name: 'contingency (tpEmis 9), QR v2', note: sampleNote({ contingency }) });
  out.push({ name: 'contingency (tpEmis 9), QR v3 in produção, CNPJ', note: sampleNote({ environment: 1, qr: { version: 3 }, customer: { document: '11444777000161' }, contingency }) }); // prettier-ignore
  const mei = sampleNote();
  mei.emitter = { ...mei.emitter, crt: 4, trade_name: null, ie: 'ISENTO', address: { ...mei.emitter.address, complement: null, phone: null } }; // prettier-ignore
  out.push({ name: 'MEI, no fantasy name, IE ISENTO', note: mei });
  return out;
}

let certs: TestCertificates;
let alphaCerts: TestCertificates;
let signed: { name: string; xml: string; path: string; ca: string }[];

beforeAll(async () => {
  requireTools();
  certs = testCertificates(SAMPLE_CNPJ, 'MERCADINHO BOM PRECO LTDA');
  alphaCerts = testCertificates(SAMPLE_ALPHANUMERIC_CNPJ, 'LOJA ALFANUMERICA LTDA');
  const signer = createPemSigner(certs);
  const alphaSigner = createPemSigner(alphaCerts);
  const docs = await Promise.all(cases().map(async ({ name, note }, i) => ({ name, xml: (await signNfce(buildNfce(note, seededRandom(i)), signer)).xml, ca: certs.caPath }))); // prettier-ignore
  const alpha = sampleNote();
  alpha.emitter = { ...alpha.emitter, cnpj: SAMPLE_ALPHANUMERIC_CNPJ };
  docs.push({ name: 'alphanumeric CNPJ', xml: await alphaSigner.sign(buildNfce(alpha, seededRandom(99)).xml, 'infNFe'), ca: alphaCerts.caPath }); // prettier-ignore
  const paths = writeDocuments(docs.map((d) => d.xml));
  signed = docs.map((d, i) => ({ ...d, path: paths[i]! }));
});

afterAll(() => {
  removeWrittenDocuments();
  removeTestCertificates();
});

describe('NFC-e held to the official tools', () => {
  it(`validates every document against nfe_v4.00.xsd with xmllint`, () => {
    expect(signed.length).toBeGreaterThan(60);
    expect(schemaFailures(signed.map((d) => d.path))).toEqual([]);
  });

  it('embeds each signed note unchanged in an enviNFe (indSinc 1) that validates, its signature still good', () => {
    const lotes = signed
      .slice(-6)
      .map(
        (d, i) =>
          `<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><idLote>${i + 1}</idLote><indSinc>1</indSinc>${d.xml}</enviNFe>`,
      );
    const paths = writeDocuments(lotes, 'enviNFe');
    expect(schemaFailures(paths, ENVI_NFE_SCHEMA)).toEqual([]);
    paths.forEach((path, i) => expect(verifySignature(path, signed.slice(-6)[i]!.ca).ok).toBe(true));
  });

  it('verifies every signature with xmlsec1 against the test CA', () => {
    for (const doc of signed) {
      const result = verifySignature(doc.path, doc.ca);
      expect(result.ok, `${doc.name}: ${result.output}`).toBe(true);
    }
  });

  it('writes bytes that are their own canonical form (xmllint --c14n gives them back)', () => {
    for (const doc of signed) expect(canonicalize(doc.path), doc.name).toBe(doc.xml);
  });

  it('digests and signs exactly what xmlsec1 canonicalizes (infNFe and SignedInfo)', () => {
    for (const doc of signed.slice(-12)) {
      const { preDigest, preSigned } = xmlsecBuffers(doc.path, doc.ca);
      expect(preDigest, doc.name).toBe(canonicalSubset(doc.xml, 'infNFe').canonical);
      const signedInfo = /<SignedInfo>.*<\/SignedInfo>/.exec(doc.xml)![0];
      expect(preSigned).toBe(
        signedInfo.replace('<SignedInfo>', '<SignedInfo xmlns="http://www.w3.org/2000/09/xmldsig#">'),
      );
    }
  });

  it('fails verification when one character changes or another CA is trusted (the checks above can fail)', () => {
    const doc = signed.find((d) => d.name === 'SP tpAmb 2')!;
    const tampered = doc.xml.replace('<vUnCom>9.99</vUnCom>', '<vUnCom>9.98</vUnCom>');
    expect(tampered).not.toBe(doc.xml);
    const [tamperedPath] = writeDocuments([tampered], 'tampered');
    expect(verifySignature(tamperedPath!, doc.ca).ok).toBe(false);
    expect(verifySignature(doc.path, alphaCerts.caPath).ok).toBe(false);
    const unsigned = doc.xml.replace(/<Signature .*<\/Signature>/, '');
    const [unsignedPath] = writeDocuments([unsigned], 'unsigned');
    expect(schemaFailures([unsignedPath!])).not.toEqual([]);
  });

  it('carries the certificate in KeyInfo, with the CNPJ in the ICP-Brasil otherName', () => {
    const doc = signed.find((d) => d.name === 'SP tpAmb 2')!;
    const base64 = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(doc.xml)![1]!;
    const cert = new X509Certificate(Buffer.from(base64, 'base64'));
    expect(cert.fingerprint256).toBe(new X509Certificate(certs.certPem).fingerprint256);
    // otherName: OID 2.16.76.1.3.3 (06 05 60 4C 01 03 03), [0] explicit, OCTET STRING of the 14 characters.
    const der = cert.raw.toString('hex');
    const cnpjHex = Buffer.from(SAMPLE_CNPJ, 'ascii').toString('hex');
    expect(der).toContain(`0605604c010303a010040e${cnpjHex}`);
  });
});

describe('signer', () => {
  it('refuses a key that is not the certificate’s, and a document already signed', async () => {
    expect(() => createPemSigner({ keyPem: alphaCerts.keyPem, certPem: certs.certPem })).toThrow(XmlSignatureError);
    expect(() => createPemSigner({ keyPem: 'x', certPem: certs.certPem })).toThrow('PEM');
    const doc = signed[0]!;
    await expect(createPemSigner(certs).sign(doc.xml, 'infNFe')).rejects.toThrow('já assinado');
    const { xml } = buildNfce(sampleNote(), seededRandom(5));
    for (const notOurs of [
      `<?xml version="1.0"?>${xml}`,
      xml.replace('<infRespTec>', '<!-- x --><infRespTec>'),
      xml.replace('<vTroco>', '<vTroco/><vTroco>'),
    ])
      await expect(createPemSigner(certs).sign(notOurs, 'infNFe')).rejects.toThrow('forma canônica');
  });

  it('signs the same bytes the same way (RSA PKCS#1 v1.5 is deterministic)', async () => {
    const { xml } = buildNfce(sampleNote(), seededRandom(5));
    const signer = createPemSigner(certs);
    expect(await signer.sign(xml, 'infNFe')).toBe(await signer.sign(xml, 'infNFe'));
  });

  it('keeps a signed document byte for byte through a file', () => {
    const doc = signed[0]!;
    writeFileSync(doc.path + '.copy', doc.xml);
    expect(readFileSync(doc.path + '.copy', 'utf8')).toBe(doc.xml);
  });
});
