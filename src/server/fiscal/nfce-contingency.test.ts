// NFC-e in offline contingency as the till makes it: built (tpEmis 9), signed with a key the
// till cannot export (WebCrypto), its QR Code made from the signature and infNFeSupl put in
// after it; held to the official tools (xmllint, xmlsec1) and to the manual's QR rules.
import { createHash, createPrivateKey, verify, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signNfce, type SignedNfce } from '../../shared/fiscal/nfce-sign';
import type { NfceNote } from '../../shared/fiscal/nfce-note';
import { buildNfce, type BuiltNfce } from '../../shared/fiscal/nfce-xml';
import { nfceAddresses } from '../../shared/fiscal/sefaz';
import { manyItems, SAMPLE_CNPJ, SAMPLE_CSC, SAMPLE_ITEMS, sampleNote } from '../../shared/fiscal/test/sample-note';
import { UF_CODE } from '../../shared/fiscal/uf';
import { createXmlSigner, FISCAL_KEY_ALGORITHM, type XmlSigner } from '../../shared/fiscal/xml-dsig';
import { seededRandom } from '../../shared/seeded-random';
import { removeTestCertificates, testCertificates, type TestCertificates } from './test/certificates';
import {
  canonicalize,
  ENVI_NFE_SCHEMA,
  removeWrittenDocuments,
  requireTools,
  schemaFailures,
  verifySignature,
  writeDocuments,
} from './test/xml-tools';
import { createPemSigner } from './xml-signature';

const CONTINGENCY = { started_at: '2026-11-29T12:40:00.000Z', reason: 'Sem conexão com a SEFAZ' };

function cases(): { name: string; note: NfceNote }[] {
  const out: { name: string; note: NfceNote }[] = [];
  const v2 = { version: 2 as const, csc_id: '000001', csc: SAMPLE_CSC };
  for (const [uf, city] of [
    ['SP', '3550308'],
    ['AM', '1302603'],
    ['AC', '1200401'],
    ['RS', '4314902'],
  ] as const)
    for (const environment of [1, 2] as const)
      for (const qr of [v2, { version: 3 as const }]) {
        const note = sampleNote({ environment, qr, contingency: CONTINGENCY });
        note.emitter = { ...note.emitter, address: { ...note.emitter.address, uf, city_code: city } };
        out.push({ name: `${uf} tpAmb ${environment} QR v${qr.version}`, note });
      }
  for (const [name, document] of [['CPF', '529.982.247-25'], ['CNPJ', '11444777000161']] as const)
    for (const qr of [v2, { version: 3 as const }])
      out.push({ name: `${name} QR v${qr.version}`, note: sampleNote({ qr, customer: { document, name: 'Maria' }, contingency: CONTINGENCY }) }); // prettier-ignore
  const weird = { ...SAMPLE_ITEMS[0]!, description: '  Caneca “Copa” – 🎉 <edição> & cia\t\n ', code: ' A&B ' };
  out.push({ name: '30 items, text to escape, v3', note: sampleNote({ qr: { version: 3 }, items: [weird, ...manyItems(29)], payments: [{ method: 'cash', amount: 300_000 }], contingency: { ...CONTINGENCY, reason: '  SEFAZ “fora” & <sem> resposta  ' } }) }); // prettier-ignore
  return out;
}

let certs: TestCertificates;
let other: TestCertificates;
let till: XmlSigner;
let docs: { name: string; built: BuiltNfce; signed: SignedNfce; path: string }[];

/** The signer as the till holds it: the A1's key in WebCrypto, not extractable, and the certificate's DER. */
async function tillSigner(c: TestCertificates): Promise<XmlSigner> {
  const pkcs8 = createPrivateKey(c.keyPem).export({ type: 'pkcs8', format: 'der' });
  const key = await crypto.subtle.importKey('pkcs8', pkcs8, FISCAL_KEY_ALGORITHM, false, ['sign']);
  return createXmlSigner({ key, certificate_der: new X509Certificate(c.certPem).raw });
}

const qrParts = (qr: string) => qr.split('?p=')[1]!.split('|');

beforeAll(async () => {
  requireTools();
  certs = testCertificates(SAMPLE_CNPJ, 'MERCADINHO BOM PRECO LTDA');
  other = testCertificates('99888777000166', 'OUTRA LOJA LTDA');
  till = await tillSigner(certs);
  const made = await Promise.all(
    cases().map(async ({ name, note }, i) => {
      const built = buildNfce(note, seededRandom(i));
      return { name, built, signed: await signNfce(built, till) };
    }),
  );
  const paths = writeDocuments(
    made.map((d) => d.signed.xml),
    'contingency',
  );
  docs = made.map((d, i) => ({ ...d, path: paths[i]! }));
});

afterAll(() => {
  removeWrittenDocuments();
  removeTestCertificates();
});

describe('NFC-e in offline contingency, signed as the till signs it', () => {
  it('validates against nfe_v4.00.xsd, the QR Code in its offline pattern, and in an enviNFe', () => {
    expect(docs.length).toBeGreaterThan(20);
    expect(schemaFailures(docs.map((d) => d.path))).toEqual([]);
    const lote = `<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><idLote>1</idLote><indSinc>1</indSinc>${docs[0]!.signed.xml}</enviNFe>`; // prettier-ignore
    const [path] = writeDocuments([lote], 'enviNFe');
    expect(schemaFailures([path!], ENVI_NFE_SCHEMA)).toEqual([]);
    expect(verifySignature(path!, certs.caPath).ok).toBe(true);
  });

  it('keeps the signature valid with infNFeSupl put in after signing (xmlsec1), bytes canonical', () => {
    for (const doc of docs) {
      const verified = verifySignature(doc.path, certs.caPath);
      expect(verified.ok, `${doc.name}: ${verified.output}`).toBe(true);
      expect(canonicalize(doc.path), doc.name).toBe(doc.signed.xml);
    }
  });

  it('writes infNFe, infNFeSupl, Signature in that order; the Signature is the one made before the QR Code', async () => {
    for (const { name, built, signed } of docs) {
      expect(signed.xml, name).toMatch(/<\/infNFe><infNFeSupl><qrCode>[^<]+<\/qrCode><urlChave>[^<]+<\/urlChave><\/infNFeSupl><Signature /); // prettier-ignore
      expect(signed.xml).toContain(`<qrCode>${signed.qr_code}</qrCode>`);
      expect(signed.xml).toContain(`<DigestValue>${signed.digest_value}</DigestValue>`);
      expect(signed.xml.replace(/<infNFeSupl>.*<\/infNFeSupl>/, '')).toBe(await till.sign(built.xml, 'infNFe'));
    }
  });

  it('gives the same bytes signed at the till (WebCrypto key) as with the server’s PEM signer', async () => {
    const server = createPemSigner(certs);
    for (const { built, signed } of docs.slice(0, 6)) expect((await signNfce(built, server)).xml).toBe(signed.xml);
  });

  it('QR v2 offline: the day of dhEmi, vNF, the DigestValue in hex, idCSC and the hash with the CSC', () => {
    for (const { name, built, signed } of docs.filter((d) => d.name.includes('v2'))) {
      const p = qrParts(signed.qr_code);
      const tag = (t: string) => new RegExp(`<${t}>([^<]+)</${t}>`).exec(signed.xml)![1];
      expect(p.slice(0, 5), name).toEqual([built.key, '2', tag('tpAmb'), tag('dhEmi')!.slice(8, 10), tag('vNF')]);
      expect(Buffer.from(p[5]!, 'hex').toString('ascii')).toBe(signed.digest_value);
      expect(p[6]).toBe('1');
      expect(p[7]).toBe(
        createHash('sha1')
          .update(`${p.slice(0, 7).join('|')}${SAMPLE_CSC}`)
          .digest('hex')
          .toUpperCase(),
      );
    }
  });

  it('QR v3 offline: the seven fields signed by the note’s own certificate; any change fails', () => {
    const publicKey = new X509Certificate(certs.certPem).publicKey;
    const otherKey = new X509Certificate(other.certPem).publicKey;
    for (const { name, signed } of docs.filter((d) => d.name.includes('v3'))) {
      const p = qrParts(signed.qr_code);
      expect(p, name).toHaveLength(8);
      const dest = /<dest><(CPF|CNPJ)>(\d+)</.exec(signed.xml);
      expect(p.slice(5, 7)).toEqual(dest ? [dest[1] === 'CNPJ' ? '1' : '2', dest[2]] : ['', '']);
      const fields = Buffer.from(p.slice(0, 7).join('|'));
      const signature = Buffer.from(p[7]!, 'base64');
      expect(verify('sha1', fields, publicKey, signature), name).toBe(true);
      expect(verify('sha1', Buffer.from(p.slice(0, 7).join('|').replace(`|${p[4]}|`, '|1.00|')), publicKey, signature)).toBe(false); // prettier-ignore
      expect(verify('sha1', fields, otherKey, signature)).toBe(false);
    }
  });

  it('writes the key of each state with tpEmis 9 and dhCont in that state’s time', () => {
    const am = docs.find((d) => d.name === 'AM tpAmb 2 QR v3')!;
    expect(am.built.key.slice(0, 2)).toBe(UF_CODE.AM);
    expect(am.built.key[34]).toBe('9');
    expect(am.signed.xml).toContain('<dhCont>2026-11-29T08:40:00-04:00</dhCont>');
    expect(am.signed.qr_code.startsWith(`${nfceAddresses('AM', 2).qr_url}?p=`)).toBe(true);
  });
});
