// How the sale being rung up is paid (DESIGN.md, Counter rules): cash with 'Valor
// recebido' and the change as the cashier types (empty: the exact amount); Pix with the QR
// of a static BR Code, finished by confirming 'Pix recebido'; 'Dividir pagamento' in parts
// that add up to the total to the centavo; crediário's entrada paid by a method chosen.
// Kept apart from the sale's form: the payment area's state, reset with the sale.
import { useMemo, useState } from 'react';
import {
  methodLabel,
  type PartPaymentMethod,
  type PaymentMethod,
  type SalePaymentInput,
} from '../../../shared/contract/payments';
import { formatBRL } from '../../../shared/money';

export interface SplitPart {
  method: PartPaymentMethod;
  /** centavos, null while empty or not an amount */
  amount: number | null;
  /** cash: what was handed over, null when not typed */
  received: number | null;
}

export interface PaymentState {
  /** cash alone: what was handed over (null: not typed, the exact amount) */
  received: number | null;
  split: boolean;
  parts: SplitPart[];
  entradaMethod: PartPaymentMethod;
  /** centavos of the customer's vale-troca this sale uses (0: none); the rest is paid as chosen. */
  storeCredit: number;
  /** An exchange: the vale used follows what it covers of the total (exchange.tsx). */
  storeCreditAll: boolean;
}

export const INITIAL_PAYMENT: PaymentState = {
  received: null,
  split: false,
  parts: [
    { method: 'cash', amount: null, received: null },
    { method: 'pix', amount: null, received: null },
  ],
  entradaMethod: 'cash',
  storeCredit: 0,
  storeCreditAll: false,
};

export const PIX_NOT_CONFIRMED = "Confirme o recebimento do Pix em 'Pix recebido'.";
export const RECEIVED_TOO_LOW = 'O valor recebido é menor que o total a pagar.';

/** 'Troco': what goes back when `received` covers `due` (centavos), else null. */
export function changeFor(due: number, received: number | null): number | null {
  return received !== null && received >= due ? received - due : null;
}

/** What the parts still miss (> 0) or exceed (< 0). */
export function splitRemaining(due: number, parts: readonly SplitPart[]): number {
  return due - parts.reduce((s, p) => s + (p.amount ?? 0), 0);
}

/** Why this payment cannot finish yet (null: it can). `method` is the sale's. */
export function paymentProblem(method: PaymentMethod, total: number, state: PaymentState): string | null {
  if (method === 'crediario') return null;
  const due = total - Math.min(state.storeCredit, total);
  if (!state.split) {
    return method === 'cash' && state.received !== null && state.received < due ? RECEIVED_TOO_LOW : null;
  }
  if (state.parts.some((p) => p.amount === null || p.amount <= 0)) return 'Informe o valor de cada forma de pagamento.';
  const cashLow = state.parts.some((p) => p.method === 'cash' && p.received !== null && p.received < (p.amount ?? 0));
  if (cashLow) return RECEIVED_TOO_LOW;
  const rest = splitRemaining(due, state.parts);
  if (rest > 0) return `Faltam ${formatBRL(rest)} para completar o total.`;
  if (rest < 0) return `As formas de pagamento passam do total em ${formatBRL(-rest)}.`;
  return null;
}

/** The amount to charge by Pix (the whole, a part, the entrada), or 0 when no Pix. */
export function pixAmount(method: PaymentMethod, total: number, entrada: number, state: PaymentState): number {
  if (method === 'crediario') return state.entradaMethod === 'pix' ? entrada : 0;
  const due = total - Math.min(state.storeCredit, total);
  if (!state.split) return method === 'pix' ? due : 0;
  return state.parts.filter((p) => p.method === 'pix').reduce((s, p) => s + (p.amount ?? 0), 0);
}

/**
 * The sale's `payments` as the contract takes them (centavos), or undefined for
 * payment_method alone. `due` is the total; the vale-troca used (state.storeCredit) is its
 * own part and the rest is paid as chosen (alone or split).
 */
export function paymentsOf(method: PaymentMethod, total: number, state: PaymentState): SalePaymentInput[] | undefined {
  if (method === 'crediario') return undefined;
  const vale = Math.min(state.storeCredit, total);
  const due = total - vale;
  const valePart: SalePaymentInput[] = vale > 0 ? [{ method: 'store_credit', amount: vale }] : [];
  if (!state.split) {
    const rest: SalePaymentInput[] =
      due === 0
        ? []
        : method === 'cash' && state.received !== null
          ? [{ method: 'cash', amount: due, received: state.received }]
          : [{ method: method, amount: due }];
    return vale > 0 || (method === 'cash' && state.received !== null) ? [...valePart, ...rest] : undefined;
  }
  return [
    ...valePart,
    ...state.parts.map((p) => ({
      method: p.method,
      amount: p.amount ?? 0,
      ...(p.method === 'cash' && p.received !== null ? { received: p.received } : {}),
    })),
  ];
}

/** 'PIX R$ 50,00 + Dinheiro R$ 30,00' */
export function partsText(parts: readonly SalePaymentInput[]): string {
  return parts.map((p) => `${methodLabel(p.method)} ${formatBRL(p.amount)}`).join(' + ');
}

export function usePaymentForm() {
  const [state, setState] = useState<PaymentState>(INITIAL_PAYMENT);
  const actions = useMemo(
    () => ({
      setReceived: (received: number | null) => setState((s) => ({ ...s, received })),
      setSplit: (split: boolean) => setState((s) => ({ ...s, split, received: null })),
      setPart: (i: number, part: Partial<SplitPart>) =>
        setState((s) => ({ ...s, parts: s.parts.map((p, j) => (j === i ? { ...p, ...part } : p)) })),
      addPart: () =>
        setState((s) => ({ ...s, parts: [...s.parts, { method: 'credit_card', amount: null, received: null }] })),
      removePart: (i: number) => setState((s) => ({ ...s, parts: s.parts.filter((_, j) => j !== i) })),
      setEntradaMethod: (entradaMethod: PartPaymentMethod) => setState((s) => ({ ...s, entradaMethod })),
      setStoreCredit: (storeCredit: number) => setState((s) => ({ ...s, storeCredit: Math.max(0, storeCredit) })),
      setStoreCreditAll: (storeCreditAll: boolean) => setState((s) => ({ ...s, storeCreditAll })),
      reset: () => setState(INITIAL_PAYMENT),
    }),
    [],
  );
  return { state, actions };
}
export type PaymentForm = ReturnType<typeof usePaymentForm>;
