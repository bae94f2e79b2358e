// The store's troca period (Configurações, 'Prazo de troca', days): how long after a sale a
// cashier may open it by its number and return or exchange it. The one rule the till and
// the server apply, as return-limit.ts is for the value. Days are São Paulo days: a sale
// of the 1st is within a period of 30 days up to the 31st. Admins have no period. The
// history list stays 'today only' for cashiers whatever the period (spec §6): the period
// opens one sale by its exact number, never a list.
import { dayInSaoPaulo, daysBetween } from './dates';
import type { Role } from './permissions';

/** Shops give 30 days. */
export const TROCA_PERIOD_DEFAULT_DAYS = 30;
export const TROCA_PERIOD_MAX_DAYS = 365;

/** 'de 30 dias', 'de 1 dia'. */
const daysText = (days: number) => `${days} ${days === 1 ? 'dia' : 'dias'}`;

/** The refusal a cashier gets for a sale past the period (the till's, and the server's 403/409). */
export const trocaPeriodPassed = (days: number) =>
  `Esta venda passou do prazo de troca de ${daysText(days)}. Só um administrador pode fazer a troca ou devolução dela.`;

/**
 * Whether someone of `role` is past the period for a sale sold at `soldAt`, at the moment
 * `at` (now, or when a return happened at the counter).
 */
export function pastTrocaPeriod(role: Role, soldAt: Date | number, days: number, at: Date | number = Date.now()): boolean {
  if (role === 'admin') return false;
  return daysBetween(dayInSaoPaulo(soldAt), dayInSaoPaulo(at)) > days;
}
