// The vale-troca a customer has on this device = the mirror's balance (the server's) + the
// credits of returns still queued - the uses of sales and payouts still queued; and the
// balance the server answers once one of them is delivered.
import { z } from 'zod/mini';
import { envelope } from '../../shared/contract/common';
import { SaleReturnSchema } from '../../shared/contract/returns';
import { toCentavos, toReais } from '../../shared/money';
import type { BalcaoDb } from '../offline/db';
import { getMirrorCustomer, updateMirrorCustomer } from '../offline/device-store';
import { outboxRows } from '../offline/outbox';

/**
 * What the device reads of a delivered return's or payout's answer, checked against the
 * contract: the customer's vale-troca balance right after (null: a return not to vale-troca).
 */
const StoreCreditAnswerSchema = envelope(z.pick(SaleReturnSchema, { store_credit_balance: true }));

/** A delivered return to vale-troca, or a payout: the mirror takes the balance the server answered. */
export async function applyStoreCreditAnswer(db: BalcaoDb, customerId: string, answer: unknown): Promise<void> {
  const parsed = StoreCreditAnswerSchema.safeParse(answer);
  const balance = parsed.success ? parsed.data.data.store_credit_balance : null;
  if (balance === null) return;
  // The mirror keeps customers as the server sends them (reais).
  await updateMirrorCustomer(db, customerId, { store_credit: toReais(balance) });
}

/** centavos of vale-troca the queued entries add (+) or use (-) for each customer. */
export async function queuedStoreCredit(db: BalcaoDb): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const entry of await outboxRows(db, 'pending')) {
    if (!entry.storeCredit) continue;
    const { customerId, delta } = entry.storeCredit;
    out.set(customerId, (out.get(customerId) ?? 0) + delta);
  }
  return out;
}

/** The customer's vale-troca on this device (centavos): the server's balance and what is queued. */
export async function storeCreditOf(db: BalcaoDb, customerId: string): Promise<number> {
  const customer = await getMirrorCustomer(db, customerId);
  const server = customer?.store_credit ? toCentavos(customer.store_credit) : 0;
  return Math.max(0, server + ((await queuedStoreCredit(db)).get(customerId) ?? 0));
}
