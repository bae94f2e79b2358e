// The entries table: Data, Tipo, Descrição, Categoria, Valor with its sign. Below `lg`
// the description and category fold under the date; below `sm` the type does too (the
// sign and colour of the value still say it). Admins get edit/delete on manual entries.
import { formatDate } from '../../../shared/dates';
import { formatBRL } from '../../../shared/money';
import { cn } from '../../components/cn';
import { LocalMarkLine } from '../../components/accounts/account-cells';
import { ACTIONS_COLUMN, RowActions } from '../../components/row-actions';
import { ListTable, Td, type Column } from '../../components/table';
import { isCloseEntry } from '../../../shared/caixa';
import { isManual, type CashEntryRow } from './api';

const TYPE_LABELS = { income: 'Entrada', expense: 'Saída' } as const;

/** '+ R$ 10,00' / '- R$ 5,00' */
export function signedAmount(entry: Pick<CashEntryRow, 'type' | 'amount'>): string {
  return `${entry.type === 'income' ? '+' : '-'} ${formatBRL(entry.amount)}`;
}

const COLUMNS: readonly Column[] = [
  { label: 'Data' },
  { label: 'Tipo', className: 'hidden sm:table-cell' },
  { label: 'Descrição', className: 'hidden lg:table-cell' },
  { label: 'Categoria', className: 'hidden lg:table-cell' },
  { label: 'Valor', className: 'text-right' },
];

interface CashFlowTableProps {
  entries: readonly CashEntryRow[];
  canWrite: boolean;
  onEdit: (entry: CashEntryRow) => void;
  onDelete: (entry: CashEntryRow) => void;
}

export function CashFlowTable({ entries, canWrite, onEdit, onDelete }: CashFlowTableProps) {
  return (
    <ListTable
      label="Lançamentos"
      columns={canWrite ? [...COLUMNS, ACTIONS_COLUMN] : COLUMNS}
      rows={entries}
      emptyText="Nenhum lançamento no período."
    >
      {(entry) => (
        <tr key={entry.id} data-type={entry.type} className="hover:bg-slate-50">
          <Td className="min-w-0">
            <div className="whitespace-nowrap font-medium text-slate-900">{formatDate(entry.date)}</div>
            <div className="mt-0.5 text-xs text-slate-500 lg:hidden">
              <span className="sm:hidden">{TYPE_LABELS[entry.type]} · </span>
              {entry.description} · {entry.category}
            </div>
            <LocalMarkLine local={entry.local} />
          </Td>
          <Td className="hidden sm:table-cell">{TYPE_LABELS[entry.type]}</Td>
          <Td className="hidden lg:table-cell">{entry.description}</Td>
          <Td className="hidden lg:table-cell">{entry.category}</Td>
          <Td
            className={cn(
              'whitespace-nowrap text-right font-medium',
              entry.type === 'income' ? 'text-green-700' : 'text-red-700',
            )}
          >
            {signedAmount(entry)}
          </Td>
          {canWrite ? (
            <Td className="w-0 whitespace-nowrap text-right">
              {isManual(entry) ? (
                <RowActions onEdit={() => onEdit(entry)} onDelete={() => onDelete(entry)} />
              ) : (
                <span
                  className="px-3 text-slate-500"
                  title={
                    isCloseEntry(entry)
                      ? 'Diferença do fechamento de um caixa: não se altera'
                      : 'Lançamento automático (venda ou conta paga)'
                  }
                >
                  -
                </span>
              )}
            </Td>
          ) : null}
        </tr>
      )}
    </ListTable>
  );
}
