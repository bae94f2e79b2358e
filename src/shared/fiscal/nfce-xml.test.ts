import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import { NfceBuildError } from './nfce-check';
import type { NfceItem, NfcePayment } from './nfce-note';
import { fiscalGtin } from '../gtin';
import { buildNfce, HOMOLOGACAO_FIRST_ITEM } from './nfce-xml';
import { nfceTotals } from './nfce-totals';
import { NFCE_PAYMENT_CODES, type NfcePaymentMethod } from './payment-codes';
import { manyItems, SAMPLE_ALPHANUMERIC_CNPJ, SAMPLE_ITEMS, sampleNote } from './test/sample-note';

const all = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);
const one = (xml: string, name: string) => all(xml, name)[0];
const cents = (text: string | undefined) => Math.round(Number(text) * 100);

describe('NFC-e builder', () => {
  it('gives the same bytes for the same note and random source', () => {
    const a = buildNfce(sampleNote(), seededRandom(7));
    const b = buildNfce(sampleNote(), seededRandom(7));
    expect(a.xml).toBe(b.xml);
    // The cNF kept from the first build gives the same bytes without any random source.
    const again = buildNfce(sampleNote({ numeric_code: a.numeric_code }), () => {
      throw new Error('não deveria sortear');
    });
    expect(again.xml).toBe(a.xml);
  });

  it('writes no XML declaration, no prefixes and no whitespace between tags', () => {
    const { xml } = buildNfce(sampleNote(), seededRandom(1));
    expect(xml.startsWith('<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe')).toBe(true);
    expect(xml).not.toMatch(/>\s+</);
    expect(xml).not.toMatch(/<\/?[A-Za-z]+:/);
    expect(xml).not.toMatch(/<[A-Za-z]+\/>/);
    expect(xml.endsWith('</infNFeSupl></NFe>')).toBe(true);
  });

  it('writes the ide of a consumer sale at the counter, dhEmi in the state time', () => {
    const built = buildNfce(sampleNote(), seededRandom(1));
    const { xml, key } = built;
    expect(one(xml, 'mod')).toBe('65');
    expect(one(xml, 'tpImp')).toBe('4');
    expect(one(xml, 'indFinal')).toBe('1');
    expect(one(xml, 'indPres')).toBe('1');
    expect(one(xml, 'idDest')).toBe('1');
    expect(one(xml, 'tpEmis')).toBe('1');
    expect(one(xml, 'dhEmi')).toBe('2026-11-29T10:05:09-03:00');
    expect(one(xml, 'cDV')).toBe(key.slice(-1));
    expect(one(xml, 'cNF')).toBe(key.slice(35, 43));
    expect(key.slice(0, 6)).toBe('352611');
    // A Manaus store at 02:30 UTC on the 1st is still on the 31st, at -04:00; the key's AAMM follows.
    const am = sampleNote();
    am.emitter = { ...am.emitter, address: { ...am.emitter.address, uf: 'AM', city_code: '1302603' } };
    const amBuilt = buildNfce({ ...am, issued_at: '2026-11-01T02:30:00Z' }, seededRandom(1));
    expect(one(amBuilt.xml, 'dhEmi')).toBe('2026-10-31T22:30:00-04:00');
    expect(amBuilt.key.slice(0, 6)).toBe('132610');
  });

  it('names the first item as the state requires in homologação, and only there', () => {
    const homolog = buildNfce(sampleNote(), seededRandom(1)).xml;
    expect(all(homolog, 'xProd')[0]).toBe(HOMOLOGACAO_FIRST_ITEM);
    expect(all(homolog, 'xProd')[1]).toBe('Refrigerante cola 2 L');
    const production = buildNfce(sampleNote({ environment: 1 }), seededRandom(1)).xml;
    expect(all(production, 'xProd')[0]).toBe('Café torrado e moído 500 g');
    expect(one(production, 'tpAmb')).toBe('1');
  });

  it('escapes the text and writes SEM GTIN for no barcode or a store code', () => {
    const { xml } = buildNfce(sampleNote(), seededRandom(1));
    expect(xml).toContain('<xProd>Queijo "minas" &lt;frescal&gt; &amp; cia</xProd>');
    expect(all(xml, 'cEAN')).toEqual(['7891000100103', '7894900011517', 'SEM GTIN']);
    expect(fiscalGtin(null)).toBe('SEM GTIN');
    expect(fiscalGtin('7891000100104')).toBe('SEM GTIN'); // wrong check digit
    expect(fiscalGtin('789-1000-100103')).toBe('7891000100103');
    expect(fiscalGtin('2000123000004')).toBe('SEM GTIN'); // restricted circulation (weighed goods)
    expect(fiscalGtin('036000291452')).toBe('036000291452'); // UPC-A
  });

  it('writes quantities with four decimals and vProd as quantity × price to the centavo', () => {
    const { xml } = buildNfce(sampleNote(), seededRandom(1));
    expect(all(xml, 'qCom')).toEqual(['2.0000', '1.0000', '0.3750']);
    expect(all(xml, 'vUnCom')).toEqual(['18.99', '9.99', '49.90']);
    // 0.375 kg × R$ 49,90 = R$ 18,7125 => 18.71
    expect(all(xml, 'vProd').slice(0, 3)).toEqual(['37.98', '9.99', '18.71']);
  });

  it('shares the sale discount over the items to the centavo: vNF = vProd - vDesc', () => {
    const note = sampleNote();
    const { xml, totals } = buildNfce(note, seededRandom(1));
    const itemDiscounts = all(xml, 'vDesc').slice(0, -1).map(cents);
    expect(itemDiscounts.reduce((a, b) => a + b, 0)).toBe(250 + 100);
    expect(cents(all(xml, 'vDesc').at(-1))).toBe(350);
    expect(cents(one(xml, 'vNF'))).toBe(totals.products - totals.discount);
  });

  it('any discounts: Σ vDesc is the line discounts plus the sale discount, each within its item, Σ pays vNF', () => {
    const itemArb = fc
      .record({
        quantity: fc.integer({ min: 1, max: 50_000 }).map((q) => q / 1000),
        unit_price: fc.integer({ min: 1, max: 100_000 }),
        own: fc.double({ min: 0, max: 1, noNaN: true }),
      })
      .map(({ quantity, unit_price, own }): NfceItem => {
        const gross = Math.round((quantity * 10_000 * unit_price) / 10_000);
        return { ...SAMPLE_ITEMS[0]!, quantity, unit_price, discount: Math.floor(gross * own * 0.5) };
      });
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 1, maxLength: 40 }),
        fc.double({ min: 0, max: 0.9, noNaN: true }),
        fc.array(fc.constantFrom(...(Object.keys(NFCE_PAYMENT_CODES) as NfcePaymentMethod[])), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.integer({ min: 0, max: 10_000 }),
        (items, share, methods, extra) => {
          const base = nfceTotals(sampleNote({ items, discount: 0, payments: [{ method: 'cash', amount: 1 }] }));
          const discount = Math.floor((base.products - base.discount) * share);
          const total = base.products - base.discount - discount;
          fc.pre(total >= methods.length);
          // The total split over the methods; the last one (cash or not) hands over `extra` more.
          const payments: NfcePayment[] = methods.map((method, i) => ({
            method,
            amount:
              Math.floor(total / methods.length) + (i === methods.length - 1 ? (total % methods.length) + extra : 0),
            description: method === 'other' ? 'Vale cultura' : undefined,
          }));
          const { xml, totals } = buildNfce(sampleNote({ items, discount, payments }), seededRandom(3));
          const vProd = all(xml, 'vProd').slice(0, -1).map(cents);
          const vDesc = [...xml.matchAll(/<det nItem="\d+">.*?<\/det>/g)].map((m) => cents(one(m[0], 'vDesc') ?? '0'));
          expect(vDesc.reduce((a, b) => a + b, 0)).toBe(items.reduce((s, i) => s + (i.discount ?? 0), 0) + discount);
          vDesc.forEach((d, i) => expect(d).toBeLessThanOrEqual(vProd[i]!));
          expect(cents(one(xml, 'vNF'))).toBe(total);
          expect(totals.total).toBe(total);
          const vPag = all(xml, 'vPag').map(cents);
          const vTroco = cents(one(xml, 'vTroco') ?? '0');
          expect(vPag.reduce((a, b) => a + b, 0) - vTroco).toBe(total);
          expect(all(xml, 'tPag')).toEqual(methods.map((m) => NFCE_PAYMENT_CODES[m].code));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('writes each payment by the official table: card group for cards, xPag for others, the change', () => {
    const payments: NfcePayment[] = [
      { method: 'cash', amount: 2000 },
      { method: 'credit_card', amount: 1000 },
      { method: 'debit_card', amount: 1000, card: { integrated: true, acquirer_cnpj: '01027058000191', brand: '02', authorization: 'A1B2C3' } },
      { method: 'pix', amount: 500 },
      { method: 'transfer', amount: 500 },
      { method: 'crediario', amount: 500 },
      { method: 'store_credit', amount: 500 },
      { method: 'other', amount: 500, description: '  Vale   cultura ' },
    ]; // prettier-ignore
    const { xml, totals } = buildNfce(sampleNote({ payments }), seededRandom(1));
    expect(all(xml, 'tPag')).toEqual(['01', '03', '04', '20', '18', '05', '21', '99']);
    expect(xml).toContain('<tPag>03</tPag><vPag>10.00</vPag><card><tpIntegra>2</tpIntegra></card>');
    expect(xml).toContain(
      '<tPag>04</tPag><vPag>10.00</vPag><card><tpIntegra>1</tpIntegra><CNPJ>01027058000191</CNPJ><tBand>02</tBand><cAut>A1B2C3</cAut></card>',
    );
    expect(xml).toContain('<tPag>99</tPag><xPag>Vale cultura</xPag><vPag>5.00</vPag>');
    expect(cents(one(xml, 'vTroco'))).toBe(6500 - totals.total);
  });

  it('writes the consumer when told, and nothing of one otherwise', () => {
    const cpf = buildNfce(sampleNote({ customer: { document: '529.982.247-25', name: 'Maria' } }), seededRandom(1)).xml;
    expect(cpf).toContain(
      '<dest><CPF>52998224725</CPF><xNome>NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL</xNome><indIEDest>9</indIEDest></dest>',
    );
    const production = buildNfce(
      sampleNote({ environment: 1, customer: { document: '52998224725', name: ' Maria ' } }),
      seededRandom(1),
    ).xml;
    expect(production).toContain('<dest><CPF>52998224725</CPF><xNome>Maria</xNome><indIEDest>9</indIEDest></dest>');
    const cnpj = buildNfce(sampleNote({ customer: { document: '11.444.777/0001-61' } }), seededRandom(1)).xml;
    expect(cnpj).toContain('<dest><CNPJ>11444777000161</CNPJ><indIEDest>9</indIEDest></dest>');
    expect(buildNfce(sampleNote(), seededRandom(1)).xml).not.toContain('<dest>');
  });

  it('takes the alphanumeric CNPJ', () => {
    const note = sampleNote();
    note.emitter = { ...note.emitter, cnpj: SAMPLE_ALPHANUMERIC_CNPJ };
    const { xml, key } = buildNfce(note, seededRandom(1));
    expect(key.slice(6, 20)).toBe(SAMPLE_ALPHANUMERIC_CNPJ);
    expect(one(xml, 'CNPJ')).toBe(SAMPLE_ALPHANUMERIC_CNPJ);
  });

  it('writes the ICMS group of each CSOSN and PIS/COFINS as the Simples sends them', () => {
    const items = (['102', '103', '300', '400', '500', '900'] as const).map((csosn) => ({
      ...SAMPLE_ITEMS[0]!,
      csosn,
    }));
    const { xml } = buildNfce(
      sampleNote({ items, discount: 0, payments: [{ method: 'cash', amount: 100_000 }] }),
      seededRandom(1),
    );
    expect([...xml.matchAll(/<ICMS><(ICMSSN\d+)><orig>0<\/orig><CSOSN>(\d+)<\/CSOSN><\/ICMSSN\d+><\/ICMS>/g)].map((m) => `${m[1]}:${m[2]}`)).toEqual(
      ['ICMSSN102:102', 'ICMSSN102:103', 'ICMSSN102:300', 'ICMSSN102:400', 'ICMSSN500:500', 'ICMSSN900:900'],
    ); // prettier-ignore
    expect(xml).toContain(
      '<PIS><PISOutr><CST>49</CST><vBC>0.00</vBC><pPIS>0.00</pPIS><vPIS>0.00</vPIS></PISOutr></PIS>',
    );
  });

  it('sums the approximate taxes when the items have them', () => {
    const items = manyItems(3).map((item, i) => ({ ...item, approximate_taxes: 100 * (i + 1) }));
    const { xml } = buildNfce(
      sampleNote({ items, discount: 0, payments: [{ method: 'cash', amount: 100_000 }] }),
      seededRandom(1),
    );
    expect(all(xml, 'vTotTrib')).toEqual(['1.00', '2.00', '3.00', '6.00']);
    expect(buildNfce(sampleNote(), seededRandom(1)).xml).not.toContain('vTotTrib');
  });

  it('refuses a note it cannot write, with every reason in Portuguese', () => {
    const bad = sampleNote({
      items: [{ ...SAMPLE_ITEMS[0]!, ncm: '0901', quantity: 0.12345 }],
      payments: [{ method: 'other', amount: 1 }],
      customer: { document: '123.456.789-00' },
    });
    bad.emitter = { ...bad.emitter, cnpj: '11222333000182', crt: 3 as never };
    try {
      buildNfce(bad, seededRandom(1));
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(NfceBuildError);
      expect((err as NfceBuildError).problems).toEqual([
        'O CNPJ do emitente é inválido.',
        'Regime tributário (CRT) não suportado: emita como Simples Nacional (1) ou MEI (4).',
        'O CPF ou CNPJ do consumidor é inválido.',
        'Item 1: o NCM tem 8 dígitos.',
        'Item 1: a quantidade é maior que zero, com até 4 casas decimais.',
        'Pagamento 1: descreva a forma de pagamento (ao menos 2 caracteres).',
      ]);
    }
    const empty = sampleNote({ items: [{ ...SAMPLE_ITEMS[0]!, description: ' 🎉 \n ' }], app_version: ' ' });
    empty.emitter = { ...empty.emitter, legal_name: '😀' };
    expect(() => buildNfce(empty, seededRandom(1))).toThrow(
      /razão social do emitente.*versão do aplicativo.*Item 1: informe o código e a descrição/,
    );
    expect(() => buildNfce(sampleNote({ payments: [{ method: 'cash', amount: 100 }] }), seededRandom(1))).toThrow(
      'Os pagamentos não cobrem o valor da nota.',
    );
    expect(() => buildNfce(sampleNote({ numeric_code: '00001234' }), seededRandom(1))).toThrow('cNF');
    expect(() => buildNfce(sampleNote({ qr: { version: 2, csc_id: 1 } }), seededRandom(1))).toThrow(NfceBuildError);
    expect(() => buildNfce(sampleNote({ qr: { version: 3 } }), seededRandom(1))).not.toThrow();
  });
});
