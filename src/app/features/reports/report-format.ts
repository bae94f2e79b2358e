// Number forms of the reports: percentages, the margin colours of spec §2/§9, and money
// as an accountant prints it (a deduction or a loss in parentheses).
import { MARGIN_FAIR_PCT, MARGIN_GOOD_PCT } from '../../../shared/constants';
import { formatDate } from '../../../shared/dates';
import { formatBRL } from '../../../shared/money';
import { nameWithVariant } from '../../../shared/product-variant';
import {
  GROWTH_UNAVAILABLE_FIGURE,
  GROWTH_UNAVAILABLE_TEXT,
  type GrowthUnavailable,
} from '../../../shared/contract/growth';
import type { ReportRange } from './api';

const pct = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 12.345 => '12,35%' (the server already rounds to two decimals). */
export function formatPercent(value: number): string {
  return `${pct.format(value || 0)}%`;
}

/** -43.37 => '(43,37%)': a deduction's share, as the accountant prints it. */
export function formatAccountingPercent(value: number): string {
  return value < 0 ? `(${formatPercent(-value)})` : formatPercent(value);
}

/** Percentage points: 1.5 => '+1,50 p.p.'. */
export function formatPoints(value: number): string {
  return `${value > 0 ? '+' : ''}${pct.format(value)} p.p.`;
}

/**
 * A growth figure as shown: its signed form and colour, or '—' in grey with the reason
 * when the period before gives no base (an answer kept from before the reason existed
 * has none: its figure shows as it was).
 */
export function growthFigure(
  value: number,
  unavailable: GrowthUnavailable | undefined,
  format: (value: number) => string,
): { text: string; tone: Tone; why: string | null } {
  if (unavailable) return { text: GROWTH_UNAVAILABLE_FIGURE, tone: 'gray', why: GROWTH_UNAVAILABLE_TEXT[unavailable] };
  return { text: format(value), tone: changeTone(value), why: null };
}

/** A signed percentage: 12 => '+12,00%'. */
export function formatSignedPercent(value: number): string {
  return `${value > 0 ? '+' : ''}${formatPercent(value)}`;
}

export type Tone = 'green' | 'yellow' | 'red' | 'gray';

/** >= 20% green, >= 10% yellow, lower red. */
export function marginTone(value: number): Tone {
  if (value >= MARGIN_GOOD_PCT) return 'green';
  if (value >= MARGIN_FAIR_PCT) return 'yellow';
  return 'red';
}

/** Growth: green up, red down, grey flat. */
export function changeTone(value: number): Tone {
  return value > 0 ? 'green' : value < 0 ? 'red' : 'gray';
}

export const TONE_TEXT: Record<Tone, string> = {
  green: 'text-green-700',
  yellow: 'text-yellow-700',
  red: 'text-red-700',
  gray: 'text-slate-600',
};

/** -123456 => '(R$ 1.234,56)'. */
export function formatAccounting(centavos: number): string {
  // `|| 0`: a deduction of nothing is -0, which Intl writes '-R$ 0,00'.
  return centavos < 0 ? `(${formatBRL(-centavos)})` : formatBRL(centavos || 0);
}

/** part of the revenue in percent, two decimals; 0 without revenue. */
export function shareOf(part: number, revenue: number): number {
  if (revenue === 0) return 0;
  return Math.round((part * 10_000) / revenue) / 100 || 0;
}

export function rangeText(range: ReportRange): string {
  return `${formatDate(range.start_date)} a ${formatDate(range.end_date)}`;
}

/** A product as the margins name it: 'Camiseta · M / Azul' (variants share a name); no variant: the name. */
export function productLabel(p: { product_name: string; size: string; color: string }): string {
  return nameWithVariant(p.product_name, p);
}
