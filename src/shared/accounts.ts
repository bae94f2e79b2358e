// The rules of an account (payable or receivable) that the server enforces and the app
// shows (DESIGN.md, finance rules): statuses stored as pending/paid/cancelled, overdue
// derived when read, and which change each status allows, with the sentence that says
// why when it does not. One place, so the buttons, an offline change and the server's
// 409 always agree.
import { daysBetween } from './dates';

export type StoredAccountStatus = 'pending' | 'paid' | 'cancelled';
export type ShownAccountStatus = StoredAccountStatus | 'overdue';
export type AccountAction = 'edit' | 'pay' | 'cancel' | 'delete';

/** Overdue = pending with a due date before today (São Paulo). */
export function shownStatus(stored: StoredAccountStatus, dueDate: string, today: string): ShownAccountStatus {
  return stored === 'pending' && dueDate < today ? 'overdue' : stored;
}

/** Whole days past the due date (0 when not yet due). */
export function daysOverdue(dueDate: string, today: string): number {
  return Math.max(0, daysBetween(dueDate, today));
}

export const ACCOUNT_REFUSALS = {
  editPaid: 'Esta conta já foi paga e não pode ser alterada.',
  editCancelled: 'Esta conta está cancelada e não pode ser alterada.',
  payPaid: 'Esta conta já foi paga.',
  payCancelled: 'Esta conta está cancelada e não pode ser paga.',
  cancelPaid: 'Uma conta paga não pode ser cancelada.',
  cancelCancelled: 'Esta conta já está cancelada.',
  deletePaid: 'Uma conta paga não pode ser excluída.',
} as const;

/**
 * Why `action` is refused for an account in `stored` status, or null when allowed
 * (spec §4: no edit or payment once paid or cancelled; no cancel or delete once paid).
 */
export function accountRefusal(action: AccountAction, stored: StoredAccountStatus): string | null {
  if (stored === 'pending') return null;
  const paid = stored === 'paid';
  switch (action) {
    case 'edit':
      return paid ? ACCOUNT_REFUSALS.editPaid : ACCOUNT_REFUSALS.editCancelled;
    case 'pay':
      return paid ? ACCOUNT_REFUSALS.payPaid : ACCOUNT_REFUSALS.payCancelled;
    case 'cancel':
      return paid ? ACCOUNT_REFUSALS.cancelPaid : ACCOUNT_REFUSALS.cancelCancelled;
    case 'delete':
      return paid ? ACCOUNT_REFUSALS.deletePaid : null;
  }
}

/** The row actions a person is offered (the shown status may be overdue: still pending). */
export function allowedActions(status: ShownAccountStatus): Record<AccountAction, boolean> {
  const stored: StoredAccountStatus = status === 'overdue' ? 'pending' : status;
  return {
    edit: accountRefusal('edit', stored) === null,
    pay: accountRefusal('pay', stored) === null,
    cancel: accountRefusal('cancel', stored) === null,
    delete: accountRefusal('delete', stored) === null,
  };
}

/** The cash-book entry a paid bill writes ('Pagamento - Energia SP - Conta de luz'). */
export const payableEntryDescription = (bill: { supplier_name: string; description: string }) =>
  `Pagamento - ${bill.supplier_name} - ${bill.description}`;

/** The cash-book entry a received account writes ('Recebimento - Parcela 1/3 - Joana'). */
export const receivableEntryDescription = (description: string, customerName: string | null | undefined) =>
  customerName ? `Recebimento - ${description} - ${customerName}` : `Recebimento - ${description}`;

/** The paid part of an instalment received in part: an account of its own, paid. */
export const partialPaymentDescription = (description: string) => `${description} (pagamento parcial)`;
