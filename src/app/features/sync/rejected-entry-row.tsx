// A change the server refused: its error, and for admins 'Tentar novamente' and
// 'Descartar', each confirmed in place before it happens.
import { useState } from 'react';
import { Button } from '../../components/button';
import { toastError } from '../../components/toast-store';
import type { OutboxEntry } from '../../offline/db';

type Action = 'retry' | 'discard';

const CONFIRM_TEXT: Record<Action, string> = {
  retry: 'Enviar esta alteração ao servidor novamente?',
  discard: 'Descartar esta alteração? Ela não será enviada ao servidor. Esta ação não pode ser desfeita.',
};

interface RejectedEntryRowProps {
  entry: OutboxEntry;
  canManage: boolean;
  onRetry: () => Promise<void>;
  onDiscard: () => Promise<void>;
}

export function RejectedEntryRow({ entry, canManage, onRetry, onDiscard }: RejectedEntryRowProps) {
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const rejection = entry.rejection;

  async function confirm() {
    if (!asking) return;
    setBusy(true);
    try {
      await (asking === 'retry' ? onRetry() : onDiscard());
    } catch {
      toastError('Erro', 'Não foi possível concluir a ação. Tente novamente.');
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  return (
    <li className="flex flex-col gap-2 px-3 py-2 text-sm">
      <div className="flex flex-col gap-0.5">
        <span className="font-medium text-slate-900">{entry.summary}</span>
        <span className="text-xs text-red-700">
          Erro do servidor: {rejection?.error ?? entry.lastError ?? 'Erro desconhecido'}
          {rejection ? ` (${rejection.status})` : ''}
        </span>
        <span className="text-xs text-slate-500">Tentativas: {entry.attempts}</span>
      </div>
      {!canManage ? (
        <p className="text-xs text-slate-500">Peça a um administrador para revisar esta alteração.</p>
      ) : asking ? (
        <div
          role="group"
          aria-label="Confirmação"
          className="flex flex-wrap items-center gap-2 rounded-md bg-slate-50 p-2"
        >
          <span className="flex-1 text-slate-800">{CONFIRM_TEXT[asking]}</span>
          <Button size="sm" variant="outline" onClick={() => setAsking(null)} disabled={busy}>
            Cancelar
          </Button>
          <Button
            size="sm"
            variant={asking === 'discard' ? 'destructive' : 'primary'}
            onClick={() => void confirm()}
            disabled={busy}
          >
            {asking === 'discard' ? 'Confirmar descarte' : 'Confirmar envio'}
          </Button>
        </div>
      ) : (
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => setAsking('retry')}>
            Tentar novamente
          </Button>
          <Button size="sm" variant="destructive" onClick={() => setAsking('discard')}>
            Descartar
          </Button>
        </div>
      )}
    </li>
  );
}
