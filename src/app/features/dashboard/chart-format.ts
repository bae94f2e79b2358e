// Axis and tooltip texts shared by the two Dashboard plots (imported only by them).
import { formatDate, formatDayMonth } from '../../../shared/dates';
import { toReais } from '../../../shared/money';

const compactBRL = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Centavos on an axis: 'R$ 12,5 mil'. */
export const axisMoney = (centavos: number) => compactBRL.format(toReais(centavos));
/** x axis: day/month (spec §2). */
export const axisDay = (isoDate: string) => formatDayMonth(String(isoDate));
/** The tooltip's title: the whole date. */
export const tooltipDay = (label: unknown) => formatDate(String(label));

// The legend writes each name in its colour: every one is >= 4.5:1 on white.
export const CHART_COLORS = {
  sales: '#1d4ed8',
  revenue: '#15803d',
  income: '#15803d',
  expenses: '#b91c1c',
  balance: '#1e3a8a',
  grid: '#e2e8f0',
} as const;
