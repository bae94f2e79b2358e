// Contas a Receber (spec §2): statistics, filters (search debounced; dates for admins),
// the first 50 accounts, 'Nova Conta' for who may write and 'Registrar Pagamento' for who
// may receive (cashiers when the store allows it).
import { useEffect, useState } from 'react';
import { RECEIVABLES_SEARCH_DEBOUNCE_MS } from '../../../shared/constants';
import { todayIso } from '../../../shared/dates';
import { usePermissions } from '../../auth/use-permissions';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card, CardHeader } from '../../components/card';
import { PlusIcon } from '../../components/icons';
import { newestUpdate, OfflineNote } from '../../components/offline-note';
import { PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/spinner';
import { toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useStoreSettings } from '../../lib/store-settings';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useOnline } from '../../offline/hooks';
import {
  useOverdueReceivablesCount,
  useReceivableStatistics,
  useReceivables,
  type ReceivableFilters as Filters,
  type ReceivableRow,
} from './api';
import { PayReceivableDialog } from './pay-receivable-dialog';
import { ReceivableFilters } from './receivable-filters';
import { ReceivableFormDialog } from './receivable-form-dialog';
import { ReceivableStats } from './receivable-stats';
import { ReceivableTable } from './receivable-table';

const EMPTY_FILTERS: Filters = { search: '', status: 'all', start_date: '', end_date: '' };

export function ReceivablesScreen() {
  const { can, isAdmin } = usePermissions();
  const canWrite = can('accounts_receivable.write');
  // Receiving an instalment: whoever writes accounts, and cashiers when the store allows it (the server checks too).
  const settings = useStoreSettings().data;
  const canReceive = canWrite || (can('accounts_receivable.read') && settings?.cashiers_receive_installments === true);
  const online = useOnline();
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const debounced = useDebouncedValue(filters.search, RECEIVABLES_SEARCH_DEBOUNCE_MS);
  // Typing waits for a pause; clearing the search applies at once.
  const search = filters.search.trim() === '' ? '' : debounced;
  // Only an admin's range is honoured (spec §6); a cashier's is today, said as such.
  const today = todayIso();
  const range = isAdmin
    ? { start_date: filters.start_date, end_date: filters.end_date }
    : { start_date: today, end_date: today };
  const listQuery = useReceivables({ status: filters.status, search, ...range });
  const statsQuery = useReceivableStatistics(range);
  const overdueQuery = useOverdueReceivablesCount(range);
  const [creating, setCreating] = useState(false);
  const [paying, setPaying] = useState<ReceivableRow | null>(null);

  useEffect(() => {
    if (listQuery.error) toastError('Erro', 'Erro ao carregar contas a receber');
  }, [listQuery.error]);
  useEffect(() => {
    if (statsQuery.error) toastError('Erro', 'Erro ao carregar estatísticas');
  }, [statsQuery.error]);
  useEffect(() => {
    if (overdueQuery.error) toastError('Erro', 'Erro ao carregar contas vencidas');
  }, [overdueQuery.error]);

  const list = listQuery.data;
  const overdue = overdueQuery.data ?? 0;

  return (
    <div>
      <PageHeader
        title="Contas a Receber"
        subtitle="Crediário e outras contas dos clientes"
        actions={
          canWrite ? (
            <Button onClick={() => setCreating(true)}>
              <PlusIcon className="h-4 w-4" />
              Nova Conta
            </Button>
          ) : null
        }
      />
      <OfflineNote online={online} updatedAt={newestUpdate(listQuery, statsQuery, overdueQuery)} />
      <ReceivableStats stats={statsQuery.data} />
      <ReceivableFilters filters={filters} onChange={setFilters} chooseDates={isAdmin} />
      <Card>
        <CardHeader
          title="Lista de Contas"
          actions={overdue > 0 ? <Badge tone="red">{`${overdue} conta(s) vencida(s)`}</Badge> : null}
        />
        {list ? (
          <>
            <ReceivableTable accounts={list.accounts} canReceive={canReceive} onPay={setPaying} />
            {list.total > list.accounts.length ? (
              <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600">
                Mostrando {list.accounts.length} de {list.total} contas. Use os filtros para encontrar as demais.
              </p>
            ) : null}
          </>
        ) : listQuery.isError ? (
          <div className="flex flex-col items-center gap-3 px-4 py-12 text-center text-sm text-slate-600">
            <p>{describeError(listQuery.error, 'Erro ao carregar contas a receber')}</p>
            <Button variant="outline" onClick={() => void listQuery.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : (
          <LoadingState text="Carregando contas a receber..." />
        )}
      </Card>
      {creating ? <ReceivableFormDialog onClose={() => setCreating(false)} /> : null}
      {paying ? <PayReceivableDialog account={paying} onClose={() => setPaying(null)} /> : null}
    </div>
  );
}
