// The payables table. Below `lg` the description and category fold under the supplier;
// below `sm` the due date and status do too, so the amount and the actions always fit.
import { PAYABLE_STATUS_LABELS } from '../../../shared/contract/accounts';
import { AmountCell, DueDateCell, DueFold, LocalMarkLine, StatusCell } from '../../components/accounts/account-cells';
import { EmptyRow, TBody, THead, Table, Td, Th } from '../../components/table';
import type { PayableRow } from './api';
import { PayableRowActions, type PayableAction } from './payable-row-actions';

interface PayableTableProps {
  accounts: readonly PayableRow[];
  emptyText: string;
  onAction: (action: PayableAction, account: PayableRow) => void;
}

export function PayableTable({ accounts, emptyText, onAction }: PayableTableProps) {
  return (
    <Table aria-label="Contas a pagar">
      <THead>
        <tr>
          <Th>Fornecedor</Th>
          <Th className="hidden lg:table-cell">Descrição</Th>
          <Th className="text-right">Valor</Th>
          <Th className="hidden sm:table-cell">Vencimento</Th>
          <Th className="hidden lg:table-cell">Categoria</Th>
          <Th className="hidden sm:table-cell">Status</Th>
          <Th className="text-right max-sm:px-1">Ações</Th>
        </tr>
      </THead>
      <TBody>
        {accounts.length === 0 ? <EmptyRow colSpan={7} text={emptyText} /> : null}
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
