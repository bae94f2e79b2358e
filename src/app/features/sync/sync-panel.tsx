// The 'Sincronização' panel: what waits for delivery (attempts, last error), what the
// server refused (retry or discard: admins only, each after a confirm) and sales the
// server accepted beyond its stock.
import { useState, type ReactNode } from 'react';
import { formatDate } from '../../../shared/dates';
import { formatBRL } from '../../../shared/money';
import { usePermissions } from '../../auth/use-permissions';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorNote } from '../../components/error-note';
import {
  useConflictSales,
  useLastSyncAt,
  useOnline,
  useOutboxActions,
  useOutboxEntries,
  useSyncState,
} from '../../offline/hooks';
import { RejectedEntryRow } from './rejected-entry-row';
import { conflictsText, lastSyncText } from './sync-format';

const BORDERS = { slate: 'border-slate-200', red: 'border-red-200', amber: 'border-amber-200' };

/** A titled list with its count; `empty` says so when there is nothing in it. */
function ListSection<T>({
  title,
  items,
  empty,
  tone,
  children,
}: {
  title: string;
  items: T[];
  empty: string;
  /** the list's border: red for refusals, amber for conflicts */
  tone: keyof typeof BORDERS;
  children: (item: T) => ReactNode;
}) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        {title}
        <Badge tone={items.length > 0 ? 'blue' : 'gray'}>{items.length}</Badge>
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className={`divide-y divide-slate-100 rounded-md border ${BORDERS[tone]}`}>{items.map(children)}</ul>
      )}
    </section>
  );
}

export function SyncPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const online = useOnline();
  const lastSync = useLastSyncAt();
  const { lastError } = useSyncState();
  const entries = useOutboxEntries();
  const conflicts = useConflictSales();
  const actions = useOutboxActions();
  const { can } = usePermissions();
  const [syncing, setSyncing] = useState(false);
  const pending = entries?.pending ?? [];
  const rejected = entries?.rejected ?? [];

  async function syncNow() {
    setSyncing(true);
    try {
      await actions.syncNow();
    } finally {
      setSyncing(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Sincronização"
      description={`${online ? 'Online' : 'Offline'} · ${lastSyncText(lastSync) || '...'}`}
      size="lg"
    >
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600">
            {online
              ? 'As vendas e as alterações de contas são enviadas ao servidor automaticamente.'
              : 'Sem conexão: as vendas e as alterações de contas ficam guardadas neste dispositivo e serão enviadas quando a conexão voltar.'}
          </p>
          <Button variant="outline" onClick={() => void syncNow()} disabled={!online || syncing}>
            {syncing ? 'Sincronizando...' : 'Sincronizar agora'}
          </Button>
        </div>
        {lastError ? <ErrorNote>Última falha: {lastError}</ErrorNote> : null}

        <ListSection title="Pendentes" items={pending} empty="Nenhuma alteração aguardando envio." tone="slate">
          {(entry) => (
            <li key={entry.id} className="flex flex-col gap-0.5 px-3 py-2 text-sm">
              <span className="font-medium text-slate-900">{entry.summary}</span>
              <span className="text-xs text-slate-500">
                Tentativas: {entry.attempts}
                {entry.lastError ? ` · Último erro: ${entry.lastError}` : ''}
              </span>
            </li>
          )}
        </ListSection>

        <ListSection title="Recusadas pelo servidor" items={rejected} empty="Nenhuma alteração recusada." tone="red">
          {(entry) => (
            <RejectedEntryRow
              key={entry.id}
              entry={entry}
              canManage={can('sync.manage')}
              onRetry={() => actions.retry(entry.id)}
              onDiscard={() => actions.discard(entry.id)}
            />
          )}
        </ListSection>

        <ListSection
          title="Vendas com conflito de estoque"
          items={conflicts}
          empty="Nenhum conflito de estoque."
          tone="amber"
        >
          {(sale) => (
            <li key={sale.id} className="flex flex-col gap-0.5 px-3 py-2 text-sm">
              <span className="font-medium text-slate-900">
                {sale.customerName} · {formatBRL(sale.totalCentavos)} ·{' '}
                {formatDate(new Date(sale.createdAt).toISOString())}
              </span>
              <span className="text-xs text-amber-800">{conflictsText(sale.conflicts)}</span>
            </li>
          )}
        </ListSection>
      </div>
    </Dialog>
  );
}
