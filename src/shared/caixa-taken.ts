// What a caixa counts as money taken in (DESIGN.md, counter rules), written once for the
// device's estimate and the server's figures. All money in integer centavos, per method:
// - a completed sale's parts (cash net of change, a crediário's entrada in the method it
//   was paid by); a cancelled sale took nothing in, a vale-troca part brought no money;
// - less what a return paid back from the session (dinheiro: cash; estorno: the card or
//   Pix method), when money left (not vale-troca, not all of it off instalments);
// - less the vale-troca given back in cash;
// - plus the instalments received at the till (principal and late charges) in their method.
// The expected figures then add the float and the movements (shared/caixa.ts expectedByMethod).
// The server sums the same in SQL (caixa/cash-session-figures.ts); a property test over
// generated days holds the two equal.
import { returnTillPart, type TakenByMethod, type TillPart } from './caixa';

/** One thing that happened in a till session, as the caixa reads it (centavos). */
export type TillEvent =
  | { kind: 'sale'; completed: boolean; parts: readonly { method: string; amount: number }[] }
  | { kind: 'return'; refundMethod: string | null; refunded: number }
  | { kind: 'payout'; amount: number }
  /** An instalment received at the till: its principal, or its late charges. */
  | { kind: 'receipt'; method: string; amount: number };

/** The vale-troca part of a sale: paid by the customer's balance, no money in the till. */
const STORE_CREDIT = 'store_credit';

/** The money an event moved in (+) or out (-) of the session, by method. */
export function tillPartsOf(event: TillEvent): TillPart[] {
  switch (event.kind) {
    case 'sale':
      return event.completed ? event.parts.filter((p) => p.method !== STORE_CREDIT && p.amount !== 0) : [];
    case 'return': {
      const part = returnTillPart({ paymentMethod: event.refundMethod, refunded: event.refunded });
      return part ? [part] : [];
    }
    case 'payout':
      return event.amount > 0 ? [{ method: 'cash', amount: -event.amount }] : [];
    case 'receipt':
      return event.amount !== 0 ? [{ method: event.method, amount: event.amount }] : [];
  }
}

/** What the session's events took in, per method (centavos; a method nothing moved is absent). */
export function takenIn(events: readonly TillEvent[]): TakenByMethod {
  const taken: TakenByMethod = {};
  for (const part of events.flatMap(tillPartsOf)) taken[part.method] = (taken[part.method] ?? 0) + part.amount;
  return taken;
}
