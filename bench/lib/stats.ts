// Numbers: a seeded random source, percentiles and the way figures are written.
import { loadavg } from 'node:os';
import { seededRandom } from '../../src/shared/seeded-random';

/** The same "random" choices on every run. */
export const seeded = seededRandom;

export function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('lista vazia');
  return item;
}

/** Nearest-rank percentile (NaN for no values). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** The machine's load average (1, 5, 15 min): the figures depend on it. */
export const machineLoad = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
