// The payables table. Below `lg` the description and category fold under the supplier;
// below `sm` the due date and status do too, so the amount and the actions always fit.
import { PAYABLE_STATUS_LABELS } from '../../../shared/contract/accounts';
import {
  ACCOUNT_COLUMNS,
  AmountCell,
  DueDateCell,
  DueFold,
  LocalMarkLine,
  StatusCell,
} from '../../components/accounts/account-cells';
import { ListTable, Td, type Column } from '../../components/table';
import type { PayableRow } from './api';
import { PayableRowActions, type PayableAction } from './payable-row-actions';

const COLUMNS: readonly Column[] = [
  { label: 'Fornecedor' },
  { label: 'Descrição', className: 'hidden lg:table-cell' },
  ACCOUNT_COLUMNS.amount,
  ACCOUNT_COLUMNS.dueDate,
  { label: 'Categoria', className: 'hidden lg:table-cell' },
  ACCOUNT_COLUMNS.status,
  { label: 'Ações', className: 'text-right max-sm:px-1' },
];

interface PayableTableProps {
  accounts: readonly PayableRow[];
  emptyText: string;
  onAction: (action: PayableAction, account: PayableRow) => void;
}

export function PayableTable({ accounts, emptyText, onAction }: PayableTableProps) {
  return (
    <ListTable label="Contas a pagar" columns={COLUMNS} rows={accounts} emptyText={emptyText}>
      {(account) => (
        <tr key={account.id} data-status={account.status} className="hover:bg-slate-50">
          <Td className="min-w-0">
            <div className="font-medium text-slate-900">{account.supplier_name}</div>
            <div className="mt-0.5 text-xs text-slate-500 lg:hidden">
              {account.description} · {account.category}
            </div>
            <DueFold account={account} labels={PAYABLE_STATUS_LABELS} />
            <LocalMarkLine local={account.local} />
          </Td>
          <Td className="hidden lg:table-cell">{account.description}</Td>
          <AmountCell amount={account.amount} />
          <DueDateCell date={account.due_date} />
          <Td className="hidden lg:table-cell">{account.category}</Td>
          <StatusCell status={account.status} labels={PAYABLE_STATUS_LABELS} />
          <Td className="w-0 text-right max-sm:px-1">
            <PayableRowActions account={account} onAction={onAction} />
          </Td>
        </tr>
      )}
    </ListTable>
  );
}
