// The crediário plan, computed once: the server writes one receivable per part and the
// till shows the same parts in the summary, the list of due dates and the success toast.
import { formatDecimal, splitCentavos } from './money';

/**
 * The installments of a sale: (total - entrada) split into `count` parts that add up to
 * it exactly, the remainder centavos on the last part (DESIGN.md: crediário installments).
 */
export function installmentParts(total: number, entrada: number, count: number): number[] {
  return splitCentavos(total - entrada, count);
}

/**
 * The parts as a person reads them: '6x de R$ 113,22' when they are equal, otherwise each
 * run of equal parts ('5x R$ 113,22 + 1x R$ 113,25'). Empty parts (fewer centavos than
 * installments) are not debts and are left out, as the server leaves them out.
 */
export function describeInstallments(parts: readonly number[]): string {
  const runs: { count: number; amount: number }[] = [];
  for (const amount of parts) {
    if (amount <= 0) continue;
    const last = runs[runs.length - 1];
    if (last && last.amount === amount) last.count++;
    else runs.push({ count: 1, amount });
  }
  if (runs.length === 0) return `${parts.length}x de R$ ${formatDecimal(0)}`;
  if (runs.length === 1) return `${runs[0]!.count}x de R$ ${formatDecimal(runs[0]!.amount)}`;
  return runs.map((r) => `${r.count}x R$ ${formatDecimal(r.amount)}`).join(' + ');
}
