// Contas a Receber (spec §2): statistics, filters (search debounced; dates for admins),
// the first 50 accounts, 'Nova Conta' for who may write, 'Registrar Pagamento' for who
// may receive (cashiers when the store allows it) and 'Importar crediário em aberto' for who
// imports (admins).
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { RECEIVABLES_SEARCH_DEBOUNCE_MS } from '../../../shared/constants';
import { todayIso } from '../../../shared/dates';
import { usePermissions } from '../../auth/use-permissions';
import { AccountListCard } from '../../components/accounts/account-list-card';
import { Button } from '../../components/button';
import { UploadIcon } from '../../components/icons';
import { AddButton } from '../../components/list-card';
import { newestUpdate, OfflineNote } from '../../components/offline-note';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/use-error-toast';
import { importPathOf } from '../../lib/import-path';
import { useStoreSettings } from '../../lib/store-settings';
import { useTypedSearch } from '../../lib/use-debounced-value';
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
  const canImport = can('imports.write');
  const navigate = useNavigate();
  // Receiving an instalment: whoever writes accounts, and cashiers when the store allows it (the server checks too).
  const settings = useStoreSettings().data;
  const canReceive = canWrite || (can('accounts_receivable.read') && settings?.cashiers_receive_installments === true);
  const online = useOnline();
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const search = useTypedSearch(filters.search, RECEIVABLES_SEARCH_DEBOUNCE_MS);
  // Only an admin's range is honoured (spec §6); a cashier's is today, said as such, except
  // a customer searched by a cashier who may receive: all of that customer's accounts.
  const today = todayIso();
  const range = isAdmin
    ? { start_date: filters.start_date, end_date: filters.end_date }
    : { start_date: today, end_date: today };
  const receivingSearch = !isAdmin && canReceive && search.trim() !== '';
  const listRange = receivingSearch ? { start_date: '', end_date: '' } : range;
  const listQuery = useReceivables({ status: filters.status, search, ...listRange });
  const statsQuery = useReceivableStatistics(range);
  const overdueQuery = useOverdueReceivablesCount(range);
  const [creating, setCreating] = useState(false);
  const [paying, setPaying] = useState<ReceivableRow | null>(null);

  useErrorToast(statsQuery.error, 'Erro', 'Erro ao carregar estatísticas');
  useErrorToast(overdueQuery.error, 'Erro', 'Erro ao carregar contas vencidas');

  return (
    <div>
      <PageHeader
        title="Contas a Receber"
        subtitle="Crediário e outras contas dos clientes"
        actions={
          canWrite || canImport ? (
            <div className="flex flex-wrap gap-2">
              {canImport ? (
                <Button variant="outline" onClick={() => void navigate(importPathOf('crediario'))}>
                  <UploadIcon className="h-4 w-4" />
                  Importar crediário em aberto
                </Button>
              ) : null}
              {canWrite ? <AddButton label="Nova Conta" onClick={() => setCreating(true)} /> : null}
            </div>
          ) : null
        }
      />
      <OfflineNote online={online} updatedAt={newestUpdate(listQuery, statsQuery, overdueQuery)} />
      <ReceivableStats stats={statsQuery.data} />
      <ReceivableFilters
        filters={filters}
        onChange={setFilters}
        chooseDates={isAdmin}
        receiving={!isAdmin && canReceive}
      />
      <AccountListCard overdue={overdueQuery.data} query={listQuery} what="contas a receber">
        {(list) => (
          <>
            <ReceivableTable accounts={list.accounts} canReceive={canReceive} onPay={setPaying} />
            {list.total > list.accounts.length ? (
              <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600">
                Mostrando {list.accounts.length} de {list.total} contas. Use os filtros para encontrar as demais.
              </p>
            ) : null}
          </>
        )}
      </AccountListCard>
      {creating ? <ReceivableFormDialog onClose={() => setCreating(false)} /> : null}
      {paying ? <PayReceivableDialog account={paying} onClose={() => setPaying(null)} /> : null}
    </div>
  );
}
