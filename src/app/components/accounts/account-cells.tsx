// The cells an account row shares (Contas a Pagar, Contas a Receber): its amount, due
// date and status, and what folds under the first cell on phones (due date and status)
// or on any row changed on this device (its local mark).
import { formatDate } from '../../../shared/dates';
import { formatBRL } from '../../../shared/money';
import type { LocalMark } from '../../lib/accounts/common';
import { AccountStatusBadge } from '../account-status-badge';
import { LocalMarkBadge } from '../local-mark-badge';
import { Td, type Column } from '../table';

type StatusLabels = Parameters<typeof AccountStatusBadge>[0]['labels'];
type Status = Parameters<typeof AccountStatusBadge>[0]['status'];

interface DueAccount {
  amount: number;
  due_date: string;
  status: Status;
}

/** Under the first cell: the local mark of a row changed on this device, if any. */
export function LocalMarkLine({ local }: { local: LocalMark | undefined }) {
  return local ? (
    <div className="mt-1">
      <LocalMarkBadge local={local} />
    </div>
  ) : null;
}

/** Under the first cell on phones: 'Vence dd/MM/yyyy' and the status. */
export function DueFold({ account, labels }: { account: DueAccount; labels: StatusLabels }) {
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1.5 sm:hidden">
      <span className="text-xs text-slate-600">Vence {formatDate(account.due_date)}</span>
      <AccountStatusBadge status={account.status} labels={labels} />
    </div>
  );
}

/** The headings of the cells below, folding at the same widths as their cells. */
export const ACCOUNT_COLUMNS = {
  amount: { label: 'Valor', className: 'text-right' },
  dueDate: { label: 'Vencimento', className: 'hidden sm:table-cell' },
  status: { label: 'Status', className: 'hidden sm:table-cell' },
} as const satisfies Record<string, Column>;

export function AmountCell({ amount }: { amount: number }) {
  return <Td className="whitespace-nowrap text-right font-medium text-slate-900">{formatBRL(amount)}</Td>;
}

export function DueDateCell({ date }: { date: string }) {
  return <Td className="hidden whitespace-nowrap sm:table-cell">{formatDate(date)}</Td>;
}

export function StatusCell({ status, labels }: { status: Status; labels: StatusLabels }) {
  return (
    <Td className="hidden sm:table-cell">
      <AccountStatusBadge status={status} labels={labels} />
    </Td>
  );
}
