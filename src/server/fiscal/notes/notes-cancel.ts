// Cancelling an authorized note (event 110111) within the state's window, from 'Notas
// Fiscais' or when its sale is cancelled in Balcão. The event is built (sefaz-messages.ts),
// signed with the store's A1 and sent through the port inside the action's transaction,
// the note locked: two admins never send two cancels of one note. SEFAZ's 135/136/155
// registers it (the event and its retEvento are kept, the note becomes 'cancelada'); a
// refusal or no answer changes nothing and says why. Outside the window the note stands:
// undoing it fiscally is an NF-e de devolução, which Balcão does not issue yet.
import { and, count, eq } from 'drizzle-orm';
import type { FiscalNoteDetail } from '../../../shared/contract/fiscal-notes';
import { buildCancelEvent, CANCEL_EVENT_TYPE } from '../../../shared/fiscal/sefaz-messages';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { fiscalNoteEvents, fiscalNotes, type FiscalNoteRow } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { readFiscalSettings } from '../fiscal-settings';
import { loadNote, noteDetail } from './notes-read';
import { askSefaz, batchIdOf, sefazSession } from './notes-sefaz';

/** cStat of a registered cancel: 135 linked, 136 registered not linked, 155 homologated out of time. */
const REGISTERED = new Set([135, 136, 155]);

const when = (at: Date) =>
  at.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

export const RETURN_NOT_YET =
  'Para desfazer a venda fiscalmente é preciso uma NF-e de devolução, que o Balcão ainda não emite: fale com o contador.';
export const outsideWindow = (authorizedAt: Date, minutes: number) =>
  `A nota foi autorizada em ${when(authorizedAt)} e o prazo de cancelamento (${minutes} minutos) terminou: ela continua válida. ${RETURN_NOT_YET}`;
export const NOT_AUTHORIZED: Readonly<Record<Exclude<FiscalNoteRow['status'], 'autorizada'>, string>> = {
  pendente: 'A nota ainda não foi autorizada pela SEFAZ: só uma nota autorizada pode ser cancelada.',
  rejeitada:
    'A nota foi rejeitada e não tem valor fiscal: não há o que cancelar. Reenvie-a corrigida ou inutilize o número.',
  cancelada: 'Esta nota já está cancelada.',
  inutilizada: 'O número desta nota foi inutilizado: não há o que cancelar.',
};
export const cancelRefused = (cstat: number, reason: string) =>
  `A SEFAZ recusou o cancelamento (${cstat}: ${reason}). A nota continua autorizada.`;

/** Why `note` cannot be cancelled at `now`, or null when it can. */
export function cancelBlock(note: FiscalNoteRow, windowMinutes: number, now: Date): string | null {
  if (note.status !== 'autorizada') return NOT_AUTHORIZED[note.status];
  if (!note.protocol || !note.authorizedAt) return NOT_AUTHORIZED.pendente;
  const authorizedAt = new Date(note.authorizedAt);
  if (now.getTime() > authorizedAt.getTime() + windowMinutes * 60_000)
    return outsideWindow(authorizedAt, windowMinutes);
  return null;
}

/** Sends the cancel of the locked, authorized `note` and records it; a refusal throws before any write. */
async function sendCancel(
  ctx: AppContext,
  t: DbOrTx,
  note: FiscalNoteRow,
  justification: string,
  now: Date,
): Promise<void> {
  const session = await sefazSession(ctx, t, note.tenantId, note.environment);
  const [done] = await t
    .select({ n: count() })
    .from(fiscalNoteEvents)
    .where(
      and(
        eq(fiscalNoteEvents.tenantId, note.tenantId),
        eq(fiscalNoteEvents.noteId, note.id),
        eq(fiscalNoteEvents.type, CANCEL_EVENT_TYPE),
      ),
    );
  const sequence = (done?.n ?? 0) + 1;
  const event = buildCancelEvent({
    key: note.key,
    environment: session.target.environment,
    cnpj: session.cnpj,
    protocol: note.protocol!,
    justification,
    at: now,
    sequence,
  });
  const signed = await session.signer.sign(event.xml, 'infEvento');
  const answer = await askSefaz('ao cancelamento', () =>
    session.port.sendEvent(session.target, signed, batchIdOf(now)),
  );
  if (!REGISTERED.has(answer.cstat)) throw conflict(cancelRefused(answer.cstat, answer.reason));
  await t.insert(fiscalNoteEvents).values({
    tenantId: note.tenantId,
    noteId: note.id,
    type: CANCEL_EVENT_TYPE,
    sequence,
    justification: justification.trim(),
    xml: signed,
    protocolXml: answer.xml,
    protocol: answer.protocol,
    registeredAt: answer.received_at,
    cstat: answer.cstat,
    reason: answer.reason,
  });
  await t
    .update(fiscalNotes)
    .set({ status: 'cancelada', cancelledAt: now, cancelReason: justification.trim(), updatedAt: now })
    .where(and(eq(fiscalNotes.tenantId, note.tenantId), eq(fiscalNotes.id, note.id)));
}

/** POST /api/fiscal/notes/:id/cancel. */
export async function cancelNote(
  ctx: AppContext,
  t: DbOrTx,
  tenantId: string,
  id: string,
  justification: string,
  now = new Date(),
): Promise<FiscalNoteDetail> {
  const note = await loadNote(t, tenantId, id, true);
  const { cancel_window_minutes } = await readFiscalSettings(t, tenantId);
  const blocked = cancelBlock(note, cancel_window_minutes, now);
  if (blocked) throw conflict(blocked);
  await sendCancel(ctx, t, note, justification, now);
  return noteDetail(ctx.db, tenantId, id, t);
}

/**
 * When a sale is cancelled in Balcão: its authorized note is cancelled too, within the
 * window. Whatever happens to the note, the sale's cancel goes on; the answer is what the
 * admin should know about the note (null: nothing, or it was cancelled).
 */
export async function cancelNoteOfSale(
  ctx: AppContext,
  t: DbOrTx,
  tenantId: string,
  sale: { id: string; number: string; reason: string | null },
  now = new Date(),
): Promise<string | null> {
  const [found] = await t
    .select({ id: fiscalNotes.id })
    .from(fiscalNotes)
    .where(and(eq(fiscalNotes.tenantId, tenantId), eq(fiscalNotes.saleId, sale.id)));
  if (!found) return null;
  const note = await loadNote(t, tenantId, found.id, true);
  if (note.status === 'cancelada' || note.status === 'inutilizada') return null;
  if (note.status === 'rejeitada')
    return `A nota desta venda foi rejeitada e não tem valor fiscal. Inutilize o número ${note.number} (série ${note.series}) em Notas Fiscais > Numeração.`;
  if (note.status === 'pendente')
    // TODO(lead): the emission's queue should not send a pending note whose sale is cancelled (or cancel it once authorized).
    return 'A nota desta venda ainda não foi autorizada pela SEFAZ. Quando for, cancele-a em Notas Fiscais dentro do prazo.';
  const { cancel_window_minutes } = await readFiscalSettings(t, tenantId);
  const blocked = cancelBlock(note, cancel_window_minutes, now);
  if (blocked) return `A venda foi cancelada, mas a nota fiscal não: ${blocked}`;
  const why = sale.reason?.trim();
  const justification = `Venda ${sale.number} cancelada no Balcão${why ? `: ${why}` : ''}`.slice(0, 255);
  try {
    // A refusal throws before anything is written: the sale's cancel stays whole.
    await sendCancel(ctx, t, note, justification, now);
    return null;
  } catch (error) {
    if (error instanceof AppError) return `A venda foi cancelada, mas a nota fiscal não: ${error.message}`;
    throw error;
  }
}
