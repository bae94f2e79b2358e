// Late charges on an instalment paid after its due date (the store's terms):
//   multa = amount × multa %, once, capped at 2% (Código de Defesa do Consumidor, art. 52 §1º);
//   juros de mora = amount × juros % per month × days late / 30 (pro rata die, 30-day month).
// The multa is rounded down to the centavo, so it never passes the cap (2% of R$ 77,77 is
// R$ 1,5554: R$ 1,55); juros are rounded half up. Nothing is charged when paid on or before
// the due date. Integer arithmetic throughout (BigInt), never floats. The device's dialog
// and the server's receipt both call lateCharges, so they charge the same centavo.
import { daysBetween, isIsoDate } from './dates';

/** The largest multa a consumer may be charged, in percent. */
export const MULTA_MAX_PERCENT = 2;
export const DAYS_PER_MONTH_FOR_JUROS = 30;
/** Percent rates are taken with up to 4 decimals (0.0333 % a day is 0.999 % a month). */
const RATE_SCALE = 10_000;

export interface LateChargeInput {
  amount_cents: number;
  /** 'YYYY-MM-DD' */
  due_date: string;
  /** 'YYYY-MM-DD' */
  payment_date: string;
  /** Percent of the amount, once (2 => 2%); above 2 it is charged as 2. */
  multa_percent: number;
  /** Percent of the amount per 30 days late, pro rata die (1 => 1% a month). */
  juros_percent_per_month: number;
}

export interface LateCharges {
  days_late: number;
  multa_cents: number;
  juros_cents: number;
  /** What is paid: amount + multa + juros. */
  total_cents: number;
}

/** A percent as an integer of ten-thousandths; RangeError when negative or finer than that. */
function rateUnits(percent: number, name: string): bigint {
  const units = Math.round(percent * RATE_SCALE);
  if (!Number.isFinite(percent) || percent < 0 || Math.abs(percent * RATE_SCALE - units) > 1e-6) {
    throw new RangeError(`${name}: um percentual de 0 em diante, com até 4 casas decimais`);
  }
  return BigInt(units);
}

/** numerator / denominator rounded half up (both non-negative). */
function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** numerator / denominator rounded down (both non-negative). */
function divideDown(numerator: bigint, denominator: bigint): number {
  return Number(numerator / denominator);
}

export function lateCharges(input: LateChargeInput): LateCharges {
  const { amount_cents, due_date, payment_date } = input;
  if (!Number.isSafeInteger(amount_cents) || amount_cents < 0) {
    throw new RangeError('amount_cents: um inteiro de centavos, de 0 em diante');
  }
  if (!isIsoDate(due_date) || !isIsoDate(payment_date)) throw new RangeError('datas no formato AAAA-MM-DD');
  const multaUnits = rateUnits(Math.min(input.multa_percent, MULTA_MAX_PERCENT), 'multa_percent');
  const jurosUnits = rateUnits(input.juros_percent_per_month, 'juros_percent_per_month');

  const daysLate = Math.max(0, daysBetween(due_date, payment_date));
  if (daysLate === 0) return { days_late: 0, multa_cents: 0, juros_cents: 0, total_cents: amount_cents };

  const amount = BigInt(amount_cents);
  const percentUnits = 100n * BigInt(RATE_SCALE);
  // Down: a multa rounded up would pass the legal cap.
  const multa = divideDown(amount * multaUnits, percentUnits);
  const juros = divideHalfUp(amount * jurosUnits * BigInt(daysLate), percentUnits * BigInt(DAYS_PER_MONTH_FOR_JUROS));
  const total = amount_cents + multa + juros;
  if (!Number.isSafeInteger(total)) throw new RangeError('amount_cents: valor alto demais para calcular os encargos');
  return { days_late: daysLate, multa_cents: multa, juros_cents: juros, total_cents: total };
}
