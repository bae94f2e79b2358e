// Fluxo de Caixa (spec §2, §6): the summary cards and the entries. Admins choose 7/30/90
// days, filter by type and category, see the chart and page; cashiers see today only.
// Admins also create, edit and delete manual entries.
import { lazy, Suspense, useState } from 'react';
import { ADMIN_DEFAULT_RANGE_DAYS, MAX_PAGE_SIZE, PAGE_SIZE_CASH_FLOW } from '../../../shared/constants';
import { addDays, todayIso } from '../../../shared/dates';
import { usePermissions } from '../../auth/use-permissions';
import { Badge } from '../../components/badge';
import { RowConfirm } from '../../components/confirm-dialog';
import { AddButton, ListCard } from '../../components/list-card';
import { newestUpdate, OfflineNote } from '../../components/offline-note';
import { toastSaved } from '../../components/outcome-toast';
import { PageHeader } from '../../components/page-header';
import { PaginationBar } from '../../components/pagination-bar';
import { toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { usePageFor } from '../../lib/use-page-for';
import { useOnline } from '../../offline/hooks';
import { useCashFlow, useDeleteCashEntry, type CashEntryRow, type CashFlowQuery } from './api';
import { CashEntryFormDialog } from './cash-entry-form-dialog';
import { CashFlowControls, type CashFlowFilters } from './cash-flow-controls';
import { CashFlowStats } from './cash-flow-stats';
import { CashFlowTable } from './cash-flow-table';

const CashFlowChart = lazy(() => import('./cash-flow-chart'));

const DEFAULT_FILTERS: CashFlowFilters = { days: ADMIN_DEFAULT_RANGE_DAYS, type: 'all', category: 'all' };

export function CashFlowScreen() {
  const { can, isAdmin } = usePermissions();
  const canWrite = can('cash_flow.write');
  const online = useOnline();
  const [filters, setFilters] = useState<CashFlowFilters>(DEFAULT_FILTERS);
  const [page, setPage] = usePageFor(JSON.stringify(filters));
  const today = todayIso();
  // Admins: the last `days` days up to today; cashiers: today (the server forces it too).
  const range = isAdmin
    ? { start_date: addDays(today, -(filters.days - 1)), end_date: today }
    : { start_date: today, end_date: today };
  const query: CashFlowQuery = isAdmin
    ? { ...range, type: filters.type, category: filters.category, page, limit: PAGE_SIZE_CASH_FLOW }
    : { ...range, type: 'all', category: 'all', page: 1, limit: MAX_PAGE_SIZE };
  const listQuery = useCashFlow(query);
  const deleteMutation = useDeleteCashEntry();
  const [editing, setEditing] = useState<{ entry: CashEntryRow | null } | null>(null);
  const [toDelete, setToDelete] = useState<CashEntryRow | null>(null);

  const list = listQuery.data;
  return (
    <div>
      <PageHeader
        title="Fluxo de Caixa"
        subtitle={isAdmin ? 'Entradas, saídas e saldo do caixa' : 'Mostrando os lançamentos de hoje.'}
        actions={
          <>
            {isAdmin ? <Badge tone="blue">Admin</Badge> : null}
            {canWrite ? <AddButton label="Novo Lançamento" onClick={() => setEditing({ entry: null })} /> : null}
          </>
        }
      />
      <OfflineNote online={online} updatedAt={newestUpdate(listQuery)} />
      <CashFlowStats summary={list?.summary} />
      {isAdmin ? (
        <>
          <CashFlowControls filters={filters} onChange={setFilters} />
          <Suspense fallback={null}>
            <CashFlowChart range={range} />
          </Suspense>
        </>
      ) : null}
      <ListCard title="Lançamentos" query={listQuery} what="fluxo de caixa">
        {(list) => (
          <>
            <CashFlowTable
              entries={list.entries}
              canWrite={canWrite}
              onEdit={(entry) => setEditing({ entry })}
              onDelete={setToDelete}
            />
            {isAdmin ? (
              <PaginationBar
                page={page}
                totalPages={list.totalPages}
                onPage={setPage}
                disabled={listQuery.isFetching}
              />
            ) : null}
          </>
        )}
      </ListCard>
      {editing ? <CashEntryFormDialog entry={editing.entry} onClose={() => setEditing(null)} /> : null}
      <RowConfirm
        row={toDelete}
        title="Excluir lançamento"
        message="Tem certeza que deseja excluir este lançamento?"
        pending={deleteMutation.isPending}
        run={async (entry) => toastSaved(await deleteMutation.mutateAsync(entry), 'Lançamento excluído com sucesso!')}
        failed={(error) =>
          toastError('Erro', `Erro ao excluir lançamento: ${describeError(error, 'Erro ao excluir lançamento')}`)
        }
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}
