// The vale-troca given back in cash (contract/store-credit-payouts.ts), in one transaction
// under the customer's row lock (every write of the balance takes it: store-credit.ts):
// - it belongs to a return to vale-troca of the customer, and gives back at most what that
//   return credited minus what was paid out of it before: the return already went through
//   the cashier's limit, so cash given this way is bounded as a 'dinheiro' return's is. A
//   cashier paying out more than the limit for a return no admin approved (an admin's own
//   return, or one flagged offline) is refused like a return over the limit;
// - the balance never goes below zero: online beyond it (or beyond the return's credit, or
//   the limit) is a 409; offline the cash already left the till: the payout is kept whole
//   (cash book, caixa), the ledger takes what the balance has, and it is flagged for admins;
// - the cash leaves as a return's dinheiro refund does: one cash-book expense in cash
//   (bookRefund) on the returned sale, and the session's expected cash counts it out
//   (cash-session-figures.ts).
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/permissions';
import type { StoreCreditPayout, StoreCreditPayoutCreate } from '../../../shared/contract';
import { formatBRL } from '../../../shared/money';
import { returnNeedsAdmin, returnOverLimit } from '../../../shared/return-limit';
import { getStoreSettings } from '../../core/store-settings';
import { CUSTOMER_NOT_FOUND } from '../../catalogue/customers';
import { inTransaction, type DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { customers, saleReturns, sales, storeCreditLedger, storeCreditPayouts } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { saleIncomeDescription } from '../records/sale-effects';
import { loadSaleRow, SALE_NOT_FOUND } from '../records/sale-queries';
import { bookRefund } from './sale-return-effects';
import { flagSale } from '../../conflicts/sale-conflicts';
import { returnSession } from './sale-returns';
import { saleTime } from '../../core/sale-time';

export const PAYOUT_RETURN_NOT_FOUND = 'Devolução não encontrada para este cliente.';
export const PAYOUT_ID_TAKEN = 'Já existe uma devolução de vale-troca com este identificador.';
export const payoutOverReturn = (left: number) =>
  left === 0
    ? 'O vale-troca desta devolução já foi devolvido em dinheiro.'
    : `Desta devolução, só ${formatBRL(left)} de vale-troca pode voltar em dinheiro.`;
export const payoutOverBalance = (balance: number, amount: number) =>
  `O vale-troca do cliente tem ${formatBRL(balance)}: não dá para devolver ${formatBRL(amount)} em dinheiro.`;
export const payoutDescription = (sale: Parameters<typeof saleIncomeDescription>[0]) =>
  `Vale-troca em dinheiro - ${saleIncomeDescription(sale)}`;

export interface PayoutCaller {
  userId: string | null;
  role: Role;
}

/** centavos of cash already given back out of a return's vale-troca. */
async function paidOutOf(t: DbOrTx, tenantId: string, returnId: string): Promise<number> {
  const p = storeCreditPayouts;
  const [row] = await t
    .select({ n: sql<number>`coalesce(sum(${p.amount}), 0)::float8` })
    .from(p)
    .where(and(eq(p.tenantId, tenantId), eq(p.returnId, returnId)));
  return Number(row?.n ?? 0);
}

/**
 * The exchange's new sale the payout names: online it must be one of the store's; offline
 * the cash already left, so a sale that never arrived (refused on its way) is left unnamed.
 */
async function exchangeSale(
  t: DbOrTx,
  tenantId: string,
  input: Pick<StoreCreditPayoutCreate, 'sale_id' | 'offline'>,
): Promise<string | null> {
  if (!input.sale_id) return null;
  const [found] = await t
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.tenantId, tenantId), eq(sales.id, input.sale_id)));
  if (found) return found.id;
  if (input.offline) return null;
  throw notFound(SALE_NOT_FOUND);
}

export async function payOutStoreCredit(
  db: DbOrTx,
  tenantId: string,
  customerId: string,
  input: StoreCreditPayoutCreate,
  caller: PayoutCaller,
  tx?: DbOrTx,
): Promise<StoreCreditPayout> {
  return inTransaction(db, tx, async (t) => {
    const [customer] = await t
      .select({ balance: customers.storeCredit })
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
      .for('update');
    if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
    const [ret] = await t
      .select()
      .from(saleReturns)
      .where(and(eq(saleReturns.tenantId, tenantId), eq(saleReturns.id, input.return_id)));
    if (ret?.customerId !== customerId) throw notFound(PAYOUT_RETURN_NOT_FOUND);
    const sale = await loadSaleRow(t, tenantId, ret.saleId);
    const saleId = await exchangeSale(t, tenantId, input);

    const amount = input.amount;
    const before = await paidOutOf(t, tenantId, ret.id);
    const left = Math.max(0, (ret.refundMethod === 'vale_troca' ? ret.refunded : 0) - before);
    const limit = caller.role === 'user' ? (await getStoreSettings(t, tenantId)).cashier_max_return : 0;
    const overLimit = returnNeedsAdmin(caller.role, before + amount, limit) && ret.approvedBy === null;
    const refusal = overLimit
      ? returnOverLimit(limit)
      : amount > left
        ? payoutOverReturn(left)
        : amount > customer.balance
          ? payoutOverBalance(customer.balance, amount)
          : null;
    if (refusal && !input.offline) throw conflict(refusal);

    const now = new Date();
    const paidAt = input.offline ? saleTime(input.paid_at, now).soldAt : now;
    const taken = Math.min(amount, customer.balance);
    const balance = customer.balance - taken;
    const id = input.id ?? randomUUID();
    const session = await returnSession(t, tenantId, input, caller);
    const cashSessionId = session.sessionId;
    try {
      await t.insert(storeCreditPayouts).values({
        tenantId,
        id,
        customerId,
        returnId: ret.id,
        saleId,
        amount,
        taken,
        cashSessionId,
        offline: input.offline,
        conflict: refusal !== null,
        deviceId: input.device_id ?? null,
        paidAt,
        createdBy: caller.userId,
        createdAt: now,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'store_credit_payouts_pkey')) throw conflict(PAYOUT_ID_TAKEN);
      throw error;
    }
    if (taken > 0) {
      await t
        .update(customers)
        .set({ storeCredit: balance, updatedAt: now })
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
      await t.insert(storeCreditLedger).values({
        tenantId,
        customerId,
        kind: 'payout',
        amount: taken,
        balanceAfter: balance,
        returnId: ret.id,
        saleId,
        createdBy: caller.userId,
      });
    }
    const payout = { description: payoutDescription(sale) };
    await bookRefund(t, sale, { amount, paymentMethod: 'cash', at: paidAt, payout });
    if (refusal) await flagSale(t, tenantId, sale.id, overLimit ? 'return_limit' : 'store_credit_payout', now);
    if (session.conflict) await flagSale(t, tenantId, sale.id, 'cash_session', now);
    return {
      id,
      customer_id: customerId,
      return_id: ret.id,
      sale_id: saleId,
      amount,
      taken,
      cash_session_id: cashSessionId,
      offline: input.offline,
      conflict: refusal !== null,
      paid_at: paidAt.toISOString(),
      store_credit_balance: balance,
    };
  });
}
