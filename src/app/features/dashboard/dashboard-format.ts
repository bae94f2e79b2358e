// Texts and number forms of the Dashboard (spec §2): the scope badge, the growth figure
// and its colour, the chart periods.
import { DASHBOARD_PERIOD_DAYS } from '../../../shared/constants';
import type { Viewer } from './api';

/** 'Visualizando dados de:' — admins always see every period; the others today. */
export const SCOPE_LABELS = {
  admin: 'Todos os Períodos',
  day: 'Hoje',
  week: 'Esta Semana',
  month: 'Este Mês',
} as const;

export function scopeLabel(viewer: Viewer): string {
  return SCOPE_LABELS[viewer];
}

export const PERIOD_OPTIONS: ReadonlyArray<{ days: (typeof DASHBOARD_PERIOD_DAYS)[number]; label: string }> = [
  { days: 30, label: '30 dias' },
  { days: 90, label: '90 dias' },
  { days: 180, label: '180 dias' },
  { days: 365, label: '1 ano' },
  { days: 730, label: '2 anos' },
];

export function periodLabel(days: number): string {
  return PERIOD_OPTIONS.find((o) => o.days === days)?.label ?? `${days} dias`;
}

const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1, minimumFractionDigits: 0 });

/** 12.34 => '+12,3%', -5 => '-5%', 0 => '0%'. */
export function formatGrowth(growth: number): string {
  const text = `${percent.format(Math.abs(growth))}%`;
  if (growth > 0) return `+${text}`;
  if (growth < 0) return `-${text}`;
  return text;
}

/** Spec §2: green positive, red negative, grey zero. */
export function growthTone(growth: number): 'green' | 'red' | 'gray' {
  return growth > 0 ? 'green' : growth < 0 ? 'red' : 'gray';
}

export const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
