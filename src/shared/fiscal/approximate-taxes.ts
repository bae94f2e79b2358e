// Tributos aproximados (Lei 12.741/2012): each item's vTotTrib from the IBPT table's rates
// of its NCM, and the federal / estadual / municipal split the DANFE prints.
//
// The rule, in integer centavos:
// - the base is the item's net value in the note (vProd - vDesc, its share of the sale's
//   discount included: nfceTotals);
// - the federal rate is the table's 'nacionalfederal' for a good of national origin (origem
//   0, 3, 4, 5 and 8: made in Brazil, whatever its imported content) and
//   'importadosfederal' for a foreign one (1, 2, 6 and 7: imported directly or bought here);
// - vTotTrib = base × (federal + estadual + municipal) / 100, rounded to the centavo half
//   up (0,5 centavo goes up), per item; the note's total is the sum of its items';
// - the split: each part's exact value floored, the centavos left to reach vTotTrib given
//   one each to the parts with the largest remainders (federal, estadual, municipal on a
//   tie), so the three parts always add up to vTotTrib and each is within a centavo of its
//   exact value;
// - an item whose NCM has no rate counts zero.
// Rates are percentages (13.45 is 13,45 %), taken to four decimals.
import { formatBRL } from '../money';
import type { NfceNote } from './nfce-note';
import { nfceTotals } from './nfce-totals';

export interface TaxRates {
  federal_national: number;
  federal_imported: number;
  state: number;
  municipal: number;
}

/** What taxRatesFor answers: the rates in force of each NCM the store has in its table. */
export type TaxRatesByNcm = ReadonlyMap<string, TaxRates>;

export interface TaxLine {
  ncm: string;
  /** Origem da mercadoria, 0 to 8. */
  origin: number;
  /** The item's value in the note, centavos (vProd - vDesc). */
  net: number;
}

export interface TaxSplit {
  federal: number;
  state: number;
  municipal: number;
  /** federal + state + municipal: vTotTrib. */
  total: number;
}

export interface ApproximateTaxes {
  items: TaxSplit[];
  /** Σ of the items, part by part. */
  total: TaxSplit;
}

/** Origens whose goods are foreign (the federal rate of imported goods). */
export const IMPORTED_ORIGINS: readonly number[] = [1, 2, 6, 7];

const ZERO: TaxSplit = { federal: 0, state: 0, municipal: 0, total: 0 };
const E6 = 1_000_000n;
/** A percentage in ten-thousandths of a percent, exactly. */
const e4 = (percent: number) => BigInt(Math.round(Math.max(0, percent) * 10_000));

/** One item's taxes: see the rule above. */
export function itemTaxes(net: number, origin: number, rates: TaxRates | undefined): TaxSplit {
  if (!rates || net <= 0) return ZERO;
  const federal = IMPORTED_ORIGINS.includes(origin) ? rates.federal_imported : rates.federal_national;
  const base = BigInt(net);
  // base × rate / 100 centavos, the rate in 1e-4 %: the exact value is numerator / 1e6.
  const parts = [federal, rates.state, rates.municipal].map((rate) => base * e4(rate));
  const total = (parts.reduce((s, p) => s + p, 0n) + E6 / 2n) / E6;
  const floors = parts.map((p) => p / E6);
  let left = Number(total - floors.reduce((s, f) => s + f, 0n));
  const order = [0, 1, 2].sort((a, b) => {
    const ra = parts[a]! % E6;
    const rb = parts[b]! % E6;
    return ra === rb ? a - b : rb > ra ? 1 : -1;
  });
  const split = floors.map(Number);
  for (const i of order) {
    if (left === 0) break;
    split[i]! += 1;
    left -= 1;
  }
  return { federal: split[0]!, state: split[1]!, municipal: split[2]!, total: Number(total) };
}

/** Each line's taxes and the note's, from the rates of their NCMs. */
export function approximateTaxes(lines: readonly TaxLine[], rates: TaxRatesByNcm): ApproximateTaxes {
  const items = lines.map((line) => itemTaxes(line.net, line.origin, rates.get(line.ncm)));
  const total = items.reduce<TaxSplit>(
    (s, t) => ({
      federal: s.federal + t.federal,
      state: s.state + t.state,
      municipal: s.municipal + t.municipal,
      total: s.total + t.total,
    }),
    ZERO,
  );
  return { items, total };
}

/**
 * The note with each item's approximate_taxes (vTotTrib) from the rates, and the split for
 * the DANFE. With no rate at all (the store has no table in force, or none of the note's
 * NCMs is in it) the note is given back as it was and the split is null: the field is left
 * out of the XML, without an error.
 */
export function withApproximateTaxes(
  note: NfceNote,
  rates: TaxRatesByNcm,
): { note: NfceNote; taxes: ApproximateTaxes | null } {
  if (!note.items.some((item) => rates.has(item.ncm))) return { note, taxes: null };
  const { lines } = nfceTotals(note);
  const taxes = approximateTaxes(
    note.items.map((item, i) => ({ ncm: item.ncm, origin: item.origin, net: lines[i]!.net })),
    rates,
  );
  const items = note.items.map((item, i) => ({ ...item, approximate_taxes: taxes.items[i]!.total }));
  return { note: { ...note, items }, taxes };
}

/**
 * The DANFE's line of the approximate taxes (Lei 12.741/2012): the total and its federal,
 * estadual and municipal parts, and the table's source, key and version when known
 * ('Fonte: IBPT/empresometro.com.br 8A3F1C 26.1.A').
 */
export function approximateTaxesText(
  total: TaxSplit,
  table?: { source: string; key: string; version: string } | null,
): string {
  const parts = `Federal ${formatBRL(total.federal)}, Estadual ${formatBRL(total.state)}, Municipal ${formatBRL(total.municipal)}`;
  const source = table ? ` Fonte: ${[table.source, table.key, table.version].filter(Boolean).join(' ')}.` : '';
  return `Tributos aproximados: ${formatBRL(total.total)} (${parts}).${source} Lei 12.741/2012.`;
}
