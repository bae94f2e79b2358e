// Contas a Pagar (spec §2, admins): statistics, filters, the paged table and its actions.
import { useEffect, useState } from 'react';
import { PAYABLES_SEARCH_DEBOUNCE_MS } from '../../../shared/constants';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card, CardHeader } from '../../components/card';
import { PlusIcon } from '../../components/icons';
import { newestUpdate, OfflineNote } from '../../components/offline-note';
import { PageHeader } from '../../components/page-header';
import { PaginationBar } from '../../components/pagination-bar';
import { LoadingState } from '../../components/spinner';
import { toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePageFor } from '../../lib/use-page-for';
import { useOnline } from '../../offline/hooks';
import {
  EMPTY_PAYABLE_FILTERS,
  useOverduePayablesCount,
  usePayableStatistics,
  usePayables,
  type PayableFilters as Filters,
  type PayableRow,
} from './api';
import { PayableConfirm, type PayableConfirmAction } from './payable-confirm';
import { PayableFilters } from './payable-filters';
import { PayableFormDialog } from './payable-form-dialog';
import type { PayableAction } from './payable-row-actions';
import { PayableStats } from './payable-stats';
import { PayableTable } from './payable-table';
import { PayPayableDialog } from './pay-payable-dialog';

type Open = { dialog: 'form'; account: PayableRow | null } | { dialog: 'pay'; account: PayableRow } | null;

export function PayablesScreen() {
  const online = useOnline();
  const [filters, setFilters] = useState<Filters>(EMPTY_PAYABLE_FILTERS);
  const debounced = useDebouncedValue(filters.search, PAYABLES_SEARCH_DEBOUNCE_MS);
  // Typing waits for a pause; clearing the search applies at once.
  const search = filters.search.trim() === '' ? '' : debounced;
  const applied = { ...filters, search };
  const [page, setPage] = usePageFor(JSON.stringify(applied));
  const listQuery = usePayables(applied, page);
  const statsQuery = usePayableStatistics();
  const overdueQuery = useOverduePayablesCount();
  const [open, setOpen] = useState<Open>(null);
  const [confirming, setConfirming] = useState<{ action: PayableConfirmAction; account: PayableRow } | null>(null);

  useEffect(() => {
    if (listQuery.error) toastError('Erro', 'Erro ao carregar contas a pagar');
  }, [listQuery.error]);

  function onAction(action: PayableAction, account: PayableRow) {
    if (action === 'pay') setOpen({ dialog: 'pay', account });
    else if (action === 'edit') setOpen({ dialog: 'form', account });
    else setConfirming({ action, account });
  }

  const list = listQuery.data;
  const overdue = overdueQuery.data ?? 0;
  const filtered = JSON.stringify(applied) !== JSON.stringify(EMPTY_PAYABLE_FILTERS);

  return (
    <div>
      <PageHeader
        title="Contas a Pagar"
        subtitle="Fornecedores, vencimentos e pagamentos"
        actions={
          <Button onClick={() => setOpen({ dialog: 'form', account: null })}>
            <PlusIcon className="h-4 w-4" />
            Nova Conta
          </Button>
        }
      />
      <OfflineNote online={online} updatedAt={newestUpdate(listQuery, statsQuery, overdueQuery)} />
      <PayableStats stats={statsQuery.data} />
      <PayableFilters filters={filters} onChange={setFilters} onClear={() => setFilters(EMPTY_PAYABLE_FILTERS)} />
      <Card>
        <CardHeader
          title="Lista de Contas"
          actions={overdue > 0 ? <Badge tone="red">{`${overdue} conta(s) vencida(s)`}</Badge> : null}
        />
        {list ? (
          <>
            <PayableTable
              accounts={list.accounts}
              emptyText={filtered ? 'Nenhuma conta encontrada para os filtros.' : 'Nenhuma conta a pagar cadastrada.'}
              onAction={onAction}
            />
            <PaginationBar page={page} totalPages={list.totalPages} onPage={setPage} disabled={listQuery.isFetching} />
          </>
        ) : listQuery.isError ? (
          <div className="flex flex-col items-center gap-3 px-4 py-12 text-center text-sm text-slate-600">
            <p>{describeError(listQuery.error, 'Erro ao carregar contas a pagar')}</p>
            <Button variant="outline" onClick={() => void listQuery.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : (
          <LoadingState text="Carregando contas a pagar..." />
        )}
      </Card>
      {open?.dialog === 'form' ? <PayableFormDialog account={open.account} onClose={() => setOpen(null)} /> : null}
      {open?.dialog === 'pay' ? <PayPayableDialog account={open.account} onClose={() => setOpen(null)} /> : null}
      <PayableConfirm pending={confirming} onClose={() => setConfirming(null)} />
    </div>
  );
}
