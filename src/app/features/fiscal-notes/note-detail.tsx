// A note's detail (a dialog over the list): status, SEFAZ's code and reason with what to
// fix, what became of it when its sale was cancelled in Balcão, the protocol, the events,
// the XML in a scrollable block, and the actions the status allows: 'Reenviar' (pending or
// rejected; a contingency note rejected is made again with its access key) and 'Cancelar
// nota' (authorized).
import { useState } from 'react';
import { replacedByText, type FiscalNoteDetail } from '../../../shared/contract/fiscal-notes';
import { formatDocument } from '../../../shared/documents';
import { formatBRL } from '../../../shared/money';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { DetailList } from '../../components/detail-list';
import { Dialog, DialogFooter } from '../../components/dialog';
import { InlineLoading } from '../../components/spinner';
import { deadlineText } from '../../../shared/fiscal/contingency-deadline';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useCancelNote, useFiscalNote, useResendNote } from './api';
import { CancelNoteDialog } from './cancel-note-dialog';
import { groupedKey, localWhen, STATUS_TONES, statusLabel } from './notes-format';

const RESEND_DONE: Readonly<Record<string, string>> = {
  pendente: 'A nota volta à fila agora, com o mesmo documento.',
  rejeitada: 'A nota foi refeita com os dados de hoje, com o mesmo número, assinada de novo e posta na fila.',
};
const CONTINGENCY_RESEND_DONE =
  'A nota em contingência foi refeita com os dados de hoje, com o mesmo número e a mesma chave de acesso, assinada pelo certificado da loja e posta na fila.';

/** A rejected contingency note past its deadline: Reenviar still sends it, SEFAZ decides. */
function lateRejected(note: FiscalNoteDetail): string | null {
  const deadline = note.status === 'rejeitada' ? note.contingency_deadline : null;
  if (!deadline || new Date(deadline).getTime() >= Date.now()) return null;
  return `O prazo para transmitir esta nota em contingência já passou (${deadlineText(deadline)}). Reenviar ainda a refaz e envia: a SEFAZ decide se a aceita.`;
}

function facts(note: FiscalNoteDetail) {
  const items: [string, React.ReactNode][] = [
    ['Situação', <Badge tone={STATUS_TONES[note.status]}>{statusLabel(note.status)}</Badge>],
    ['Número e série', `${note.number} / ${note.series}`],
    ['Emissão', localWhen(note.issued_at_local)],
    ['Valor', formatBRL(note.total)],
    ['Ambiente', note.environment === 'producao' ? 'Produção' : 'Homologação (sem valor fiscal)'],
  ];
  if (note.sale_number) items.push(['Venda', `#${note.sale_number}`]);
  if (note.customer_document) items.push(['Consumidor', formatDocument(note.customer_document)]);
  if (note.protocol) items.push(['Protocolo', `${note.protocol} (${localWhen(note.authorized_at)})`]);
  if (note.cancelled_at) items.push(['Cancelada', note.cancel_reason ?? '']);
  items.push(['Chave', <span className="break-all font-mono text-xs">{groupedKey(note.key)}</span>]);
  return items;
}

/** What became of the note of a sale cancelled in Balcão, when there is something to say. */
function SaleCancelledNote({ note }: { note: FiscalNoteDetail }) {
  if (!note.sale_cancelled) return null;
  let text: string | null = null;
  if (note.cancel_requested)
    text =
      'A venda desta nota foi cancelada no Balcão. Assim que a SEFAZ responder, o Balcão cancela a nota (se ela foi autorizada) ou a descarta (se a SEFAZ não a recebeu).';
  else if (note.status === 'autorizada')
    text = `A venda desta nota foi cancelada no Balcão, mas a nota continua válida${note.cstat && note.cstat !== 100 && note.cstat !== 150 ? ` (a SEFAZ recusou o cancelamento: ${note.cstat} ${note.reason ?? ''})` : ' (fora do prazo de cancelamento)'}. Para desfazê-la é preciso uma NF-e de devolução: fale com o contador.`;
  else if (note.status === 'descartada')
    text = `A venda foi cancelada antes de a nota chegar à SEFAZ: ela não será enviada. Inutilize o número ${note.number} em Numeração.`;
  if (!text) return null;
  return (
    <p
      role="note"
      aria-label="Venda cancelada"
      className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      {text}
    </p>
  );
}

/** What a replaced note's detail says: by which note, and what became of it (or that the queue sees to it). */
function replacedText(note: FiscalNoteDetail): string {
  const by = `${replacedByText(note.replaced_by!)}.`;
  if (note.replacement_notice) return `${by} ${note.replacement_notice}`;
  if (note.status === 'cancelada' || note.status === 'descartada' || note.status === 'inutilizada') return by;
  return `${by} Ela não é mais enviada: o Balcão a cancela por substituição ou a descarta para a inutilização sozinho.`;
}

/** The events a note's detail lists, by their SEFAZ type. */
const EVENT_NAMES: Readonly<Record<string, string>> = {
  '110111': 'Cancelamento',
  '110112': 'Cancelamento por substituição',
};

export function NoteDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useFiscalNote(id);
  const cancel = useCancelNote();
  const resend = useResendNote();
  const [cancelling, setCancelling] = useState(false);
  const note = detail.data;
  const busy = cancel.isPending || resend.isPending;

  function onResend() {
    if (!note) return;
    const done =
      note.status === 'rejeitada' && note.emission_type === 9
        ? CONTINGENCY_RESEND_DONE
        : (RESEND_DONE[note.status] ?? '');
    resend.mutate(note.id, {
      onSuccess: (answer) =>
        toast({ title: 'Nota reenviada', description: answer.notice ? `${done} ${answer.notice}` : done }),
      onError: (e) => toastError('A nota não foi reenviada', describeError(e, 'Erro desconhecido')),
    });
  }

  function onCancel(justification: string) {
    if (!note) return;
    cancel.mutate(
      { id: note.id, justification },
      {
        onSuccess: () => {
          setCancelling(false);
          toast({ title: 'Nota cancelada', description: `NFC-e nº ${note.number}: cancelamento registrado na SEFAZ.` });
        },
        onError: (e) => {
          setCancelling(false);
          toastError('A nota não foi cancelada', describeError(e, 'Erro desconhecido'));
        },
      },
    );
  }

  return (
    <Dialog
      open={id !== null}
      onClose={() => !busy && onClose()}
      title={note ? `NFC-e nº ${note.number}, série ${note.series}` : 'Nota fiscal'}
      size="lg"
    >
      {detail.isPending ? <InlineLoading text="Carregando a nota..." /> : null}
      {detail.isError ? <p className="text-sm text-red-700">Erro ao carregar a nota. Tente novamente.</p> : null}
      {note ? (
        <div className="flex min-w-0 flex-col gap-4">
          {note.replaced_by ? (
            <p
              role="note"
              aria-label="Substituída"
              className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            >
              {replacedText(note)}
            </p>
          ) : null}
          {note.status === 'rejeitada' && !note.replaced_by ? (
            <div role="note" aria-label="Rejeição" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm">
              <p className="font-semibold text-red-800">
                {note.cstat === null ? 'Recusada pelo servidor' : `Rejeitada pela SEFAZ (${note.cstat})`}: {note.reason}
              </p>
              {note.what_to_fix ? <p className="mt-1 text-red-900">O que fazer: {note.what_to_fix}</p> : null}
              {lateRejected(note) ? <p className="mt-1 font-medium text-red-900">{lateRejected(note)}</p> : null}
            </div>
          ) : null}
          <SaleCancelledNote note={note} />
          {note.status === 'pendente' && !note.cancel_requested && !note.replaced_by ? (
            <p className="rounded-md bg-yellow-50 p-3 text-sm text-yellow-900">
              Aguardando a autorização da SEFAZ ({note.attempts} tentativa{note.attempts === 1 ? '' : 's'}). O Balcão
              tenta de novo sozinho; Reenviar põe a nota à frente na fila.
            </p>
          ) : null}
          <DetailList items={facts(note)} />
          {note.events.length ? (
            <section aria-label="Eventos">
              <h3 className="mb-1 text-sm font-semibold text-slate-900">Eventos</h3>
              <ul className="text-sm text-slate-700">
                {note.events.map((e) => (
                  <li key={`${e.type}-${e.sequence}`}>
                    {EVENT_NAMES[e.type] ?? e.type} · {e.cstat} {e.reason} · protocolo {e.protocol} ·{' '}
                    {e.justification}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-label="XML da nota">
            <h3 className="mb-1 text-sm font-semibold text-slate-900">XML</h3>
            <pre
              tabIndex={0}
              className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-900 p-3 font-mono text-xs text-slate-100"
            >
              {note.xml}
            </pre>
          </section>
        </div>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Fechar
        </Button>
        {note && !note.replaced_by && (note.status === 'pendente' || note.status === 'rejeitada') ? (
          <Button onClick={onResend} disabled={busy}>
            {resend.isPending ? 'Reenviando...' : 'Reenviar'}
          </Button>
        ) : null}
        {note?.status === 'autorizada' ? (
          <Button variant="destructive" onClick={() => setCancelling(true)} disabled={busy}>
            Cancelar nota
          </Button>
        ) : null}
      </DialogFooter>
      {cancelling && note ? (
        <CancelNoteDialog
          number={note.number}
          pending={cancel.isPending}
          onClose={() => setCancelling(false)}
          onConfirm={onCancel}
        />
      ) : null}
    </Dialog>
  );
}
