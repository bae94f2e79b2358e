// What the 'Venda finalizada' bar says of the sale's NFC-e, in words a cashier acts on:
// authorized (its number and series), issued by this till in offline contingency (hand over
// the DANFE; the note goes by itself), pending (SEFAZ did not answer in time: it is sent by
// itself and the DANFE says so), not authorized (the code and the fix are the admin's, who
// sees it on the dashboard and in Notas Fiscais), or no note at all with the server's reason
// (a product without NCM, a till without its series, the A1...). A sale the server has not
// answered yet (offline, in the outbox) says nothing here, as before.
import { emissionTypeOf } from '../../../shared/contract/fiscal-notes';
import type { LocalSaleReceipt } from '../../offline/db';

export type NoteTone = 'done' | 'waiting' | 'problem';

export interface NoteStatus {
  tone: NoteTone;
  text: string;
}

export const PENDING_TEXT =
  'NFC-e pendente: a SEFAZ não respondeu a tempo. A nota será enviada sozinha, e o DANFE sai dizendo que está pendente.';
export const REJECTED_TEXT =
  'NFC-e não autorizada pela SEFAZ. A venda está feita; o administrador foi avisado e vai corrigir a nota.';
/** A note the server itself refused (the till's key removed before it signed): no SEFAZ code. */
export const REFUSED_TEXT =
  'NFC-e recusada pelo servidor. A venda está feita; o administrador foi avisado e vai corrigir a nota.';
export const contingencyText = (which: string) =>
  `${which} emitida em contingência neste caixa: entregue o DANFE; a nota vai para a SEFAZ sozinha.`;
export const unissuedText = (reason: string) => `Venda sem NFC-e. ${reason}`;

/** The line for a sale's receipt; null when there is nothing to say (emission off, or no answer yet). */
export function saleNoteStatus(receipt: LocalSaleReceipt | undefined): NoteStatus | null {
  const note = receipt?.fiscalNote;
  if (note) {
    const which = `NFC-e nº ${note.number} série ${note.series}`;
    switch (note.status) {
      case 'autorizada':
        return { tone: 'done', text: `${which} autorizada.` };
      case 'pendente':
        return emissionTypeOf(note) === 9
          ? { tone: 'waiting', text: contingencyText(which) }
          : { tone: 'waiting', text: PENDING_TEXT };
      case 'rejeitada':
        return { tone: 'problem', text: note.cstat === null ? REFUSED_TEXT : REJECTED_TEXT };
      case 'cancelada':
        return { tone: 'problem', text: `${which} cancelada.` };
      case 'inutilizada':
      case 'descartada':
        return { tone: 'problem', text: `${which} sem valor: a venda foi cancelada.` };
    }
  }
  const reason = receipt?.fiscalUnissuedReason;
  return reason ? { tone: 'problem', text: unissuedText(reason) } : null;
}

const TONE_CLASS: Readonly<Record<NoteTone, string>> = {
  done: 'text-emerald-900',
  waiting: 'text-amber-900',
  problem: 'font-medium text-red-800',
};

export function SaleNoteStatusLine({ receipt }: { receipt: LocalSaleReceipt | undefined }) {
  const status = saleNoteStatus(receipt);
  if (!status) return null;
  return (
    <p
      role="status"
      data-testid="sale-note-status"
      data-tone={status.tone}
      className={`text-sm ${TONE_CLASS[status.tone]}`}
    >
      {status.text}
    </p>
  );
}
