// The note of a sale cancelled in Balcão, resolved: never a cancelled sale whose note is left
// valid in silence. Asked when the sale is cancelled (notes-cancel.ts, the note locked) and
// again by the queue while SEFAZ cannot be reached (emission-queue.ts, the note leased):
//   cancelada, inutilizada, descartada: nothing to do;
//   rejeitada, or pendente never received by SEFAZ (not in doubt: never sent, or answered
//     'service down'): descartada, never sent afterwards, its number listed for the
//     inutilização;
//   pendente in doubt: consulted (consSitNFe): authorized → cancelled as below; already
//     cancelled → cancelada; 217 'não consta' → descartada; another answer → rejeitada with it;
//   autorizada: cancelled (110111, the sale's reason as xJust) within the store's window
//     (consulted first when a cancel was tried before: its answer may have been lost);
//     outside it, or refused, the note stands and the admin is told why.
// SEFAZ silent, or no way to reach it now: the note keeps cancel_requested_at (and the
// justification in cancel_reason), and the queue does it later. The caller writes `change`
// (and `event`) to the note it holds; `notice` is what the admin should know.
import type { DbOrTx } from '../../db/client';
import type { FiscalNoteRow } from '../../db/schema';
import { SefazUnreachable } from '../sefaz-port';
import { consultNote, type NoteChange } from './consult-note';
import { cancelBlock, cancelRefused, sendCancelEvent, type NoteEventRow, type SefazHands } from './note-cancel-event';

export interface SaleNoteResolution {
  change: NoteChange;
  event: NoteEventRow | null;
  /** What the admin should know, in pt-BR (null: nothing, the note was cancelled). */
  notice: string | null;
  /** SEFAZ could not be asked now: the note waits for the queue (cancel_requested_at). */
  later: boolean;
}

const STANDS = 'A venda foi cancelada, mas a nota fiscal não:';
export const discardedNotice = (note: Pick<FiscalNoteRow, 'number' | 'series'>) =>
  `A nota desta venda não chegou a ser autorizada pela SEFAZ e não será enviada. Inutilize o número ${note.number} (série ${note.series}) em Notas Fiscais > Numeração.`;
export const LATER_NOTICE =
  'A nota desta venda ainda não pôde ser resolvida com a SEFAZ. O Balcão tenta de novo sozinho: se a SEFAZ a autorizou, ela é cancelada; se não a recebeu, ela não será enviada e o número vai para a inutilização.';
export const laterBecause = (why: string) => `${why} ${LATER_NOTICE}`;

export interface SaleCancelRequest {
  /** xJust: 'Venda A-0042 cancelada no Balcão: motivo'. */
  justification: string;
  windowMinutes: number;
  now: Date;
}

/** The sale's cancel justification (15 to 255 characters, as xJust wants). */
export function saleCancelJustification(sale: { number: string; reason: string | null }): string {
  const why = sale.reason?.trim();
  return `Venda ${sale.number} cancelada no Balcão${why ? `: ${why}` : ''}`.slice(0, 255);
}

/** How to reach SEFAZ now, or why it cannot be reached (no transmission, no certificate...); asked only when needed. */
export type ReachSefaz = () => Promise<SefazHands | { unavailable: string }>;

/** Resolves `note` (held by the caller) of a cancelled sale. */
export async function resolveCancelledSaleNote(
  t: DbOrTx,
  note: FiscalNoteRow,
  reach: ReachSefaz,
  { justification, windowMinutes, now }: SaleCancelRequest,
): Promise<SaleNoteResolution> {
  const done = (change: NoteChange, notice: string | null, event: NoteEventRow | null = null) => ({
    change: { ...change, cancelRequestedAt: null },
    event,
    notice,
    later: false,
  });
  const later = (change: NoteChange, why: string) => ({
    change: { ...change, cancelRequestedAt: note.cancelRequestedAt ?? now, cancelReason: justification },
    event: null,
    notice: laterBecause(why),
    later: true,
  });
  const discard = () => done({ status: 'descartada', inDoubt: false, cancelReason: justification }, discardedNotice(note)); // prettier-ignore
  const silent = 'A SEFAZ não respondeu agora.';

  if (note.status === 'cancelada' || note.status === 'inutilizada' || note.status === 'descartada')
    return done({}, null);
  if (note.status === 'rejeitada') return discard();
  // Never received by SEFAZ (it answered every attempt, or none was made): nothing to ask it.
  if (note.status === 'pendente' && !note.inDoubt) return discard();
  const reached = await reach();
  if ('unavailable' in reached) return later({}, reached.unavailable);
  const hands = reached;
  let prior: NoteChange = {};
  let held = note;
  // A note sent without an answer, or a cancel tried before (its answer may have been lost):
  // SEFAZ says first what it has.
  if (note.status === 'pendente' || note.cancelRequestedAt) {
    const found = await consultNote(hands, note, justification, now);
    if (found.kind === 'silent') return later({}, silent);
    if (found.kind === 'cancelled') return done(found.change, null);
    if (note.status === 'pendente') {
      if (found.kind === 'not-found') return discard();
      if (found.kind === 'other')
        return done(
          found.change,
          `${STANDS} a SEFAZ respondeu à consulta dela com ${found.cstat} (${found.reason}). Veja a nota em Notas Fiscais.`,
        );
      prior = found.change;
      held = { ...note, ...prior } as FiscalNoteRow;
    }
  }
  const blocked = cancelBlock(held, windowMinutes, now);
  if (blocked) return done(prior, `${STANDS} ${blocked}`);
  let sent;
  try {
    sent = await sendCancelEvent(t, hands, held, justification, now);
  } catch (error) {
    if (error instanceof SefazUnreachable) return later(prior, silent);
    throw error;
  }
  if (!sent.event)
    return done(
      { ...prior, cstat: sent.answer.cstat, reason: sent.answer.reason },
      `${STANDS} ${cancelRefused(sent.answer.cstat, sent.answer.reason)}`,
    );
  return done(
    { ...prior, status: 'cancelada', cancelledAt: now, cancelReason: justification.trim() },
    null,
    sent.event,
  );
}
