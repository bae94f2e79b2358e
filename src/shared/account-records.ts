// The records an account change leaves behind, as the server will hold them: a payable
// after a save, a new receivable or manual cash entry, and the cash-book entry a payment
// writes. The device shows these while the change waits in its outbox
// (src/app/lib/accounts), so they follow the server's rules (DESIGN.md, finance rules).
import { partialPaymentDescription, payableEntryDescription, receivableEntryDescription } from './accounts';
import { statusToday } from './account-overlay';
import { SALES_CATEGORY } from './constants';
import type {
  AccountPayable,
  AccountPayableUpdate,
  AccountReceivable,
  AccountReceivableCreate,
} from './contract/accounts';
import type { CashFlowEntry, CashFlowEntryCreate } from './contract/cash-flow';
import { LATE_CHARGES_CATEGORY } from './contract/receipts';
import type { LateCharges } from './late-charges';

/** A payable once `value` is saved: a paid or cancelled one keeps its status, else pending/overdue by the due date. */
export function payableAfterSave(
  id: string,
  value: AccountPayableUpdate,
  base: AccountPayable | null,
  today: string,
): AccountPayable {
  const status = base && base.status !== 'overdue' && base.status !== 'pending' ? base.status : 'pending';
  return {
    ...(base ?? { payment_date: null }),
    id,
    supplier_name: value.supplier_name,
    description: value.description,
    amount: value.amount,
    due_date: value.due_date,
    payment_method: value.payment_method ?? null,
    category: value.category,
    reference_number: value.reference_number ?? null,
    notes: value.notes ?? null,
    status: statusToday({ status, due_date: value.due_date }, today),
  };
}

/** A receivable created by hand: pending (overdue when already due), with no sale. */
export function receivableCreated(
  id: string,
  value: AccountReceivableCreate,
  customer: { id: string; name: string; document: string | null } | null,
  today: string,
): AccountReceivable {
  return {
    id,
    description: value.description,
    customer_id: customer?.id ?? null,
    customer: customer ? { name: customer.name, document: customer.document } : null,
    amount: value.amount,
    due_date: value.due_date,
    status: statusToday({ status: 'pending', due_date: value.due_date }, today),
    payment_method: value.payment_method ?? null,
    reference_number: value.reference_number ?? null,
    notes: value.notes ?? null,
    sale_id: null,
    installment_number: null,
    payment_date: null,
  };
}

/** A manual cash entry: tied to no sale and no account. */
export function manualEntryCreated(id: string, value: CashFlowEntryCreate): CashFlowEntry {
  return {
    id,
    date: value.date,
    type: value.type,
    description: value.description,
    category: value.category,
    amount: value.amount,
    sale_id: null,
    account_payable_id: null,
    account_receivable_id: null,
  };
}

/** An entry's ties to where it came from: none, unless `links` says. */
type EntryLinks = Pick<CashFlowEntry, 'sale_id' | 'account_payable_id' | 'account_receivable_id'>;

/** The entry a paid account writes to the cash book on its payment day: its amount, id `pay-<account>`. */
function paymentEntry(
  account: { id: string; amount: number },
  date: string,
  entry: Pick<CashFlowEntry, 'type' | 'description' | 'category'>,
  links: Partial<EntryLinks>,
): CashFlowEntry {
  return {
    id: `pay-${account.id}`,
    date,
    ...entry,
    amount: account.amount,
    sale_id: null,
    account_payable_id: null,
    account_receivable_id: null,
    ...links,
  };
}

/** The expense a paid bill writes to the cash book on its payment day. */
export function payableCashEntry(account: AccountPayable, date: string): CashFlowEntry {
  const entry = { type: 'expense', description: payableEntryDescription(account), category: account.category } as const;
  return paymentEntry(account, date, entry, { account_payable_id: account.id });
}

/** The income a received account writes to the cash book (category Vendas). */
export function receivableCashEntry(account: AccountReceivable, date: string): CashFlowEntry {
  const description = receivableEntryDescription(account.description, account.customer?.name);
  const entry = { type: 'income', description, category: SALES_CATEGORY } as const;
  return paymentEntry(account, date, entry, { sale_id: account.sale_id, account_receivable_id: account.id });
}

/** The late charges' income entry ('Juros e multas'), tied to the paid account but not to its sale. */
export function lateChargesCashEntry(paid: AccountReceivable, date: string, charges: LateCharges): CashFlowEntry {
  return {
    ...receivableCashEntry(paid, date),
    id: `late-${paid.id}`,
    description: lateChargesDescription(paid),
    category: LATE_CHARGES_CATEGORY,
    amount: charges.multa_cents + charges.juros_cents,
    sale_id: null,
  };
}

export const lateChargesDescription = (paid: Pick<AccountReceivable, 'description' | 'customer'>) =>
  `${LATE_CHARGES_CATEGORY} - ${receivableEntryDescription(paid.description, paid.customer?.name)}`;

export interface InstallmentReceived {
  /** The instalment as it stays: paid, or open with the rest. */
  instalment: AccountReceivable;
  /** The paid part as an account of its own (a partial payment), else null. */
  paidPart: AccountReceivable | null;
  /** The cash-book entries: the principal (Vendas) and the late charges when any. */
  entries: CashFlowEntry[];
}

/**
 * An instalment received on `date` (amount in centavos, at most what is open): paid whole,
 * or the paid part an account of its own (`paidId`) and the rest open as the same one.
 */
export function installmentReceived(
  account: AccountReceivable,
  receipt: { paidId: string; date: string; amount: number; charges: LateCharges },
): InstallmentReceived {
  const { date, amount, charges } = receipt;
  const whole = amount >= account.amount;
  const paid: AccountReceivable = whole
    ? { ...account, status: 'paid', payment_date: date }
    : {
        ...account,
        id: receipt.paidId,
        description: partialPaymentDescription(account.description),
        amount,
        status: 'paid',
        payment_date: date,
      };
  const entries = [receivableCashEntry(paid, date)];
  if (charges.multa_cents + charges.juros_cents > 0) entries.push(lateChargesCashEntry(paid, date, charges));
  return {
    instalment: whole ? paid : { ...account, amount: account.amount - amount },
    paidPart: whole ? null : paid,
    entries,
  };
}
