// Returns ('Trocas e Devoluções': contract/returns.ts). One return, in its transaction:
// - the sale row is locked first: two returns of one sale (two tills, two retries) run
//   one after the other, so the second sees what the first returned and can never take
//   more than was sold minus what is already back;
// - each line's value is its share of what the line was charged (total_price, discounts
//   already out), rounded so that the returns of a whole line add up to it to the centavo;
//   its cost is the units x the unit cost snapshotted on the sale;
// - a cashier's return above the store's limit (cashier_max_return) needs an admin's sealed
//   approval of that return (credit-approval.ts), online or delivered later by the outbox;
//   without one it is a 409 online, and offline (it already happened at the counter) it is
//   kept and flagged for admins;
// - a crediário sale's open instalments are reduced first, the last ones first; only what
//   is left goes back to the customer, by the method chosen (sale-return-effects.ts);
// - the items go back to stock (kind 'return', through the one stock writer) unless
//   damaged; the value and cost are counted out of the sales' day totals on the return's
//   day (the DRE's sales_revenue and product_costs, the margins, the dashboard's revenue).
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ReturnCreate, SaleReturn, SaleReturns } from '../../../shared/contract';
import type { Role } from '../../../shared/permissions';
import { getStoreSettings } from '../../core/store-settings';
import type { TokenService } from '../../core/tokens';
import { inTransaction, type DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { saleReturnLines, saleReturns } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { makerOf, readMaker, readSessionOwner, sessionUse, type SessionUse } from '../../caixa/cash-session-use';
import { flagSale } from '../../conflicts/sale-conflicts';
import { isFinalConsumer } from '../../catalogue/customers';
import { FINAL_CONSUMER_STORE_CREDIT } from '../../../shared/final-consumer';
import { loadSaleItems, loadSaleRow, lockSaleToChange } from '../records/sale-queries';
import { countReturnOut, loadReturns, refundReturn, returnedByItem } from './sale-return-effects';
import { returnApprover } from '../credit/credit-approval';
import { saleTime } from '../../core/sale-time';
import { moveStock } from '../../ledgers/stock-moves';
import { returnNeedsAdmin, returnOverLimit } from '../../../shared/return-limit';
import { lineShare } from '../../../shared/return-share';
import { pastTrocaPeriod, trocaPeriodPassed } from '../../../shared/troca-period';
import { checkSaleReach } from '../records/sale-reach';

export const RETURN_SALE_CANCELLED = 'Esta venda foi cancelada: não há itens para devolver.';
export const RETURN_ID_TAKEN = 'Já existe uma devolução com este identificador.';
export const RETURN_ITEM_NOT_IN_SALE =
  'Um dos itens escolhidos não é desta venda. Abra a venda de novo e escolha os itens.';
export const returnTooMany = (name: string, left: number) =>
  left === 0
    ? `${name}: todas as unidades vendidas já foram devolvidas.`
    : `${name}: só ${left === 1 ? 'resta 1 unidade' : `restam ${left} unidades`} para devolver.`;

export interface ReturnCaller {
  userId: string | null;
  role: Role;
  /** Opens an approval a return carries (the server's secret); without it none is accepted. */
  tokens?: Pick<TokenService, 'seal'>;
}

export async function createReturn(
  db: DbOrTx,
  tenantId: string,
  saleId: string,
  input: ReturnCreate,
  caller: ReturnCaller,
  tx?: DbOrTx,
): Promise<SaleReturn> {
  return inTransaction(db, tx, async (t) => {
    const sale = await lockSaleToChange(t, tenantId, saleId, RETURN_SALE_CANCELLED);
    const rows = await loadSaleItems(t, tenantId, [sale.id]);
    const items = new Map(rows.map((i) => [i.id, i]));
    const returned = await returnedByItem(t, tenantId, [...items.keys()]);
    const keys = new Set<string>();
    const lines = input.lines.map((line) => {
      const item = line.sale_item_id ? items.get(line.sale_item_id) : rows.find((r) => r.position === line.position);
      if (!item) throw badRequest(RETURN_ITEM_NOT_IN_SALE, [{ path: 'lines', message: RETURN_ITEM_NOT_IN_SALE }]);
      if (keys.has(item.id)) throw badRequest('Cada item da venda aparece uma vez só.');
      keys.add(item.id);
      const before = returned.get(item.id) ?? 0;
      if (line.quantity > item.quantity - before)
        throw conflict(returnTooMany(item.productName, item.quantity - before));
      return {
        item,
        quantity: line.quantity,
        damaged: line.damaged,
        amount: lineShare({ quantity: item.quantity, total_price: item.totalPrice }, before, line.quantity),
        cost: item.unitCost * line.quantity,
      };
    });
    const amount = lines.reduce((s, l) => s + l.amount, 0);
    const cost = lines.reduce((s, l) => s + l.cost, 0);
    if (amount <= 0) throw badRequest('Os itens escolhidos não têm valor a devolver.');
    // A vale-troca needs a named owner; offline the paper vale was already handed over: kept.
    if (input.refund_method === 'vale_troca' && !input.offline && (await isFinalConsumer(t, tenantId, sale.customerId)))
      throw conflict(FINAL_CONSUMER_STORE_CREDIT);

    const now = new Date();
    const returnedAt = input.offline ? saleTime(input.returned_at, now).soldAt : now;
    const id = input.id ?? randomUUID();
    let limitConflict = false;
    let approvedBy: string | null = null;
    const settings = caller.role === 'user' ? await getStoreSettings(t, tenantId) : null;
    const days = settings?.troca_period_days ?? 0;
    // Past the troca period at the counter's moment: refused online; from the outbox it already happened.
    const periodConflict = pastTrocaPeriod(caller.role, sale.soldAt, days, returnedAt);
    if (periodConflict && !input.offline) throw conflict(trocaPeriodPassed(days));
    const limit = settings?.cashier_max_return ?? 0;
    if (returnNeedsAdmin(caller.role, amount, limit)) {
      const approval = { saleId: sale.id, returnId: id, amount, approval: input.approval, at: returnedAt };
      approvedBy = caller.tokens ? await returnApprover(t, caller.tokens, tenantId, approval) : null;
      if (!approvedBy && !input.offline) throw conflict(returnOverLimit(limit));
      limitConflict = !approvedBy;
    }
    const session = await returnSession(t, tenantId, input, caller);
    const cashSessionId = session.sessionId;

    const refund = await refundReturn(t, sale, {
      id,
      amount,
      method: input.refund_method,
      returnedAt,
      userId: caller.userId,
    });
    try {
      await t.insert(saleReturns).values({
        tenantId,
        id,
        saleId: sale.id,
        customerId: sale.customerId,
        reason: input.reason,
        refundMethod: input.refund_method,
        refundPaymentMethod: refund.paymentMethod,
        amount,
        installments: refund.installments,
        refunded: amount - refund.installments,
        cost,
        cashSessionId,
        offline: input.offline,
        limitConflict,
        approvedBy,
        deviceId: input.device_id ?? null,
        returnedAt,
        createdBy: caller.userId,
        createdAt: now,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'sale_returns_pkey')) throw conflict(RETURN_ID_TAKEN);
      throw error;
    }
    await t.insert(saleReturnLines).values(
      lines.map((l) => ({
        tenantId,
        returnId: id,
        saleItemId: l.item.id,
        productId: l.item.productId,
        quantity: l.quantity,
        amount: l.amount,
        cost: l.cost,
        damaged: l.damaged,
      })),
    );
    if (limitConflict) await flagSale(t, tenantId, sale.id, 'return_limit', now);
    if (session.conflict) await flagSale(t, tenantId, sale.id, 'cash_session', now);
    if (periodConflict) await flagSale(t, tenantId, sale.id, 'return_period', now);
    const restock = lines.filter((l) => !l.damaged).map((l) => ({ productId: l.item.productId, quantity: l.quantity }));
    await moveStock(
      t,
      tenantId,
      restock,
      { kind: 'return', saleId: sale.id, userId: caller.userId, reason: input.reason },
      { now },
    );
    await countReturnOut(
      t,
      tenantId,
      returnedAt,
      lines.map((l) => ({ productId: l.item.productId, amount: l.amount, cost: l.cost })),
    );
    const [saved] = await loadReturns(t, tenantId, { returnIds: [id] });
    return { ...saved!, store_credit_balance: refund.storeCreditBalance };
  });
}

/**
 * The caixa a return's money (or a payout of vale-troca) leaves from: the device's own,
 * opened by whoever returns, from the outbox whoever it names as its maker
 * (caixa/cash-session-use.ts); online anything else is refused.
 */
export async function returnSession(
  t: DbOrTx,
  tenantId: string,
  input: Pick<ReturnCreate, 'cash_session_id' | 'device_id' | 'offline' | 'made_by'>,
  caller: { userId: string | null; role: Role },
): Promise<SessionUse> {
  const owner = await readSessionOwner(t, tenantId, input.cash_session_id);
  const maker = makerOf(input, await readMaker(t, tenantId, input), caller);
  return sessionUse(owner, {
    sessionId: input.cash_session_id,
    deviceId: input.device_id,
    userId: maker.userId,
    role: maker.role,
    offline: input.offline,
  });
}

/** GET /api/sales/:id/returns: each line with what was returned of it, and the returns (a cashier's within the troca period). */
export async function saleReturnsOf(db: DbOrTx, tenantId: string, saleId: string, role: Role): Promise<SaleReturns> {
  const sale = await loadSaleRow(db, tenantId, saleId);
  await checkSaleReach(db, tenantId, sale.soldAt, role);
  const items = await loadSaleItems(db, tenantId, [sale.id]);
  const returned = await returnedByItem(
    db,
    tenantId,
    items.map((i) => i.id),
  );
  return {
    sale_id: sale.id,
    lines: items.map((i) => ({
      sale_item_id: i.id,
      position: i.position,
      product_id: i.productId,
      product_name: i.productName,
      quantity: i.quantity,
      returned: returned.get(i.id) ?? 0,
      unit_price: i.unitPrice,
      total_price: i.totalPrice,
    })),
    returns: await loadReturns(db, tenantId, { saleId: sale.id }),
  };
}

/** Whether a sale has returns (a sale with returns is not cancelled or edited whole: return the rest). */
export async function hasReturns(t: DbOrTx, tenantId: string, saleId: string): Promise<boolean> {
  const [row] = await t
    .select({ n: sql<number>`count(*)::int` })
    .from(saleReturns)
    .where(and(eq(saleReturns.tenantId, tenantId), eq(saleReturns.saleId, saleId)));
  return (row?.n ?? 0) > 0;
}

export const SALE_HAS_RETURNS =
  'Esta venda tem devoluções: ela não pode mais ser cancelada ou alterada. Devolva os itens restantes em Trocas e Devoluções.';
