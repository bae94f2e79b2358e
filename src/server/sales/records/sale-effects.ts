// What a sale does to the money (DESIGN.md, domain rules):
// - non-crediário: one income entry in cash flow (category Vendas) on the day of the sale
//   per part it was paid in (sale-payments.ts), each with its method;
// - crediário: the entrada as an income entry, and one receivable per installment with
//   (total - entrada) split exactly (remainder centavos on the last) and the due dates sent.
// Cancelling is a refund event: the sale's own cash entries are reversed by ONE expense
// entry (category Vendas, 'Estorno ...') dated the day of the cancel, so the day the money
// came in keeps its history and the sale's entries net to zero; open receivables are
// cancelled, paid ones stay paid (refunding them is a manual cash entry by the admin).
// Item edits correct the sale, so its income entry is corrected in place.
import { and, eq } from 'drizzle-orm';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/contract';
import { dayInSaoPaulo } from '../../../shared/dates';
import { installmentParts } from '../../../shared/installments';
import { saleLabel } from '../../../shared/sale-number';
import type { DbOrTx } from '../../db/client';
import { accountsReceivable, cashFlowEntries, type CrediarioRecord, type SaleRow } from '../../db/schema';
import {
  correctSaleEntry,
  describeSaleIncome,
  removeSaleEntry,
  saleEntries,
  writeCashEntries,
  type CashEntry,
} from '../../ledgers/cash-book';
import { loadSalePayments, type PlannedPart } from './sale-payments';

type Named = Pick<SaleRow, 'number' | 'customerName'>;

/** 'Venda #A-0042 - Maria': the sale by its number (shared/sale-number.ts), as every screen names it. */
export const saleIncomeDescription = (sale: Named) => `${saleLabel(sale.number)} - ${sale.customerName}`;
/** A part's entry of a sale paid in several: 'Venda #A-0042 - Maria (PIX)'. */
export const partDescription = (sale: Named, method: PaymentMethod | null) =>
  `${saleIncomeDescription(sale)}${method ? ` (${PAYMENT_METHOD_LABELS[method]})` : ''}`;
export const entradaDescription = (sale: Named) => `Entrada - ${saleIncomeDescription(sale)}`;
export const reversalDescription = (sale: Named) => `Estorno - ${saleIncomeDescription(sale)}`;
export const installmentDescription = (number: string, i: number, n: number) =>
  `Parcela ${i}/${n} - ${saleLabel(number)}`;

const ownEntries = saleEntries;

type NewReceivable = typeof accountsReceivable.$inferInsert;

/** A sale paid whole by its method (its entrada, for crediário), as the spec's sales are. */
function wholeParts(sale: SaleRow): PlannedPart[] {
  const crediario = sale.paymentMethod === 'crediario' ? (sale.crediario as CrediarioRecord) : null;
  const amount = crediario ? crediario.entrada : sale.total;
  const method = crediario ? (crediario.entrada_method ?? 'cash') : (sale.paymentMethod as PlannedPart['method']);
  return amount > 0 ? [{ method, amount, received: null, change: null }] : [];
}

/** The parts that brought money in: a vale-troca part is paid by the customer's balance (store-credit.ts). */
const moneyParts = (parts: readonly PlannedPart[]) =>
  parts.filter((p): p is PlannedPart & { method: PaymentMethod } => p.method !== 'store_credit');

/** The cash entries (one per part it was paid in) and receivables a new sale brings (rows to insert). */
export function paymentEffectRows(
  sale: SaleRow,
  parts: readonly PlannedPart[] = wholeParts(sale),
): { cash: CashEntry[]; receivables: NewReceivable[] } {
  const date = dayInSaoPaulo(sale.soldAt);
  const base = { tenantId: sale.tenantId, saleId: sale.id, date };
  if (sale.paymentMethod !== 'crediario') {
    const cash = moneyParts(parts).map((part) => ({
      ...base,
      kind: parts.length > 1 ? ('sale_part' as const) : ('sale' as const),
      description: parts.length > 1 ? partDescription(sale, part.method) : saleIncomeDescription(sale),
      amount: part.amount,
      paymentMethod: part.method,
    }));
    return { cash, receivables: [] };
  }
  const plan = sale.crediario as CrediarioRecord;
  const cash = moneyParts(parts).map((part) => ({
    ...base,
    kind: 'entrada' as const,
    description: entradaDescription(sale),
    amount: part.amount,
    paymentMethod: part.method,
  }));
  const installments = installmentParts(sale.total, plan.entrada, plan.parcelas);
  const receivables = installments
    .map((amount, i) => ({
      tenantId: sale.tenantId,
      customerId: sale.customerId,
      saleId: sale.id,
      installmentNumber: i + 1,
      description: installmentDescription(sale.number, i + 1, plan.parcelas),
      amount,
      dueDate: plan.vencimentos[i]!,
      status: 'pending' as const,
      paymentMethod: 'crediario' as const,
    }))
    // Fewer centavos than installments left after the entrada: empty installments are not debts.
    .filter((r) => r.amount > 0);
  return { cash, receivables };
}

/** Cancel: one expense entry reversing what the sale brought in; open receivables cancelled. */
export async function reversePaymentEffects(t: DbOrTx, sale: SaleRow, now: Date): Promise<void> {
  const entries = await t.select().from(cashFlowEntries).where(ownEntries(sale.tenantId, sale.id));
  const net = entries.reduce((sum, e) => sum + (e.type === 'income' ? e.amount : -e.amount), 0);
  if (net > 0) {
    await writeCashEntries(t, [
      {
        kind: 'reversal',
        tenantId: sale.tenantId,
        saleId: sale.id,
        date: dayInSaoPaulo(now),
        description: reversalDescription(sale),
        amount: net,
      },
    ]);
  }
  await t
    .update(accountsReceivable)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(
      and(
        eq(accountsReceivable.tenantId, sale.tenantId),
        eq(accountsReceivable.saleId, sale.id),
        eq(accountsReceivable.status, 'pending'),
      ),
    );
}

/**
 * After an item edit, a method or a customer change of a non-crediário sale: its income
 * entry carries the sale's total, method and customer (created or removed as the total
 * requires). A split sale (its lines and method are not corrected: sale-payments.ts) has
 * one entry per part: they follow the customer.
 */
export async function syncSaleIncome(t: DbOrTx, sale: SaleRow, now: Date): Promise<void> {
  // A crediário sale's entries are its entrada's; a sale the vale-troca paid whole brought no money in.
  if (sale.paymentMethod === 'crediario' || sale.paymentMethod === 'store_credit') return;
  const own = and(ownEntries(sale.tenantId, sale.id), eq(cashFlowEntries.type, 'income'));
  const parts = await loadSalePayments(t, sale.tenantId, [sale.id]);
  if (parts.length > 1) {
    for (const entry of await t.select().from(cashFlowEntries).where(own)) {
      await correctSaleEntry(
        t,
        sale.tenantId,
        entry.id,
        { description: partDescription(sale, entry.paymentMethod) },
        now,
      );
    }
    return;
  }
  const [entry, ...extra] = await t.select().from(cashFlowEntries).where(own);
  if (extra.length > 0) throw new Error(`venda ${sale.id} com mais de uma entrada de caixa`);
  if (!entry) {
    if (sale.total > 0) {
      await writeCashEntries(t, [
        {
          kind: 'sale',
          tenantId: sale.tenantId,
          saleId: sale.id,
          date: dayInSaoPaulo(sale.soldAt),
          description: saleIncomeDescription(sale),
          amount: sale.total,
          paymentMethod: sale.paymentMethod,
        },
      ]);
    }
    return;
  }
  if (sale.total === 0) {
    await removeSaleEntry(t, sale.tenantId, entry.id);
    return;
  }
  const fields = { amount: sale.total, description: saleIncomeDescription(sale), paymentMethod: sale.paymentMethod };
  await correctSaleEntry(t, sale.tenantId, entry.id, fields, now);
}

/** A crediário sale's customer changed: its open installments follow, the entrada text too. */
export async function syncCrediarioCustomer(t: DbOrTx, sale: SaleRow, now: Date): Promise<void> {
  if (sale.paymentMethod !== 'crediario') return;
  await t
    .update(accountsReceivable)
    .set({ customerId: sale.customerId, updatedAt: now })
    .where(
      and(
        eq(accountsReceivable.tenantId, sale.tenantId),
        eq(accountsReceivable.saleId, sale.id),
        eq(accountsReceivable.status, 'pending'),
      ),
    );
  await describeSaleIncome(t, sale.tenantId, sale.id, entradaDescription(sale), now);
}
