// Receiving a crediário instalment at the counter. Cashiers may do it only when the store
// allows it (settings cashiers_receive_installments); admins always. In one transaction:
// the instalment is paid whole, or, for a partial amount, the paid part becomes a paid
// account of its own and the rest stays open as the same instalment (same id, due date and
// number); the principal is an income entry (Vendas) and the late charges (multa, at most
// 2%, and juros de mora pro rata die, shared/late-charges.ts) one more, in 'Juros e
// multas', both with the method the money came in and the caixa session that took it: the
// device's own, opened by whoever receives (caixa/cash-session-use.ts), else 403 / 409; a
// caixa closed or unknown when the receipt arrives means none (a closed session's figures
// never change). A receipt queued on the device says so (`offline`), and who received it
// (`made_by`): a caixa not that person's is then recorded on the instalment's sale as a
// conflict, never refused.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { lateChargesDescription } from '../../shared/account-records';
import { partialPaymentDescription, receivableEntryDescription } from '../../shared/accounts';
import { type AccountReceivable, type InstallmentReceipt, type ReceiveInstallment } from '../../shared/contract';
import { todayIso } from '../../shared/dates';
import { lateCharges } from '../../shared/late-charges';
import { formatBRL } from '../../shared/money';
import type { Role } from '../../shared/permissions';
import { getStoreSettings } from '../core/store-settings';
import { inTransaction, type DbOrTx } from '../db/client';
import { accountsReceivable } from '../db/schema';
import { writeCashEntries } from '../ledgers/cash-book';
import { makerOf, readMaker, readSessionOwner, sessionUse } from '../caixa/cash-session-use';
import { flagSale } from '../conflicts/sale-conflicts';
import { badRequest, forbidden } from '../errors';
import { refusalOf } from './account-queries';
import { getReceivable, RECEIVABLE_NOT_FOUND } from './receivables';

export const CASHIERS_MAY_NOT_RECEIVE =
  'Receber parcelas no caixa não está liberado para o seu perfil. Peça a um administrador ou libere em Configurações.';

const t = accountsReceivable;

export async function receiveInstallment(
  db: DbOrTx,
  caller: { tenantId: string; userId: string | null; role: Role },
  id: string,
  input: ReceiveInstallment,
  tx?: DbOrTx,
): Promise<InstallmentReceipt> {
  const { tenantId } = caller;
  return inTransaction(db, tx, async (tr) => {
    const settings = await getStoreSettings(tr, tenantId);
    if (caller.role !== 'admin' && !settings.cashiers_receive_installments) throw forbidden(CASHIERS_MAY_NOT_RECEIVE);
    // A close in progress finishes first (its figures then never include this receipt), or waits for it.
    const owner = await readSessionOwner(tr, tenantId, input.cash_session_id, { share: true });
    // From the outbox, the person who received it (not whoever was signed in when it was delivered).
    const maker = makerOf(input, await readMaker(tr, tenantId, input), caller);
    const session = sessionUse(owner, {
      // A caixa closed (or unknown) when the receipt arrives: none, online too (the contract since receipts named one).
      sessionId: owner?.open ? input.cash_session_id : undefined,
      // Receipts queued by an app from before they named their device: the caixa's own.
      deviceId: input.device_id ?? owner?.deviceId,
      userId: maker.userId,
      role: maker.role,
      offline: input.offline ?? false,
    });
    const cashSessionId = session.sessionId;
    const [row] = await tr
      .select()
      .from(t)
      .where(and(eq(t.tenantId, tenantId), eq(t.id, id), eq(t.status, 'pending')))
      .for('no key update');
    if (!row) throw await refusalOf(tr, t, { tenantId, id }, 'pay', RECEIVABLE_NOT_FOUND);
    const amount = input.amount ?? row.amount;
    if (amount > row.amount) {
      const message = `O valor pago não pode ser maior que o que está em aberto na parcela (${formatBRL(row.amount)}).`;
      throw badRequest(message, [{ path: 'amount', message }]);
    }
    const paymentDate = input.payment_date ?? todayIso();
    const charges = lateCharges({
      amount_cents: amount,
      due_date: row.dueDate,
      payment_date: paymentDate,
      multa_percent: settings.late_fee_percent,
      juros_percent_per_month: settings.late_interest_monthly_percent,
    });
    const now = new Date();
    let paidId = row.id;
    if (amount === row.amount) {
      await tr
        .update(t)
        .set({ status: 'paid', paymentDate, updatedAt: now })
        .where(and(eq(t.tenantId, tenantId), eq(t.id, id)));
    } else {
      // The paid part is an account of its own; the rest stays open as the same instalment.
      paidId = randomUUID();
      await tr
        .update(t)
        .set({ amount: row.amount - amount, updatedAt: now })
        .where(and(eq(t.tenantId, tenantId), eq(t.id, id)));
      await tr.insert(t).values({
        ...row,
        id: paidId,
        description: partialPaymentDescription(row.description),
        amount,
        status: 'paid',
        paymentDate,
        createdAt: now,
        updatedAt: now,
      });
    }
    const paid = await getReceivable(tr, tenantId, paidId);
    if (session.conflict && row.saleId) await flagSale(tr, tenantId, row.saleId, 'cash_session', now);
    const base = {
      tenantId,
      date: paymentDate,
      accountReceivableId: paidId,
      paymentMethod: input.payment_method,
      cashSessionId,
    };
    const description = receivableEntryDescription(paid.description, paid.customer?.name ?? null);
    const extra = charges.multa_cents + charges.juros_cents;
    await writeCashEntries(tr, [
      { ...base, kind: 'instalment', saleId: row.saleId, description, amount },
      // Not the sale's: a sale cancelled later reverses what it sold, not the charges paid late.
      ...(extra > 0
        ? [
            {
              ...base,
              kind: 'late_charges' as const,
              saleId: null,
              description: lateChargesDescription(paid),
              amount: extra,
            },
          ]
        : []),
    ]);
    const receivable: AccountReceivable = paidId === row.id ? paid : await getReceivable(tr, tenantId, id);
    return {
      receivable,
      amount,
      days_late: charges.days_late,
      multa: charges.multa_cents,
      juros: charges.juros_cents,
      total: charges.total_cents,
    };
  });
}
