// The bills a confirmed NF-e leaves to pay (stock-entries.ts owns the transaction), under
// 'Mercadorias para revenda': one per duplicata, due on its day; a note without duplicatas
// is one bill of its total, and the admin says which: already paid (the bill is paid by
// the payables' own writer, which writes its cash-book expense) or due on a day from today
// on. The choice is checked before anything is written.
import { GOODS_FOR_RESALE_CATEGORY } from '../../shared/constants';
import type { AccountPayable, NfePaymentChoice } from '../../shared/contract';
import { formatDate, todayIso } from '../../shared/dates';
import type { DbOrTx } from '../db/client';
import { accountsPayable } from '../db/schema';
import { badRequest } from '../errors';
import { payPayable, toPayable } from '../finance/payables';
import { nfeReference, paymentChoiceNeeded, type EntryRead } from './nfe-entry-read';

export const NFE_PAYMENT_MESSAGES = {
  missing: 'Esta NF-e não tem duplicatas: diga se ela já foi paga ou em que dia vence.',
  notWanted: 'Esta NF-e tem duplicatas: as contas vencem nas datas delas.',
  pastDue: (today: string) => `O vencimento não pode ser antes de hoje (${formatDate(today)}).`,
  futurePayment: (today: string) => `A data do pagamento não pode ser depois de hoje (${formatDate(today)}).`,
} as const;

const refused = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** A bill as it will be written: its due day, and its payment when the admin says it is paid. */
export interface PayableToWrite {
  description: string;
  amount: number;
  dueDate: string;
  paid: { date: string; method: AccountPayable['payment_method'] } | null;
}

/** The bills of the note with the admin's word on a note without duplicatas; 400 when it is missing or wrong. */
export function payablesToWrite(read: EntryRead, choice: NfePaymentChoice | undefined): PayableToWrite[] {
  const today = todayIso();
  if (!paymentChoiceNeeded(read)) {
    if (choice) throw refused('payment', NFE_PAYMENT_MESSAGES.notWanted);
    return read.payables.map((p) => ({
      description: p.description,
      amount: p.amount,
      dueDate: p.due_date!,
      paid: null,
    }));
  }
  if (!choice) throw refused('payment', NFE_PAYMENT_MESSAGES.missing);
  const [bill] = read.payables;
  if (choice.kind === 'due') {
    if (choice.due_date < today) throw refused('payment.due_date', NFE_PAYMENT_MESSAGES.pastDue(today));
    return [{ description: bill!.description, amount: bill!.amount, dueDate: choice.due_date, paid: null }];
  }
  const date = choice.payment_date ?? today;
  if (date > today) throw refused('payment.payment_date', NFE_PAYMENT_MESSAGES.futurePayment(today));
  // The note's one form of payment proposes the method when the admin names none.
  const declared = read.doc.payments.length === 1 ? read.doc.payments[0]!.payable_method : null;
  const method = choice.payment_method ?? declared ?? null;
  return [{ description: bill!.description, amount: bill!.amount, dueDate: date, paid: { date, method } }];
}

/** Writes the bills; a paid one is paid by payPayable, the one writer of a bill's cash-book entry. */
export async function writeEntryPayables(
  t: DbOrTx,
  tenantId: string,
  read: EntryRead,
  bills: readonly PayableToWrite[],
  now: Date,
): Promise<AccountPayable[]> {
  if (bills.length === 0) return [];
  const rows = await t
    .insert(accountsPayable)
    .values(
      bills.map((b) => ({
        tenantId,
        supplierName: read.doc.supplier.name,
        description: b.description,
        amount: b.amount,
        dueDate: b.dueDate,
        paymentMethod: b.paid?.method ?? null,
        category: GOODS_FOR_RESALE_CATEGORY,
        referenceNumber: nfeReference(read.doc),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning();
  const today = todayIso();
  const written: AccountPayable[] = [];
  for (const [i, row] of rows.entries()) {
    const paid = bills[i]!.paid;
    written.push(paid ? await payPayable(t, tenantId, row.id, { payment_date: paid.date }, t) : toPayable(row, today));
  }
  return written;
}
