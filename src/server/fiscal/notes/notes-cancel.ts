// Cancelling an authorized note (event 110111) within the state's window, from 'Notas
// Fiscais' (POST /api/fiscal/notes/:id/cancel), and the note of a sale cancelled in Balcão.
// The event is sent through the port inside the action's transaction, the note locked: two
// admins never send two cancels of one note. SEFAZ's 135/136/155 registers it (the event and
// its retEvento are kept, the note becomes 'cancelada'); from 'Notas Fiscais' a refusal or
// no answer changes nothing and says why. A cancelled sale's note is resolved whatever its
// state (cancelled-sale-note.ts): cancelled, discarded, or left to the queue while SEFAZ is
// silent. Outside the window the note stands: undoing it fiscally is an NF-e de devolução,
// which Balcão does not issue yet.
import { and, eq, isNull } from 'drizzle-orm';
import type { FiscalNoteDetail } from '../../../shared/contract/fiscal-notes';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { fiscalNoteEvents, fiscalNotes, type FiscalNoteRow } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { readFiscalSettings } from '../fiscal-settings';
import { DEFAULT_BACKOFF } from '../note-sender';
import { laterBecause, resolveCancelledSaleNote, saleCancelJustification } from './cancelled-sale-note';
import type { NoteChange } from './consult-note';
import { cancelBlock, cancelRefused, sendCancelEvent, type SefazHands } from './note-cancel-event';
import { loadNote, noteDetail } from './notes-read';
import { askSefaz, sefazSession } from './notes-sefaz';

export const SENDING_NOW = 'A nota desta venda está sendo enviada à SEFAZ neste momento.';

async function writeNote(t: DbOrTx, note: FiscalNoteRow, change: NoteChange, now: Date): Promise<void> {
  await t
    .update(fiscalNotes)
    .set({ ...change, updatedAt: now })
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
  const session = await sefazSession(ctx, t, note.tenantId, note.environment);
  const { answer, event } = await askSefaz('ao cancelamento', () =>
    sendCancelEvent(t, session, note, justification, now),
  );
  // A refusal throws before anything is written.
  if (!event) throw conflict(cancelRefused(answer.cstat, answer.reason));
  await t.insert(fiscalNoteEvents).values(event);
  await writeNote(t, note, { status: 'cancelada', cancelledAt: now, cancelReason: justification.trim() }, now);
  return noteDetail(ctx.db, tenantId, id, t);
}

/** How to reach SEFAZ for the store now, or why not (no transmission, no emitter, no certificate). */
async function handsFor(
  ctx: AppContext,
  t: DbOrTx,
  note: FiscalNoteRow,
): Promise<SefazHands | { unavailable: string }> {
  try {
    return await sefazSession(ctx, t, note.tenantId, note.environment);
  } catch (error) {
    if (error instanceof AppError) return { unavailable: error.message };
    throw error;
  }
}

/**
 * When a sale is cancelled in Balcão: its live note is resolved (cancelled-sale-note.ts) in the
 * sale's transaction. Whatever happens to the note, the sale's cancel goes on; the answer is
 * what the admin should know about the note (null: nothing, it was cancelled).
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
    .where(and(eq(fiscalNotes.tenantId, tenantId), eq(fiscalNotes.saleId, sale.id), isNull(fiscalNotes.replacedBy)));
  if (!found) return null;
  const note = await loadNote(t, tenantId, found.id, true);
  const justification = saleCancelJustification(sale);
  // Being sent right now (leased to a sender): the queue resolves it once that send ends.
  if (note.claimedBy && note.claimedUntil && note.claimedUntil > now) {
    await writeNote(t, note, { cancelRequestedAt: now, cancelReason: justification }, now);
    return laterBecause(SENDING_NOW);
  }
  const { cancel_window_minutes } = await readFiscalSettings(t, tenantId);
  const resolved = await resolveCancelledSaleNote(t, note, () => handsFor(ctx, t, note), {
    justification,
    windowMinutes: cancel_window_minutes,
    now,
  });
  if (resolved.event) await t.insert(fiscalNoteEvents).values(resolved.event);
  const retry = resolved.later ? { nextAttemptAt: new Date(now.getTime() + DEFAULT_BACKOFF(1)) } : {};
  await writeNote(t, note, { ...resolved.change, ...retry }, now);
  return resolved.notice;
}
