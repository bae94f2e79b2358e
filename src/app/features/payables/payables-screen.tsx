// Contas a Pagar (spec §2, admins): statistics, filters, the paged table and its actions.
import { useState } from 'react';
import { PAYABLES_SEARCH_DEBOUNCE_MS } from '../../../shared/constants';
import { AccountListCard } from '../../components/accounts/account-list-card';
import { AddButton } from '../../components/list-card';
import { newestUpdate, OfflineNote } from '../../components/offline-note';
import { PageHeader } from '../../components/page-header';
import { PaginationBar } from '../../components/pagination-bar';
import { useTypedSearch } from '../../lib/use-debounced-value';
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
  const applied = { ...filters, search: useTypedSearch(filters.search, PAYABLES_SEARCH_DEBOUNCE_MS) };
  const [page, setPage] = usePageFor(JSON.stringify(applied));
  const listQuery = usePayables(applied, page);
  const statsQuery = usePayableStatistics();
  const overdueQuery = useOverduePayablesCount();
  const [open, setOpen] = useState<Open>(null);
  const [confirming, setConfirming] = useState<{ action: PayableConfirmAction; account: PayableRow } | null>(null);

  function onAction(action: PayableAction, account: PayableRow) {
    if (action === 'pay') setOpen({ dialog: 'pay', account });
    else if (action === 'edit') setOpen({ dialog: 'form', account });
    else setConfirming({ action, account });
  }

  const filtered = JSON.stringify(applied) !== JSON.stringify(EMPTY_PAYABLE_FILTERS);

  return (
    <div>
      <PageHeader
        title="Contas a Pagar"
        subtitle="Fornecedores, vencimentos e pagamentos"
        actions={<AddButton label="Nova Conta" onClick={() => setOpen({ dialog: 'form', account: null })} />}
      />
      <OfflineNote online={online} updatedAt={newestUpdate(listQuery, statsQuery, overdueQuery)} />
      <PayableStats stats={statsQuery.data} />
      <PayableFilters filters={filters} onChange={setFilters} onClear={() => setFilters(EMPTY_PAYABLE_FILTERS)} />
      <AccountListCard overdue={overdueQuery.data} query={listQuery} what="contas a pagar">
        {(list) => (
          <>
            <PayableTable
              accounts={list.accounts}
              emptyText={filtered ? 'Nenhuma conta encontrada para os filtros.' : 'Nenhuma conta a pagar cadastrada.'}
              onAction={onAction}
            />
            <PaginationBar page={page} totalPages={list.totalPages} onPage={setPage} disabled={listQuery.isFetching} />
          </>
        )}
      </AccountListCard>
      {open?.dialog === 'form' ? <PayableFormDialog account={open.account} onClose={() => setOpen(null)} /> : null}
      {open?.dialog === 'pay' ? <PayPayableDialog account={open.account} onClose={() => setOpen(null)} /> : null}
      <PayableConfirm pending={confirming} onClose={() => setConfirming(null)} />
    </div>
  );
}
