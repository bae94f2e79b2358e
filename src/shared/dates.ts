// Dates: due dates are 'YYYY-MM-DD'; timestamps ISO 8601 UTC.
// "Today" and day buckets are America/Sao_Paulo, which has no DST since 2019: UTC-3.

export const SAO_PAULO_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The calendar day in São Paulo of an instant, as 'YYYY-MM-DD'. */
export function dayInSaoPaulo(instant: Date | number = Date.now()): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return new Date(ms - SAO_PAULO_OFFSET_MS).toISOString().slice(0, 10);
}

/** Today in São Paulo, 'YYYY-MM-DD'. */
export function todayIso(now: Date | number = Date.now()): string {
  return dayInSaoPaulo(now);
}

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'); positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The UTC instant at which a São Paulo day starts. */
export function startOfDayUtc(isoDate: string): Date {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + SAO_PAULO_OFFSET_MS);
}

/** 'YYYY-MM-DD' or an ISO timestamp => 'dd/MM/yyyy' (timestamps in São Paulo time). */
export function formatDate(value: string): string {
  const day = value.length === 10 ? value : dayInSaoPaulo(new Date(value));
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** 'YYYY-MM-DD' => 'dd/MM' for chart axes. */
export function formatDayMonth(isoDate: string): string {
  const [, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
