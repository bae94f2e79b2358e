// Conflitos de Vendas (admins): in one place, the sales that arrived with something an
// owner must look at: a stock shortfall, a price the product did not have, a device
// clock the server did not believe. Each can be marked as reviewed.
import { useState } from 'react';
import { toast, toastError } from '../../components/toast-store';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { PaginationBar } from '../../components/pagination-bar';
import { LoadingState } from '../../components/spinner';
import { describeError } from '../../lib/api-error';
import { useReviewConflict, useSaleConflicts, type ConflictStatus } from './api';
import { ConflictCard } from './conflict-card';

const FILTERS: { value: ConflictStatus; label: string }[] = [
  { value: 'open', label: 'Pendentes' },
  { value: 'reviewed', label: 'Revisados' },
];

export function ConflictsScreen() {
  const [status, setStatus] = useState<ConflictStatus>('open');
  const [page, setPage] = useState(1);
  const list = useSaleConflicts(status, page);
  const review = useReviewConflict();

  function choose(next: ConflictStatus) {
    setStatus(next);
    setPage(1);
  }

  function onReview(id: string) {
    review.mutate(id, {
      onSuccess: () => toast({ title: 'Conflito revisado', description: 'Ele saiu da lista de pendentes.' }),
      onError: (error) => toastError('Erro ao marcar como revisado', describeError(error, 'Erro desconhecido')),
    });
  }

  const data = list.data;
  return (
    <div>
      <PageHeader
        title="Conflitos de Vendas"
        subtitle="Vendas que chegaram com diferença de estoque, de preço ou de horário"
      />
      <div
        role="group"
        aria-label="Situação"
        className="mb-4 inline-flex rounded-lg border border-slate-200 bg-white p-1"
      >
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={status === f.value}
            onClick={() => choose(f.value)}
            className={
              status === f.value
                ? 'rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white'
                : 'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100'
            }
          >
            {f.label}
            {f.value === 'open' && data ? ` (${data.open_count})` : ''}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <LoadingState text="Carregando conflitos..." />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {describeError(list.error, 'Erro ao carregar conflitos')}
        </p>
      ) : data!.conflicts.length === 0 ? (
        <Card className="p-6 text-center">
          <p className="font-medium text-slate-900">
            {status === 'open' ? 'Nenhum conflito pendente' : 'Nenhum conflito revisado'}
          </p>
          <p className="mt-1 text-sm text-slate-500">
            {status === 'open'
              ? 'Todas as vendas chegaram sem diferenças a revisar.'
              : 'Os conflitos revisados aparecem aqui.'}
          </p>
        </Card>
      ) : (
        <div className="flex flex-col gap-3">
          {data!.conflicts.map((c) => (
            <ConflictCard
              key={c.id}
              conflict={c}
              onReview={onReview}
              reviewing={review.isPending && review.variables === c.id}
            />
          ))}
          <PaginationBar page={page} totalPages={data!.pagination.totalPages} onPage={setPage} />
        </div>
      )}
    </div>
  );
}
