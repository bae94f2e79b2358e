// The reader of SEFAZ's answers on shapes the stand-in does not write: prefixes, entities,
// a batch without a protocol, an answer without cStat.
import { describe, expect, it } from 'vitest';
import {
  assembleNfeProc,
  decodeText,
  keyInReason,
  readRetConsSit,
  readRetEnviNfe,
  readRetEnvEvento,
  readRetInut,
  SefazAnswerError,
} from './sefaz-answers';

const KEY = '35261111222333000181650010000012341000000011';
const soap = (inner: string) =>
  `<?xml version="1.0" encoding="utf-8"?><env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4">${inner}</nfeResultMsg></env:Body></env:Envelope>`;

describe('SEFAZ answers', () => {
  it('reads the batch and the note apart, with spaces and entities, keeping the protocol bytes', () => {
    const prot = `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><chNFe>${KEY}</chNFe><dhRecbto>2026-11-29T10:00:00-03:00</dhRecbto><nProt>135260000000001</nProt><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>`; // prettier-ignore
    const body = soap(`<retEnviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">\n  <cStat>104</cStat>\n  <xMotivo>Lote processado &amp; ok</xMotivo>${prot}</retEnviNFe>`); // prettier-ignore
    const r = readRetEnviNfe(body);
    expect(r.batch).toEqual({ cstat: 104, reason: 'Lote processado & ok' });
    expect(r.note).toEqual({ cstat: 100, reason: 'Autorizado o uso da NF-e', protocol: '135260000000001', received_at: '2026-11-29T10:00:00-03:00', xml: prot }); // prettier-ignore
  });

  it('reads prefixed elements; a prefixed protocol cannot go into nfeProc as is', () => {
    const body = soap(`<n:retEnviNFe xmlns:n="http://www.portalfiscal.inf.br/nfe" versao="4.00"><n:cStat>104</n:cStat><n:xMotivo>Lote processado</n:xMotivo><n:protNFe versao="4.00"><n:infProt><n:cStat>539</n:cStat><n:xMotivo>Duplicidade</n:xMotivo></n:infProt></n:protNFe></n:retEnviNFe>`); // prettier-ignore
    const r = readRetEnviNfe(body);
    expect(r.batch.cstat).toBe(104);
    expect(r.note).toMatchObject({ cstat: 539, protocol: null });
    expect(() => assembleNfeProc('<NFe xmlns="x"></NFe>', r.note!.xml)).toThrow(SefazAnswerError);
  });

  it('a batch refused whole has no note; a consulta without protocol none; an event batch without retEvento none', () => {
    expect(readRetEnviNfe(soap('<retEnviNFe><cStat>225</cStat><xMotivo>Falha no Schema</xMotivo></retEnviNFe>')).note).toBeNull(); // prettier-ignore
    expect(readRetConsSit(soap(`<retConsSitNFe><cStat>217</cStat><xMotivo>não consta</xMotivo><chNFe>${KEY}</chNFe></retConsSitNFe>`))).toEqual({ cstat: 217, reason: 'não consta', authorization: null, events: [] }); // prettier-ignore
    expect(readRetEnvEvento(soap('<retEnvEvento><cStat>215</cStat><xMotivo>Falha</xMotivo></retEnvEvento>')).event).toBeNull(); // prettier-ignore
  });

  it('an answer without its element or its cStat is an error, not a guess', () => {
    expect(() => readRetInut(soap('<retConsStatServ><cStat>107</cStat></retConsStatServ>'))).toThrow(/retInutNFe/);
    expect(() => readRetInut(soap('<retInutNFe><infInut><xMotivo>?</xMotivo></infInut></retInutNFe>'))).toThrow(/cStat/); // prettier-ignore
  });

  it('finds the key a duplicate points to', () => {
    expect(keyInReason(`Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe: ${KEY}][nRec:999999999999999]`)).toBe(KEY); // prettier-ignore
    expect(keyInReason('Rejeição: Duplicidade de NF-e [nRec:999999999999999]')).toBeNull();
  });

  it('decodes character references', () => {
    expect(decodeText('Inutiliza&#231;&#xE3;o &lt;ok&gt; &quot;x&quot;')).toBe('Inutilização <ok> "x"');
  });
});
