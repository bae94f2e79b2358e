// 'Movimentação de Estoque' of a product: every change of its stock, newest first, paged
// (GET /api/products/{id}/stock-movements): when, why, how much, the stock after, who.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod/mini';
import { SAO_PAULO_OFFSET_MS, dayInSaoPaulo, formatDate } from '../../../shared/dates';
import type { Product } from '../../../shared/contract/products';
import {
  STOCK_MOVEMENT_LABELS,
  StockMovementListQuerySchema,
  StockMovementListResponseSchema,
} from '../../../shared/contract/stock-movements';
import { Dialog } from '../../components/dialog';
import { cn } from '../../components/cn';
import { PaginationBar } from '../../components/pagination-bar';
import { InlineLoading } from '../../components/spinner';
import { ColumnHeads, EmptyRow, TBody, Table, Td, type Column } from '../../components/table';
import { api } from '../../lib/api';

const PAGE_SIZE = 20;

function whenText(iso: string): string {
  const at = new Date(iso);
  const time = new Date(at.getTime() - SAO_PAULO_OFFSET_MS).toISOString().slice(11, 16);
  return `${formatDate(dayInSaoPaulo(at))} ${time}`;
}

const COLUMNS: readonly Column[] = [
  { label: 'Data' },
  { label: 'Movimento' },
  { label: 'Quantidade', className: 'text-right' },
  { label: 'Estoque após', className: 'text-right' },
  { label: 'Usuário' },
];

export function StockMovementsDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useQuery({
    queryKey: ['products', 'stock-movements', product.id, page],
    queryFn: async () => {
      const query = z.encode(StockMovementListQuerySchema, { page, limit: PAGE_SIZE });
      return (await api.get(StockMovementListResponseSchema, `/products/${product.id}/stock-movements`, { query }))
        .data;
    },
  });
  const movements = data?.movements ?? [];
  return (
    <Dialog open onClose={onClose} title="Movimentação de Estoque" description={product.name} size="lg">
      <p className="mb-3 text-sm text-slate-600">
        Estoque atual: <span className="font-semibold text-slate-900">{product.current_stock}</span>
        {isPending ? <InlineLoading /> : null}
      </p>
      {isError ? (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar a movimentação.
        </p>
      ) : (
        <Table aria-label="Movimentação de Estoque">
          <ColumnHeads columns={COLUMNS} />
          <TBody>
            {!isPending && movements.length === 0 ? (
              <EmptyRow colSpan={COLUMNS.length} text="Nenhuma movimentação" />
            ) : null}
            {movements.map((m) => (
              <tr key={m.id}>
                <Td className="whitespace-nowrap text-xs">{whenText(m.created_at)}</Td>
                <Td>
                  <div className="font-medium">{STOCK_MOVEMENT_LABELS[m.kind]}</div>
                  {m.reason ? <div className="text-xs text-slate-600">{m.reason}</div> : null}
                </Td>
                <Td
                  className={cn(
                    'whitespace-nowrap text-right font-mono',
                    m.quantity < 0 ? 'text-red-700' : 'text-green-700',
                  )}
                >
                  {m.quantity > 0 ? `+${m.quantity}` : m.quantity}
                </Td>
                <Td className="text-right font-mono">{m.stock_after}</Td>
                <Td className="text-xs">{m.user_name ?? '—'}</Td>
              </tr>
            ))}
          </TBody>
        </Table>
      )}
      <PaginationBar page={page} totalPages={data?.pagination.totalPages ?? 1} onPage={setPage} />
    </Dialog>
  );
}
