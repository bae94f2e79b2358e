// The receivables table. Below `lg` the method folds under the description; below `sm`
// the customer, due date and status do too, so the amount and the action always fit.
// The 'Ações' column is there only for whoever may receive a payment.
import { allowedActions } from '../../../shared/accounts';
import { RECEIVABLE_STATUS_LABELS } from '../../../shared/contract/accounts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/contract/sales';
import {
  ACCOUNT_COLUMNS,
  AmountCell,
  DueDateCell,
  DueFold,
  LocalMarkLine,
  StatusCell,
} from '../../components/accounts/account-cells';
import { Button } from '../../components/button';
import { CheckIcon } from '../../components/icons';
import { ListTable, Td, type Column } from '../../components/table';
import type { ReceivableRow } from './api';

interface ReceivableTableProps {
  accounts: readonly ReceivableRow[];
  /** Whether the person may receive instalments ('Registrar Pagamento'). */
  canReceive: boolean;
  onPay: (account: ReceivableRow) => void;
}

const COLUMNS: readonly Column[] = [
  { label: 'Descrição' },
  { label: 'Cliente', className: 'hidden sm:table-cell' },
  ACCOUNT_COLUMNS.amount,
  ACCOUNT_COLUMNS.dueDate,
  ACCOUNT_COLUMNS.status,
  { label: 'Método', className: 'hidden lg:table-cell' },
];
const COLUMNS_WITH_ACTIONS: readonly Column[] = [...COLUMNS, { label: 'Ações', className: 'text-right' }];

const methodOf = (account: ReceivableRow) =>
  account.payment_method ? PAYMENT_METHOD_LABELS[account.payment_method] : '-';

export function ReceivableTable({ accounts, canReceive, onPay }: ReceivableTableProps) {
  const columns = canReceive ? COLUMNS_WITH_ACTIONS : COLUMNS;
  return (
    <ListTable
      label="Contas a receber"
      columns={columns}
      rows={accounts}
      emptyText="Nenhuma conta a receber encontrada"
    >
      {(account) => (
        <tr key={account.id} data-status={account.status} className="hover:bg-slate-50">
          <Td className="min-w-0">
            <div className="font-medium text-slate-900">{account.description}</div>
            {account.customer ? (
              <div className="mt-0.5 text-xs text-slate-500 sm:hidden">{account.customer.name}</div>
            ) : null}
            {account.payment_method ? (
              <div className="mt-0.5 text-xs text-slate-500 lg:hidden">{methodOf(account)}</div>
            ) : null}
            <DueFold account={account} labels={RECEIVABLE_STATUS_LABELS} />
            <LocalMarkLine local={account.local} />
          </Td>
          <Td className="hidden sm:table-cell">{account.customer?.name ?? '-'}</Td>
          <AmountCell amount={account.amount} />
          <DueDateCell date={account.due_date} />
          <StatusCell status={account.status} labels={RECEIVABLE_STATUS_LABELS} />
          <Td className="hidden lg:table-cell">{methodOf(account)}</Td>
          {canReceive ? (
            <Td className="w-0 text-right">
              {allowedActions(account.status).pay ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="whitespace-nowrap"
                  aria-label="Registrar Pagamento"
                  title="Registrar Pagamento"
                  onClick={() => onPay(account)}
                >
                  <CheckIcon className="h-4 w-4 text-green-700" />
                  <span className="hidden md:inline">Registrar Pagamento</span>
                </Button>
              ) : null}
            </Td>
          ) : null}
        </tr>
      )}
    </ListTable>
  );
}
