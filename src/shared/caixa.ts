// The till session's arithmetic (DESIGN.md, counter rules), one place for the server's
// close and the device's close screen. All money in integer centavos.
// Expected cash = float + cash received in sales (net of change) + crediário entradas paid
// in cash + instalments received in cash + suprimentos - sangrias - returns paid back in
// dinheiro - vale-troca given back in cash; every other method expects what the sales and
// instalments took in it less the returns paid back on it by estorno.
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from './contract/sales';

/** The methods a close counts: every way money comes in at the till (crediário is a debt). */
export const CASH_COUNT_METHODS = PAYMENT_METHODS.filter(
  (m): m is Exclude<PaymentMethod, 'crediario'> => m !== 'crediario',
);
export type CountMethod = (typeof CASH_COUNT_METHODS)[number];

export const CASH_MOVEMENT_LABELS = { sangria: 'Sangria', suprimento: 'Suprimento' } as const;

/** What the sales of a session took in by method (cash net of change, crediário entradas in their method). */
export type TakenByMethod = Partial<Record<string, number>>;

export interface SessionMoney {
  openingFloat: number;
  taken: TakenByMethod;
  movements: readonly { kind: 'sangria' | 'suprimento'; amount: number }[];
}

/** A part of money in (+) or out (-) of a session by method, besides its sales (centavos). */
export interface TillPart {
  method: string;
  amount: number;
}

/**
 * The method an estorno goes back on: the sale's largest part paid by card, Pix or
 * transfer (the first of equals, in the order it was paid); null when it had none (such an
 * estorno is refused).
 */
export function estornoMethodOf<M extends string>(parts: readonly { method: M; amount: number }[]): M | null {
  const cards = parts.filter((p) => p.method !== 'cash' && p.method !== 'store_credit');
  if (cards.length === 0) return null;
  return cards.reduce((best, p) => (p.amount > best.amount ? p : best), cards[0]!).method;
}

/**
 * What a return takes out of its session: what it paid back (after the crediário
 * instalments it reduced), out of the method it went back by (dinheiro: cash; estorno: the
 * card or Pix method); null when no money left (vale-troca, or all of it off instalments).
 */
export function returnTillPart(r: { paymentMethod: string | null; refunded: number }): TillPart | null {
  return r.paymentMethod && r.refunded > 0 ? { method: r.paymentMethod, amount: -r.refunded } : null;
}

/** Expected figures per counted method (centavos). */
export function expectedByMethod({ openingFloat, taken, movements }: SessionMoney): Record<CountMethod, number> {
  const moved = movements.reduce((s, m) => s + (m.kind === 'suprimento' ? m.amount : -m.amount), 0);
  const out = {} as Record<CountMethod, number>;
  for (const method of CASH_COUNT_METHODS) out[method] = taken[method] ?? 0;
  out.cash += openingFloat + moved;
  return out;
}

export interface CloseFigure {
  method: CountMethod;
  expected: number;
  counted: number;
  difference: number;
}

/** Each counted method's expected, counted and difference (counted - expected); a method not counted counts 0. */
export function closeFigures(
  expected: Record<CountMethod, number>,
  counted: Partial<Record<CountMethod, number>>,
): CloseFigure[] {
  return CASH_COUNT_METHODS.map((method) => {
    const c = counted[method] ?? 0;
    return { method, expected: expected[method], counted: c, difference: c - expected[method] };
  });
}

/** The close's difference over every method (the sum of its cash-book entries). */
export const totalDifference = (figures: readonly CloseFigure[]) => figures.reduce((s, f) => s + f.difference, 0);

/** A close needs a written reason when a method's difference is beyond the store's tolerance. */
export const closeNeedsReason = (figures: readonly CloseFigure[], toleranceCentavos: number) =>
  figures.some((f) => Math.abs(f.difference) > toleranceCentavos);

export const CLOSE_REASON_REQUIRED = 'Explique a diferença: ela passa da tolerância da loja.';
export const SHORTAGE_CATEGORY = 'Quebra de caixa';
export const SURPLUS_CATEGORY = 'Sobra de caixa';

/** A close's cash-book entry: one method's difference (centavos, positive). */
export interface CloseEntry {
  method: CountMethod;
  type: 'income' | 'expense';
  category: typeof SHORTAGE_CATEGORY | typeof SURPLUS_CATEGORY;
  amount: number;
  /** 'Quebra de caixa – Dinheiro' */
  label: string;
}

/**
 * What a close writes to the cash book: one entry per method whose count differs (money
 * missing is a 'Quebra de caixa' expense, money over a 'Sobra de caixa' income), so a cash
 * shortage never hides behind a Pix surplus; their sum is the close's difference. The
 * server writes them and the device shows them, from the same figures.
 */
export function closeEntries(figures: readonly CloseFigure[]): CloseEntry[] {
  return figures.flatMap((f) => {
    if (f.difference === 0) return [];
    const category = f.difference < 0 ? SHORTAGE_CATEGORY : SURPLUS_CATEGORY;
    return [
      {
        method: f.method,
        type: f.difference < 0 ? ('expense' as const) : ('income' as const),
        category,
        amount: Math.abs(f.difference),
        label: `${category} – ${PAYMENT_METHOD_LABELS[f.method]}`,
      },
    ];
  });
}
/**
 * The categories only a caixa's close writes (a manual entry cannot take them): that
 * entry makes the cash book match the money counted, so it is never edited nor deleted.
 */
export const CLOSE_CATEGORIES: readonly string[] = [SHORTAGE_CATEGORY, SURPLUS_CATEGORY];
export const CLOSE_ENTRY_LOCKED =
  'Este lançamento é a diferença do fechamento de um caixa e não pode ser alterado nem excluído: é ele que faz o fluxo de caixa bater com o dinheiro contado.';

/** Whether a cash-book entry is a caixa close's difference (Quebra or Sobra de caixa). */
export function isCloseEntry(entry: { category: string }): boolean {
  return CLOSE_CATEGORIES.includes(entry.category);
}
