// The store's recent counts: when, which products, how it ended and what it came to.
import type { StockCount } from '../../../shared/contract/stock-counts';
import { formatBRL } from '../../../shared/money';
import { EmptyRow, FOLD, TBody, THead, Table, Td, Th } from '../../components/table';

const STATUS = { open: 'Aberto', confirmed: 'Finalizado', cancelled: 'Cancelado' } as const;
const when = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

export function CountHistory({ counts }: { counts: StockCount[] }) {
  return (
    <Table aria-label="Inventários anteriores">
      <THead>
        <tr>
          <Th>Aberto em</Th>
          <Th className={FOLD.from.sm}>Produtos</Th>
          <Th>Situação</Th>
          <Th className={FOLD.from.md}>Diferença</Th>
        </tr>
      </THead>
      <TBody>
        {counts.length === 0 ? (
          <EmptyRow colSpan={4} text="Nenhum inventário ainda" />
        ) : (
          counts.map((c) => (
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
          ))
        )}
      </TBody>
    </Table>
  );
}
