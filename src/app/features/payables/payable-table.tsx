// The payables table. Below `lg` the description and category fold under the supplier;
// below `sm` the due date and status do too, so the amount and the actions always fit.
import { PAYABLE_STATUS_LABELS } from '../../../shared/contract/accounts';
import { AmountCell, DueDateCell, DueFold, LocalMarkLine, StatusCell } from '../../components/accounts/account-cells';
import { ColumnHeads, EmptyRow, TBody, Table, Td, type Column } from '../../components/table';
import type { PayableRow } from './api';
import { PayableRowActions, type PayableAction } from './payable-row-actions';

const COLUMNS: readonly Column[] = [
  { label: 'Fornecedor' },
  { label: 'Descrição', className: 'hidden lg:table-cell' },
  { label: 'Valor', className: 'text-right' },
  { label: 'Vencimento', className: 'hidden sm:table-cell' },
  { label: 'Categoria', className: 'hidden lg:table-cell' },
  { label: 'Status', className: 'hidden sm:table-cell' },
  { label: 'Ações', className: 'text-right max-sm:px-1' },
];

interface PayableTableProps {
  accounts: readonly PayableRow[];
  emptyText: string;
  onAction: (action: PayableAction, account: PayableRow) => void;
}

export function PayableTable({ accounts, emptyText, onAction }: PayableTableProps) {
  return (
    <Table aria-label="Contas a pagar">
      <ColumnHeads columns={COLUMNS} />
      <TBody>
        {accounts.length === 0 ? <EmptyRow colSpan={COLUMNS.length} text={emptyText} /> : null}
        {accounts.map((account) => (
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
        ))}
      </TBody>
    </Table>
  );
}
