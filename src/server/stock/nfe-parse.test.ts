import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { manyLines, nfeXml } from '../test/nfe-xml';
import { NFE_MAX_BYTES, NFE_MESSAGES, NfeParseError, type NfeErrorReason } from './nfe-errors';
import { NO_EXTRAS } from './nfe-line-costs';
import { parseNfe } from './nfe-parse';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const SIGNED = fixture('nfe-proc-assinada.xml');
const PREFIXED = fixture('nfe-prefixo-sem-protocolo.xml');

/** The refusal `xml` gets: its reason and message. */
function refusal(xml: string): { reason: NfeErrorReason; message: string } {
  try {
    parseNfe(xml);
  } catch (error) {
    if (error instanceof NfeParseError) return { reason: error.reason, message: error.message };
    throw error;
  }
  throw new Error('a NF-e foi aceita');
}

describe('NF-e parser: documents suppliers send', () => {
  it('reads an nfeProc with signature and protocol: key, supplier, lines, totals, duplicatas', () => {
    const nfe = parseNfe(SIGNED);
    expect(nfe).toMatchObject({
      access_key: '35261111222333000181550010000001231405128736',
      version: '4.00',
      number: 123,
      series: 1,
      issued_at: '2026-11-20T13:15:32.000Z',
      supplier: { cnpj: '11222333000181', cpf: null, name: 'Distribuidora Paulista de Bebidas & Alimentos Ltda' },
      recipient: { cnpj: '33445566000186', cpf: null, name: 'Mercadinho Bom Preço Ltda' },
      total_cents: 504_51,
      duplicatas: [
        { number: '001', due_date: '2026-12-20', amount_cents: 252_26 },
        { number: '002', due_date: '2027-01-19', amount_cents: 252_25 },
      ],
      authorization: {
        protocol: '135260004561234',
        received_at: '2026-11-20T13:15:40.000Z',
        status_code: 100,
        status: 'Autorizado o uso da NF-e',
      },
      warnings: [],
    });
    expect(nfe.lines.map((l) => l.item_number)).toEqual([1, 2, 3]);
    expect(nfe.lines[0]).toEqual({
      item_number: 1,
      supplier_code: 'REF-COLA-2L',
      ean: '7894900011517',
      ean_tax: '7894900011517',
      description: 'REFRIGERANTE COLA PET 2L',
      ncm: '22021000',
      cest: '0300700',
      origin: 0,
      cfop: '5405',
      unit: 'UN',
      quantity: '24',
      unit_cost: '7.49',
      total_cents: 179_76,
      tax_unit: 'UN',
      tax_quantity: '24',
      tax_unit_cost: '7.49',
      extras: NO_EXTRAS,
    });
    // Sold by the box (CX) and taxed by the unit: 5 boxes are 60 units at R$ 1,50.
    expect(nfe.lines[1]).toMatchObject({
      ean: '17891000315504',
      ean_tax: '7891000315507',
      unit: 'CX',
      quantity: '5',
      unit_cost: '18',
      total_cents: 90_00,
      tax_unit: 'UN',
      tax_quantity: '60',
      tax_unit_cost: '1.5',
    });
    // 'SEM GTIN' is no barcode; a fractional quantity stays exact.
    expect(nfe.lines[2]).toMatchObject({
      ean: null,
      ean_tax: null,
      unit: 'KG',
      quantity: '2.5',
      unit_cost: '89.9',
      total_cents: 224_75,
    });
  });

  it('reads a bare NFe with a namespace prefix, no protocol, no signature and no duplicatas', () => {
    const nfe = parseNfe(PREFIXED);
    expect(nfe).toMatchObject({
      access_key: '41261145012345000101550020000045871908172639',
      number: 4587,
      series: 2,
      issued_at: '2026-11-18T19:40:00.000Z',
      supplier: { cnpj: '45012345000101', name: 'Confecções Araucária Ltda' },
      recipient: { cnpj: null, cpf: '08394512704', name: 'Maria das Graças Modas' },
      total_cents: 307_25,
      duplicatas: [],
      authorization: null,
    });
    expect(nfe.lines[0]).toMatchObject({ quantity: '12', unit_cost: '24.333333333', total_cents: 292_00 });
    // An empty cEAN is no barcode; CDATA is text.
    expect(nfe.lines[1]).toMatchObject({ ean: null, description: 'Kit 3 pares de meia <soquete>', quantity: '0.5' });
  });

  it('reads nfeProc with a prefix, and a bare NFe in the default namespace, the same way', () => {
    const duplicatas = [{ number: '1', due_date: '2026-12-25', amount_cents: 84_94 }];
    const a = parseNfe(nfeXml({ prefix: 'nfe', protocol: true, duplicatas }).xml);
    const b = parseNfe(nfeXml({ protocol: false, duplicatas }).xml);
    const c = parseNfe(nfeXml({ protocol: true, signature: false, duplicatas }).xml);
    expect(a.authorization?.status_code).toBe(100);
    expect(c.authorization?.status_code).toBe(100);
    expect(b.authorization).toBeNull();
    expect({ ...a, authorization: null }).toEqual(b);
    expect({ ...c, authorization: null }).toEqual(b);
    expect(b.duplicatas).toEqual(duplicatas);
  });

  it('turns money into centavos exactly, from the digits', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 9_999_999_99 }), { minLength: 1, maxLength: 5 }), (totals) => {
        const lines = totals.map((cents, i) => ({
          code: `X${i}`,
          description: `ITEM ${i}`,
          quantity: '1.0000',
          unit_cost: `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
          total_cents: cents,
        }));
        const nfe = parseNfe(nfeXml({ lines, freight_cents: 1 }).xml);
        expect(nfe.lines.map((l) => l.total_cents)).toEqual(totals);
        expect(nfe.total_cents).toBe(totals.reduce((a, b) => a + b, 0) + 1);
      }),
      { numRuns: 50 },
    );
  });

  it('drops a cEAN that is not a valid GTIN, with a warning', () => {
    const { xml } = nfeXml({
      lines: [{ code: 'Z', ean: '7894900011518', description: 'X', quantity: '1', unit_cost: '1', total_cents: 100 }],
    });
    const nfe = parseNfe(xml);
    expect(nfe.lines[0]!.ean).toBeNull();
    expect(nfe.warnings).toContain('Item 1: o código de barras "7894900011518" não é um GTIN válido e foi ignorado.');
  });

  it('warns when the protocol does not authorise the NF-e', () => {
    const denied = SIGNED.replace('<cStat>100</cStat>', '<cStat>302</cStat>').replace(
      'Autorizado o uso da NF-e',
      'Uso Denegado: Irregularidade fiscal do destinatario',
    );
    expect(parseNfe(denied).warnings).toEqual([
      'A NF-e não consta como autorizada no protocolo (302: Uso Denegado: Irregularidade fiscal do destinatario).',
    ]);
  });

  it('parses an NF-e of 500 lines', () => {
    const lines = manyLines(500);
    const nfe = parseNfe(nfeXml({ lines }).xml);
    expect(nfe.lines).toHaveLength(500);
    expect(nfe.lines[499]!.item_number).toBe(500);
    expect(nfe.total_cents).toBe(lines.reduce((sum, l) => sum + l.total_cents, 0));
  });
});

describe('NF-e parser: what it refuses', () => {
  it('a DTD, with or without entities, before reading anything', () => {
    const xxe = SIGNED.replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    ).replace('<natOp>VENDA DE MERCADORIA ADQUIRIDA DE TERCEIROS</natOp>', '<natOp>&xxe;</natOp>');
    expect(refusal(xxe)).toEqual({
      reason: 'DTD',
      message: 'O arquivo contém uma DTD ou entidades, que não são aceitas',
    });
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><NFe>&lol2;</NFe>';
    expect(refusal(laughs).reason).toBe('DTD');
    expect(
      refusal(SIGNED.replace('<nfeProc', '<!DOCTYPE nfeProc SYSTEM "http://example.com/nfe.dtd">\n<nfeProc')).reason,
    ).toBe('DTD');
    expect(refusal('<!ENTITY x "y"><NFe/>').reason).toBe('DTD');
  });

  it('an entity it does not know (only the five of XML and character references are read)', () => {
    expect(refusal(SIGNED.replace('Bebidas &amp; Alimentos', 'Bebidas&nbsp;Alimentos')).reason).toBe('BROKEN_XML');
    expect(parseNfe(SIGNED.replace('Bebidas &amp; Alimentos', 'Bebidas &#38; &#x41;limentos')).supplier.name).toBe(
      'Distribuidora Paulista de Bebidas & Alimentos Ltda',
    );
  });

  it('a key whose check digit is wrong, or that is not this note’s', () => {
    const wrong = SIGNED.replace(
      'NFe35261111222333000181550010000001231405128736',
      'NFe35261111222333000181550010000001231405128737',
    );
    expect(refusal(wrong)).toEqual({
      reason: 'WRONG_KEY',
      message: 'Chave de acesso inválida: o dígito verificador não confere.',
    });
    expect(
      refusal(SIGNED.replace('NFe35261111222333000181550010000001231405128736', 'NFe3526111122233300018155001')),
    ).toEqual({
      reason: 'WRONG_KEY',
      message: 'Chave de acesso inválida: são 44 dígitos.',
    });
    expect(refusal(SIGNED.replace('<nNF>123</nNF>', '<nNF>124</nNF>'))).toEqual({
      reason: 'WRONG_KEY',
      message: NFE_MESSAGES.keyMismatch,
    });
  });

  it('XML that is not an NF-e', () => {
    const notNfe = { reason: 'NOT_NFE', message: NFE_MESSAGES.notNfe };
    expect(refusal('<?xml version="1.0"?><pedido><numero>1</numero></pedido>')).toEqual(notNfe);
    expect(refusal('<cteProc xmlns="http://www.portalfiscal.inf.br/cte"><CTe/></cteProc>')).toEqual(notNfe);
    expect(refusal(SIGNED.replaceAll('http://www.portalfiscal.inf.br/nfe', 'urn:outra-coisa'))).toEqual(notNfe);
    expect(refusal('<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe"><protNFe/></nfeProc>')).toEqual(notNfe);
    expect(refusal(nfeXml({ model: '65' }).xml)).toEqual({ reason: 'NOT_NFE', message: NFE_MESSAGES.nfce });
  });

  it('broken XML, naming where it breaks', () => {
    const cut = SIGNED.slice(0, SIGNED.indexOf('<det nItem="2">') + 40);
    expect(refusal(cut).reason).toBe('BROKEN_XML');
    const mismatched = SIGNED.replace('<nNF>123</nNF>', '<nNF>123</nnf>');
    const line = SIGNED.slice(0, SIGNED.indexOf('<nNF>')).split('\n').length;
    expect(refusal(mismatched)).toEqual({
      reason: 'BROKEN_XML',
      message: expect.stringContaining(`O XML está quebrado (linha ${line}, coluna`),
    });
  });

  it('what is not XML at all, and files over 5 MB', () => {
    expect(refusal('%PDF-1.7 ...')).toEqual({ reason: 'NOT_XML', message: NFE_MESSAGES.notXml });
    expect(refusal('   ')).toEqual({ reason: 'NOT_XML', message: NFE_MESSAGES.notXml });
    expect(refusal('{"nfe": 1}').reason).toBe('NOT_XML');
    const big = SIGNED.replace('Pedido 7781.', 'x'.repeat(NFE_MAX_BYTES));
    expect(refusal(big)).toEqual({
      reason: 'TOO_LARGE',
      message: 'O arquivo tem mais de 5 MB. Envie só o XML da NF-e.',
    });
    // Fewer than 5 Mi characters, more than 5 MB in UTF-8.
    const wide = SIGNED.replace('Pedido 7781.', 'ç'.repeat(NFE_MAX_BYTES / 2 + 1));
    expect(wide.length).toBeLessThan(NFE_MAX_BYTES);
    expect(refusal(wide).reason).toBe('TOO_LARGE');
  });

  it('a required field missing, naming it (and the item)', () => {
    expect(refusal(SIGNED.replace('<nNF>123</nNF>', ''))).toEqual({
      reason: 'MISSING_FIELD',
      message: 'A NF-e não tem o campo obrigatório ide/nNF.',
    });
    expect(refusal(SIGNED.replace('<vUnCom>18.0000000000</vUnCom>', ''))).toEqual({
      reason: 'MISSING_FIELD',
      message: 'O item 2 da NF-e não tem o campo obrigatório prod/vUnCom.',
    });
    expect(refusal(SIGNED.replace('<vNF>504.51</vNF>', '')).message).toBe(
      'A NF-e não tem o campo obrigatório total/ICMSTot/vNF.',
    );
    expect(refusal(SIGNED.replace('<CNPJ>11222333000181</CNPJ>', '')).message).toBe(
      'A NF-e não tem o campo obrigatório emit/CNPJ.',
    );
    expect(refusal(nfeXml({ lines: [] }).xml).message).toBe('A NF-e não tem o campo obrigatório det.');
    expect(refusal(SIGNED.replace(' Id="NFe35261111222333000181550010000001231405128736"', '')).reason).toBe(
      'MISSING_FIELD',
    );
  });

  it('a value the layout does not allow', () => {
    expect(refusal(SIGNED.replace('<vNF>504.51</vNF>', '<vNF>504,51</vNF>'))).toEqual({
      reason: 'INVALID_FIELD',
      message: 'O campo total/ICMSTot/vNF da NF-e tem um valor inválido: "504,51".',
    });
    expect(refusal(SIGNED.replace('<qCom>24.0000</qCom>', '<qCom>24.00001</qCom>')).message).toBe(
      'No item 1, o campo prod/qCom da NF-e tem um valor inválido: "24.00001".',
    );
    expect(refusal(SIGNED.replace('<vProd>179.76</vProd>', '<vProd>-179.76</vProd>')).reason).toBe('INVALID_FIELD');
    expect(refusal(SIGNED.replace('<dVenc>2026-12-20</dVenc>', '<dVenc>20/12/2026</dVenc>')).reason).toBe(
      'INVALID_FIELD',
    );
    expect(
      refusal(SIGNED.replace('<dhEmi>2026-11-20T10:15:32-03:00</dhEmi>', '<dhEmi>2026-02-30T10:15:32-03:00</dhEmi>'))
        .reason,
    ).toBe('INVALID_FIELD');
  });

  it('is a 400 VALIDATION error with its reason in the details', () => {
    try {
      parseNfe('nada');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ statusCode: 400, code: 'VALIDATION', details: { reason: 'NOT_XML' } });
    }
  });
});
