// The requests sent to SEFAZ (src/shared/fiscal/sefaz-messages.ts), held to the official
// tools: each valid against its schema in PL_010_V1.30 (xmllint), each signed one verified
// by xmlsec1 against the test CA, signed as written by createPemSigner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfce } from '../../shared/fiscal/nfce-xml';
import {
  buildCancelEvent,
  buildConsSit,
  buildConsStatServ,
  buildEnviNfe,
  buildInutilization,
  buildSubstitutionCancelEvent,
  SefazMessageError,
  wrapEvents,
} from '../../shared/fiscal/sefaz-messages';
import { SAMPLE_ALPHANUMERIC_CNPJ, SAMPLE_CNPJ, sampleNote } from '../../shared/fiscal/test/sample-note';
import { seededRandom } from '../../shared/seeded-random';
import { removeTestCertificates, testCertificates, type TestCertificates } from './test/certificates';
import {
  canonicalize,
  removeWrittenDocuments,
  requireTools,
  SCHEMAS,
  schemaFailures,
  verifySignature,
  writeDocuments,
} from './test/xml-tools';
import { createPemSigner, type XmlSigner } from './xml-signature';

let certs: TestCertificates;
let signer: XmlSigner;
const JUST = 'Cliente desistiu da compra no caixa';

beforeAll(() => {
  requireTools();
  certs = testCertificates(SAMPLE_CNPJ);
  signer = createPemSigner({ keyPem: certs.keyPem, certPem: certs.certPem });
});
afterAll(() => {
  removeWrittenDocuments();
  removeTestCertificates();
});

function expectValidSigned(xml: string, schema: string) {
  const [path] = writeDocuments([xml], 'sefaz');
  expect(schemaFailures([path!], schema)).toEqual([]);
  const verified = verifySignature(path!, certs.caPath);
  expect(verified.ok, verified.output).toBe(true);
  return path!;
}

const signedNote = (overrides = {}) => buildNfce(sampleNote(overrides), seededRandom(7));

describe('enviNFe', () => {
  it('carries the signed note unchanged, valid and still verifying', async () => {
    const note = signedNote();
    const signed = await signer.sign(note.xml, 'infNFe');
    const envi = buildEnviNfe(signed, '123456789012345');
    expect(envi).toContain(signed);
    expect(envi).toMatch(
      /^<enviNFe xmlns="http:\/\/www.portalfiscal.inf.br\/nfe" versao="4.00"><idLote>123456789012345<\/idLote><indSinc>1<\/indSinc><NFe /,
    );
    const path = expectValidSigned(envi, SCHEMAS.enviNFe);
    // C14N drops the NFe's xmlns, the same as its parent's: the rest is byte for byte.
    expect(canonicalize(path)).toBe(envi.replace('<NFe xmlns="http://www.portalfiscal.inf.br/nfe">', '<NFe>'));
  });

  it('refuses an unsigned note and a bad batch id', async () => {
    const note = signedNote();
    expect(() => buildEnviNfe(note.xml, '1')).toThrow(/assinada/);
    const signed = await signer.sign(note.xml, 'infNFe');
    expect(() => buildEnviNfe(signed, '1234567890123456')).toThrow(SefazMessageError);
  });
});

describe('cancel event 110111', () => {
  const key = () => signedNote().key;

  it('builds the Id, the UF offset and the fields; signed and wrapped it validates and verifies', async () => {
    const k = key();
    const event = buildCancelEvent({ key: k, environment: 2, cnpj: '11.222.333/0001-81', protocol: '135260000012345',
      justification: `  ${JUST}  `, at: '2026-11-29T13:20:00.000Z' }); // prettier-ignore
    expect(event.id).toBe(`ID110111${k}01`);
    expect(event.xml).toContain('<cOrgao>35</cOrgao><tpAmb>2</tpAmb><CNPJ>11222333000181</CNPJ>');
    expect(event.xml).toContain('<dhEvento>2026-11-29T10:20:00-03:00</dhEvento>');
    expect(event.xml).toContain(`<xJust>${JUST}</xJust>`);
    const signed = await signer.sign(event.xml, 'infEvento');
    expectValidSigned(signed, SCHEMAS.eventoCanc);
    const env = wrapEvents([signed], '42');
    expect(env).toContain(signed);
    const path = expectValidSigned(env, SCHEMAS.envEventoCanc);
    expect(canonicalize(path)).toBe(env.replace(`<evento xmlns="http://www.portalfiscal.inf.br/nfe" `, '<evento '));
  });

  it('writes the second request of a key as sequence 02, in produção', async () => {
    const note = buildNfce(sampleNote({ environment: 1 }), seededRandom(3));
    const event = buildCancelEvent({ key: note.key, environment: 1, cnpj: SAMPLE_CNPJ,
      protocol: '13526000001234567', justification: JUST, at: Date.UTC(2026, 10, 29, 13), sequence: 2 }); // prettier-ignore
    expect(event.id).toBe(`ID110111${note.key}02`);
    expectValidSigned(wrapEvents([await signer.sign(event.xml, 'infEvento')], '1'), SCHEMAS.envEventoCanc);
  });

  it('an alphanumeric CNPJ builds, but the Id pattern of PL_010_V1.30 (ID[0-9]{52}) does not admit it yet', async () => {
    const note = buildNfce(
      sampleNote({ emitter: { ...sampleNote().emitter, cnpj: SAMPLE_ALPHANUMERIC_CNPJ } }),
      seededRandom(3),
    );
    const event = buildCancelEvent({ key: note.key, environment: 2, cnpj: SAMPLE_ALPHANUMERIC_CNPJ,
      protocol: '135260000012345', justification: JUST, at: 0 }); // prettier-ignore
    expect(event.xml).toContain(`<CNPJ>${SAMPLE_ALPHANUMERIC_CNPJ}</CNPJ>`);
    const [path] = writeDocuments([await signer.sign(event.xml, 'infEvento')], 'alnum');
    expect(schemaFailures([path!], SCHEMAS.eventoCanc).join('')).toMatch(/ID\[0-9\]\{52\}/);
  });

  it('a changed byte fails the signature', async () => {
    const event = buildCancelEvent({ key: key(), environment: 2, cnpj: SAMPLE_CNPJ, protocol: '135260000012345', justification: JUST, at: 0 }); // prettier-ignore
    const tampered = wrapEvents([await signer.sign(event.xml, 'infEvento')], '1').replace('desistiu', 'desistio');
    const [path] = writeDocuments([tampered], 'tampered');
    expect(verifySignature(path!, certs.caPath).ok).toBe(false);
  });

  it('says everything wrong at once, in Portuguese', () => {
    const bad = () =>
      buildCancelEvent({ key: '35' + '0'.repeat(42), environment: 2, cnpj: '123', protocol: '12', justification: 'curta', at: 0, sequence: 21 }); // prettier-ignore
    expect(bad).toThrow(SefazMessageError);
    try {
      bad();
    } catch (e) {
      expect((e as SefazMessageError).problems).toHaveLength(5);
    }
  });
});

describe('cancel by substitution 110112 (NT 2018.004)', () => {
  // The online note nº 1234 got no answer; the sale's contingency note nº 1235 replaced it.
  const doubtful = () => signedNote().key;
  const replacement = () =>
    signedNote({ number: 1235, contingency: { started_at: '2026-11-29T13:00:00.000Z', reason: 'Sem conexão com a SEFAZ' } })
      .key; // prettier-ignore
  const input = () => ({ key: doubtful(), environment: 2 as const, cnpj: SAMPLE_CNPJ, protocol: '135260000012345',
    justification: 'Nota substituida pela emitida em contingencia', at: '2026-11-29T13:20:00.000Z',
    replacedBy: replacement(), application: 'Balcao 0.1.0' }); // prettier-ignore

  it('names the note that replaced it; signed and wrapped it validates against envEventoCancSubst and verifies', async () => {
    const event = buildSubstitutionCancelEvent(input());
    expect(event.id).toBe(`ID110112${doubtful()}01`);
    expect(event.xml).toContain(
      `<tpEvento>110112</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00"><descEvento>Cancelamento por substituicao</descEvento><cOrgaoAutor>35</cOrgaoAutor><tpAutor>1</tpAutor><verAplic>Balcao 0.1.0</verAplic><nProt>135260000012345</nProt>`,
    );
    expect(event.xml).toContain(`<chNFeRef>${replacement()}</chNFeRef></detEvento>`);
    expect(replacement().charAt(34)).toBe('9');
    const signed = await signer.sign(event.xml, 'infEvento');
    expectValidSigned(signed, SCHEMAS.eventoCancSubst);
    expectValidSigned(wrapEvents([signed], '7'), SCHEMAS.envEventoCancSubst);
  });

  it('refuses the note itself, another emitter and a missing verAplic, with the cancel checks, all at once', () => {
    const other = buildNfce(
      sampleNote({ emitter: { ...sampleNote().emitter, cnpj: '11444777000161' } }),
      seededRandom(7),
    );
    const problems = (over: object) => {
      try {
        buildSubstitutionCancelEvent({ ...input(), ...over });
        return [];
      } catch (e) {
        return [...(e as SefazMessageError).problems];
      }
    };
    expect(problems({ replacedBy: doubtful() })).toEqual(['A nota substituta deve ser outra nota.']);
    expect(problems({ replacedBy: other.key })).toEqual(['A nota substituta deve ser do mesmo emitente.']);
    expect(problems({ application: '  ', justification: 'curta', protocol: '1' })).toEqual([
      'O protocolo de autorização (nProt) deve ter 15 ou 17 dígitos.',
      'Informe a versão do aplicativo (verAplic).',
      'A justificativa deve ter de 15 a 255 caracteres.',
    ]);
    expect(problems({ replacedBy: '1'.repeat(44) })[0]).toMatch(/chave da nota substituta/);
  });
});

describe('inutNFe', () => {
  it('builds the Id of 41 digits and fields; signed it validates and verifies', async () => {
    const built = buildInutilization({ uf: 'SP', environment: 2, cnpj: SAMPLE_CNPJ, year: 2026, series: 7,
      first: 15, last: 20, justification: JUST }); // prettier-ignore
    expect(built.id).toBe(`ID3526${SAMPLE_CNPJ}65007000000015000000020`);
    expect(built.xml).toContain(
      '<ano>26</ano><CNPJ>11222333000181</CNPJ><mod>65</mod><serie>7</serie><nNFIni>15</nNFIni><nNFFin>20</nNFFin>',
    );
    expectValidSigned(await signer.sign(built.xml, 'infInut'), SCHEMAS.inutNFe);
  });

  it('refuses a reversed range, a series above 999 and a short justification', () => {
    expect(() =>
      buildInutilization({ uf: 'RS', environment: 2, cnpj: SAMPLE_CNPJ, year: 26, series: 1000, first: 9, last: 3, justification: 'x' }),
    ).toThrow(/série.*inicial.*justificativa/s); // prettier-ignore
  });
});

describe('consSitNFe and consStatServ', () => {
  it('validate against their schemas', () => {
    const key = signedNote().key;
    const docs = [buildConsSit(key, 2), buildConsStatServ('AM', 1)];
    const [sit, stat] = writeDocuments(docs, 'cons');
    expect(schemaFailures([sit!], SCHEMAS.consSitNFe)).toEqual([]);
    expect(schemaFailures([stat!], SCHEMAS.consStatServ)).toEqual([]);
    expect(docs[1]).toContain('<cUF>13</cUF>');
    expect(() => buildConsSit(key.slice(0, 43) + ((Number(key[43]) + 1) % 10), 2)).toThrow(/chave/);
  });
});
