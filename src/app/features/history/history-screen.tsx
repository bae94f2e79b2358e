// Histórico de Vendas: every signed-in person; admins see the store's sales in any period,
// a cashier today's (the server holds it). Filters, the page of sales with this till's
// sales still in the outbox on top, and a sale's detail in a dialog, where an admin
// cancels it (through the outbox: offline too, once however often it is sent).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePermissions } from '../../auth/use-permissions';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { OfflineNote } from '../../components/offline-note';
import { PageHeader } from '../../components/page-header';
import { PaginationBar } from '../../components/pagination-bar';
import { InlineLoading } from '../../components/spinner';
import { toast, toastError } from '../../components/toast-store';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useQueuedCancels, useRecordSaleCancel } from '../../counter/record-hooks';
import { useOnline, useUndeliveredSales } from '../../offline/hooks';
import {
  historyKeys,
  NO_FILTERS,
  useCashiers,
  useDevices,
  useSaleDetail,
  useSalesHistory,
  type HistoryFilters as Filters,
} from './api';
import { CancelSaleDialog } from './cancel-sale-dialog';
import { HistoryFilters } from './history-filters';
import { HistoryList } from './history-list';
import { SaleActions } from './sale-actions';
import { SaleDetailView } from './sale-detail';

const SEARCH_DEBOUNCE_MS = 400;
/** A cancel kept in the outbox (the sale toast's pattern: use-finish-sale.ts QUEUED_SALE_NOTE). */
const QUEUED_CANCEL_NOTE = 'Cancelamento salvo neste dispositivo; será enviado quando a conexão voltar.';
const REJECTED_CANCEL_NOTE = 'O servidor recusou o cancelamento desta venda: veja o painel Sincronização.';

export function HistoryScreen() {
  const { isAdmin } = usePermissions();
  const online = useOnline();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const typed = useDebouncedValue(filters, SEARCH_DEBOUNCE_MS);
  const list = useSalesHistory(typed, page);
  const outbox = useUndeliveredSales();
  const queuedCancels = useQueuedCancels();
  const devices = useDevices(isAdmin);
  const cashiers = useCashiers(isAdmin);
  const pagination = list.data?.pagination;

  return (
    <div className="min-w-0">
      <PageHeader title="Histórico de Vendas" subtitle="Vendas da loja, com filtros e detalhes" />
      <OfflineNote online={online} updatedAt={list.dataUpdatedAt} />
      <HistoryFilters
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
        admin={isAdmin}
        devices={devices.data ?? []}
        cashiers={cashiers.data ?? []}
      />
      {list.isPending ? (
        <InlineLoading text="Carregando vendas..." />
      ) : list.isError && !list.data ? (
        <p className="text-sm text-red-700">Erro ao carregar vendas. Verifique a conexão e tente novamente.</p>
      ) : null}
      <HistoryList
        sales={list.data?.sales ?? []}
        outbox={page === 1 ? outbox : []}
        queuedCancels={queuedCancels}
        onOpen={setOpenId}
      />
      {pagination && pagination.totalPages > 1 ? (
        <PaginationBar page={page} totalPages={pagination.totalPages} onPage={setPage} />
      ) : null}
      <SaleDetailDialog
        id={openId}
        onClose={() => setOpenId(null)}
        admin={isAdmin}
        queued={openId ? queuedCancels.get(openId) : undefined}
      />
    </div>
  );
}

function SaleDetailDialog({
  id,
  onClose,
  admin,
  queued,
}: {
  id: string | null;
  onClose: () => void;
  admin: boolean;
  queued: string | undefined;
}) {
  const detail = useSaleDetail(id);
  const client = useQueryClient();
  const recordCancel = useRecordSaleCancel();
  const [cancelling, setCancelling] = useState(false);
  const [pending, setPending] = useState(false);
  const sale = detail.data;
  const canCancel = admin && sale?.sale_status === 'completed' && !queued;

  async function cancel(reason: string) {
    if (!sale) return;
    setPending(true);
    try {
      const outcome = await recordCancel({
        saleId: sale.id,
        reason,
        summary: `Cancelar venda #${sale.number} · ${sale.customer_name}`,
      });
      // Not awaited: offline, a refetch that failed and waits to retry holds its promise
      // until the connection returns, and the cashier would see no answer to the cancel.
      void client.invalidateQueries({ queryKey: historyKeys.all });
      if (outcome === 'delivered') toast({ title: 'Venda cancelada', description: `Venda #${sale.number}: ${reason}` });
      else if (outcome === 'queued')
        toast({
          title: 'Cancelamento salvo',
          description: `Venda #${sale.number}. Salvo neste dispositivo; será enviado quando a conexão voltar.`,
        });
      else toastError('Cancelamento recusado', REJECTED_CANCEL_NOTE);
      setCancelling(false);
    } catch {
      toastError('Erro ao cancelar venda', 'Não foi possível guardar o cancelamento. Tente novamente.');
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={id !== null} onClose={onClose} title={sale ? `Venda #${sale.number}` : 'Venda'} size="lg">
      {detail.isPending ? <InlineLoading text="Carregando venda..." /> : null}
      {detail.isError && !sale ? (
        <p className="text-sm text-red-700">Erro ao carregar a venda. Verifique a conexão e tente novamente.</p>
      ) : null}
      {sale ? (
        <>
          {queued ? (
            <p role="status" className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {queued === 'rejected' ? REJECTED_CANCEL_NOTE : QUEUED_CANCEL_NOTE}
            </p>
          ) : null}
          <SaleDetailView
            sale={sale}
            actions={
              <>
                <SaleActions sale={sale} />
                {canCancel ? (
                  <Button variant="destructive" onClick={() => setCancelling(true)}>
                    Cancelar venda
                  </Button>
                ) : null}
              </>
            }
          />
          {cancelling ? (
            <CancelSaleDialog
              sale={sale}
              open={cancelling}
              pending={pending}
              onCancel={() => setCancelling(false)}
              onConfirm={(reason) => void cancel(reason)}
            />
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}
