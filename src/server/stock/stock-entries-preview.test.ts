// A supplier's NF-e previewed through the API: its lines in units and unit costs, the
// documents suppliers send as they are, the lines that are not whole units, and the
// refusals with a pt-BR reason; nothing written. On PGlite and on PostgreSQL when
// DATABASE_URL is set.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stockEntries } from '../db/schema';
import { databases } from '../test/testDb';
import { entriesSuite, note, numberSeq, SUPPLIER } from './stock-entries-fixtures';

describe.each(databases())('NF-e entries: preview (%s)', (kind) => {
  const { s, post, preview, tableCount } = entriesSuite(kind);

  it('previews a note: supplier, key, lines with units per box and unit costs, proposed products and bills', async () => {
    const { xml, key } = note();
    const res = await preview(xml);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      access_key: key,
      number: numberSeq,
      series: 1,
      supplier: { document: SUPPLIER, name: 'Fornecedor de Testes Ltda' },
      total: 293.11,
      recipient_warning: null,
      payables: [
        { description: `NF-e ${numberSeq}/1 - parcela 001 de 2`, due_date: '2030-01-10', amount: 146.56 },
        { description: `NF-e ${numberSeq}/1 - parcela 002 de 2`, due_date: '2030-02-09', amount: 146.55 },
      ],
    });
    expect(data.lines).toEqual([
      expect.objectContaining({
        item_number: 1,
        supplier_code: 'COLA-2L',
        ean: '7894900011517',
        unit: 'UN',
        quantity: '24',
        units_per_package: 1,
        factor_source: 'none',
        units: 24,
        cost_per_unit: 7.49,
        total: 179.76,
        match: 'new',
        product: null,
        problem: null,
      }),
      expect.objectContaining({
        item_number: 2,
        unit: 'CX',
        quantity: '5',
        unit_cost: '18',
        units_per_package: 12,
        factor_source: 'tax_quantity',
        units: 60,
        cost_per_unit: 1.5,
        match: 'new',
      }),
      // 23,35 / 10 = 2,335: to the centavo, half up.
      expect.objectContaining({ item_number: 3, ean: null, units: 10, cost_per_unit: 2.34, ncm: '21069090' }),
    ]);
    // A factor typed for a line replaces the note's.
    const typed = await preview(xml, { lines: [{ item_number: 2, units_per_package: 6 }] });
    expect(typed.body.data.lines[1]).toMatchObject({
      units_per_package: 6,
      factor_source: 'typed',
      units: 30,
      cost_per_unit: 3,
    });
    expect(await tableCount(stockEntries)).toBe(0);
  });

  it('previews the documents suppliers send as they are: nfeProc signed with protocol, bare NFe with a prefix', async () => {
    const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
    const signed = await preview(fixture('nfe-proc-assinada.xml'));
    expect(signed.status).toBe(200);
    expect(signed.body.data).toMatchObject({ number: 123, series: 1, total: 504.51 });
    expect(signed.body.data.payables.map((p: { amount: number }) => p.amount)).toEqual([252.26, 252.25]);
    // The box of 12 (CX, qTrib 60 UN) enters as 60 units at R$ 1,50.
    expect(signed.body.data.lines[1]).toMatchObject({
      unit: 'CX',
      units_per_package: 12,
      units: 60,
      cost_per_unit: 1.5,
    });
    // Addressed to another store than the demo's: a warning, not a refusal.
    expect(signed.body.data.recipient_warning).toMatch(/^Esta NF-e é destinada a outro CNPJ/);
    const prefixed = await preview(fixture('nfe-prefixo-sem-protocolo.xml'));
    expect(prefixed.status).toBe(200);
    expect(prefixed.body.data.lines.length).toBeGreaterThan(0);
  });

  it('a line whose quantity is not whole units says so; cashiers may not preview', async () => {
    const kg = await preview(
      note({
        lines: [
          {
            code: 'QJ',
            description: 'QUEIJO KG',
            unit: 'KG',
            quantity: '1.2500',
            unit_cost: '32.0000000000',
            total_cents: 40_00,
          },
        ],
        duplicatas: [],
      }).xml,
    );
    expect(kg.status).toBe(200);
    expect(kg.body.data.lines[0]).toMatchObject({ units: null, cost_per_unit: null });
    expect(kg.body.data.lines[0].problem).toBe(
      '1,25 KG não dá um número inteiro de unidades: informe quantas unidades há em cada KG.',
    );
    expect(kg.body.data.payables).toEqual([
      expect.objectContaining({ description: `NF-e ${numberSeq}/1`, amount: 40 }),
    ]);
    const refused = await post('/api/stock-entries/nfe/preview', { xml: note().xml }, s.cashier);
    expect(refused.status).toBe(403);
  });

  it('refuses what is not an NF-e, broken XML, a wrong check digit, with a pt-BR reason', async () => {
    const cases: [string, RegExp][] = [
      ['<?xml version="1.0"?><pedido><item/></pedido>', /^Este XML não é uma NF-e/],
      [note().xml.replace('</infNFe>', '</infNF>'), /^O XML está quebrado \(linha \d+, coluna \d+\)/],
      ['isto não é xml', /^O arquivo não é um XML/],
      ['<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', /DTD ou entidades/],
    ];
    const { xml, key } = note();
    const wrong = `${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}`;
    cases.push([xml.replaceAll(key, wrong), /dígito verificador não confere/]);
    for (const [bad, message] of cases) {
      const res = await preview(bad);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(res.body.error).toMatch(message);
    }
  });
});
