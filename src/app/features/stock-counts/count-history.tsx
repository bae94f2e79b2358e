// The store's recent counts: when, which products, how it ended and what it came to.
import type { StockCount } from '../../../shared/contract/stock-counts';
import { formatBRL } from '../../../shared/money';
import { FOLD, ListTable, Td, type Column } from '../../components/table';

const STATUS = { open: 'Aberto', confirmed: 'Finalizado', cancelled: 'Cancelado' } as const;
const when = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

const COLUMNS: readonly Column[] = [
  { label: 'Aberto em' },
  { label: 'Produtos', className: FOLD.from.sm },
  { label: 'Situação' },
  { label: 'Diferença', className: FOLD.from.md },
];

export function CountHistory({ counts }: { counts: StockCount[] }) {
  return (
    <ListTable label="Inventários anteriores" columns={COLUMNS} rows={counts} emptyText="Nenhum inventário ainda">
      {(c) => (
        <tr key={c.id}>
          <Td>
            {when(c.created_at)}
            <div className="text-xs text-slate-500">{c.created_by_name ?? ''}</div>
          </Td>
          <Td className={FOLD.from.sm}>{c.search ? `Filtro: ${c.search}` : 'Todos'}</Td>
          <Td>
            {STATUS[c.status]}
            <div className="text-xs text-slate-500">
              {c.totals.counted} contado(s), {c.totals.differing} com diferença
            </div>
          </Td>
          <Td className={`${FOLD.from.md} whitespace-nowrap`}>
            {c.totals.difference_units} un. · {formatBRL(c.totals.difference_value)}
          </Td>
        </tr>
      )}
    </ListTable>
  );
}
