// What the Recharts plots share (the Dashboard's two, Fluxo de Caixa's): axis and tooltip
// texts, colours and the props every line takes. Imported only by the lazily loaded plots.
import { formatDate, formatDayMonth } from '../../shared/dates';
import { formatBRL, toReais } from '../../shared/money';

const compactBRL = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Centavos on an axis: 'R$ 12,5 mil'. */
export const axisMoney = (centavos: number) => compactBRL.format(toReais(centavos));
/** x axis: day/month (spec §2). */
export const axisDay = (isoDate: unknown) => formatDayMonth(String(isoDate));
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

/** A tooltip's value in money. */
export const tooltipMoney = (value: unknown) => formatBRL(Number(value));

/** The plot fills its box. */
export const PLOT_STYLE = { width: '100%', height: '100%' };

export const GRID = { strokeDasharray: '3 3', stroke: CHART_COLORS.grid } as const;

/** Every plotted line: straight, 2px, no dots, and no drawing animation (it costs a
 * tablet's CPU and shows nothing new). */
export const LINE = { type: 'linear', strokeWidth: 2, dot: false, isAnimationActive: false } as const;
