import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  approximateTaxes,
  approximateTaxesText,
  itemTaxes,
  withApproximateTaxes,
  type TaxRates,
} from './approximate-taxes';
import { nfceTotals } from './nfce-totals';
import { buildNfce } from './nfce-xml';
import { sampleNote } from './test/sample-note';
import { seededRandom } from '../seeded-random';

const COFFEE: TaxRates = { federal_national: 4.2, federal_imported: 6.69, state: 12, municipal: 0 };
const SHIRT: TaxRates = { federal_national: 13.45, federal_imported: 18.61, state: 18, municipal: 1.5 };

const percent = fc.integer({ min: 0, max: 400_000 }).map((e4) => e4 / 10_000);
const ratesArb = fc.record({
  federal_national: percent,
  federal_imported: percent,
  state: percent,
  municipal: percent,
});
const lineArb = fc.record({
  ncm: fc.constantFrom('09012100', '22021000', '61091000', '99999999'),
  origin: fc.integer({ min: 0, max: 8 }),
  net: fc.integer({ min: 0, max: 100_000_000 }),
});

describe('tributos aproximados (Lei 12.741/2012)', () => {
  it('takes the national federal rate for origem 0, 3, 4, 5, 8 and the imported one for 1, 2, 6, 7', () => {
    // R$ 100,00 of coffee: 4,20 + 12,00 national; 6,69 + 12,00 imported.
    for (const origin of [0, 3, 4, 5, 8]) expect(itemTaxes(10_000, origin, COFFEE)).toEqual({ federal: 420, state: 1200, municipal: 0, total: 1620 });
    for (const origin of [1, 2, 6, 7]) expect(itemTaxes(10_000, origin, COFFEE)).toEqual({ federal: 669, state: 1200, municipal: 0, total: 1869 });
  }); // prettier-ignore

  it('rounds each item half up to the centavo, the split adding up to it', () => {
    // R$ 12,34 × 32,95 % = 406,603 centavos => 407; 13,45 % = 165,973; 18 % = 222,12; 1,5 % = 18,51.
    expect(itemTaxes(1234, 0, SHIRT)).toEqual({ federal: 166, state: 222, municipal: 19, total: 407 });
    // Exactly half a centavo goes up: 1 centavo × 50 % = 0,5.
    expect(itemTaxes(1, 0, { federal_national: 50, federal_imported: 0, state: 0, municipal: 0 }).total).toBe(1);
    // 0,5 + 0,5 of two parts: total 1, given to the federal part on the tie.
    expect(itemTaxes(1, 0, { federal_national: 50, federal_imported: 0, state: 50, municipal: 0 })).toEqual({ federal: 1, state: 0, municipal: 0, total: 1 });
    expect(itemTaxes(1, 0, { federal_national: 49.99, federal_imported: 0, state: 0, municipal: 0 }).total).toBe(0);
  }); // prettier-ignore

  it('for any lines and rates: the total is the sum of the items, zero without a rate, never negative', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 40 }), ratesArb, ratesArb, (lines, a, b) => {
        const rates = new Map([['09012100', a], ['61091000', b], ['22021000', a]]); // prettier-ignore
        const taxes = approximateTaxes(lines, rates);
        const sum = (k: 'federal' | 'state' | 'municipal' | 'total') => taxes.items.reduce((s, t) => s + t[k], 0);
        expect(taxes.total).toEqual({ federal: sum('federal'), state: sum('state'), municipal: sum('municipal'), total: sum('total') }); // prettier-ignore
        lines.forEach((line, i) => {
          const item = taxes.items[i]!;
          expect(item.federal + item.state + item.municipal).toBe(item.total);
          for (const part of Object.values(item)) expect(part).toBeGreaterThanOrEqual(0);
          const rate = rates.get(line.ncm);
          if (!rate || line.net === 0) return expect(item.total).toBe(0);
          const federal = [1, 2, 6, 7].includes(line.origin) ? rate.federal_imported : rate.federal_national;
          // Against a reference in exact rationals: |vTotTrib - exact| <= 1/2 centavo.
          const exact = (line.net * Math.round((federal + rate.state + rate.municipal) * 10_000)) / 1_000_000;
          expect(Math.abs(item.total - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
          const parts = [federal, rate.state, rate.municipal].map(
            (r) => (line.net * Math.round(r * 10_000)) / 1_000_000,
          );
          [item.federal, item.state, item.municipal].forEach((p, k) =>
            expect(Math.abs(p - parts[k]!)).toBeLessThan(1 + 1e-6),
          );
        });
      }),
    );
  });

  it('puts vTotTrib on the note from each item net value (its share of the sale discount out)', () => {
    const note = sampleNote();
    const rates = new Map([['09012100', COFFEE], ['04069090', SHIRT]]); // prettier-ignore
    const { note: taxed, taxes } = withApproximateTaxes(note, rates);
    const { lines } = nfceTotals(note);
    expect(taxed.items.map((i) => i.approximate_taxes)).toEqual([
      itemTaxes(lines[0]!.net, 0, COFFEE).total,
      0,
      itemTaxes(lines[2]!.net, 0, SHIRT).total,
    ]);
    expect(lines[0]!.net).toBeLessThan(2 * 1899); // the sale's discount was shared out
    expect(taxes!.total.total).toBe(taxed.items.reduce((s, i) => s + i.approximate_taxes!, 0));
    const xml = buildNfce(taxed, seededRandom(7)).xml;
    const written = [...xml.matchAll(/<vTotTrib>([\d.]+)<\/vTotTrib>/g)].map((m) => m[1]);
    const money = (c: number) => (c / 100).toFixed(2);
    expect(written).toEqual([...taxed.items.map((i) => money(i.approximate_taxes!)), money(taxes!.total.total)]);
  });

  it('leaves the note as it was when no item has a rate (no table): no vTotTrib', () => {
    const note = sampleNote();
    const result = withApproximateTaxes(note, new Map([['11111111', COFFEE]]));
    expect(result).toEqual({ note, taxes: null });
    expect(buildNfce(result.note, seededRandom(7)).xml).not.toContain('vTotTrib');
  });

  it('writes the DANFE line with the split and the source', () => {
    const split = { federal: 166, state: 222, municipal: 19, total: 407 };
    const table = { source: 'IBPT/empresometro.com.br', key: '8A3F1C', version: '26.1.A' };
    expect(approximateTaxesText(split, table).replace(/\s/g, ' ')).toBe(
      'Tributos aproximados: R$ 4,07 (Federal R$ 1,66, Estadual R$ 2,22, Municipal R$ 0,19). Fonte: IBPT/empresometro.com.br 8A3F1C 26.1.A. Lei 12.741/2012.',
    );
    expect(approximateTaxesText(split).replace(/\s/g, ' ')).toMatch(/R\$ 0,19\)\. Lei 12\.741\/2012\.$/);
  });
});
