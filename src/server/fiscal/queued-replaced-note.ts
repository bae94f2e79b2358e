// The queue's part in the note in doubt (notes/replaced-note.ts): a note the server sent for
// a sale without an answer, replaced by the contingency note the till issued for that sale
// (replaced_by, written when the till's note arrives: contingency-notes.ts), is never sent
// again. The worker claims it like a pending note (or an authorized or rejected one not yet
// resolved) and resolves it here: consulted, cancelled by substitution once its replacement
// is authorized, or discarded for the inutilização. SEFAZ is asked outside any transaction;
// the answer is written in one while this process still holds the lease (queued-sale-cancel.ts).
// `later` (SEFAZ silent, the replacement not authorized yet): asked again after the backoff.
// Once resolved, what the admin must know stays in replacement_notice, and the queue is done
// with the note.
import { and, eq } from 'drizzle-orm';
import { fiscalNotes, type FiscalNoteRow } from '../db/schema';
import { resolveReplacedNote } from './notes/replaced-note';
import type { SenderDeps } from './note-sender';
import { reachFor, writeQueuedResolution } from './queued-sale-cancel';

/** A replaced note the queue still has to resolve (the claim's condition, in the row). */
export const replacementUnsettled = (note: Pick<FiscalNoteRow, 'replacedBy' | 'replacementNotice' | 'status'>) =>
  note.replacedBy !== null &&
  note.replacementNotice === null &&
  (note.status === 'pendente' || note.status === 'autorizada' || note.status === 'rejeitada');

export async function resolveQueuedReplacedNote(deps: SenderDeps, note: FiscalNoteRow): Promise<void> {
  const [replacement] = await deps.db
    .select({
      key: fiscalNotes.key,
      number: fiscalNotes.number,
      series: fiscalNotes.series,
      status: fiscalNotes.status,
    }) // prettier-ignore
    .from(fiscalNotes)
    .where(and(eq(fiscalNotes.tenantId, note.tenantId), eq(fiscalNotes.id, note.replacedBy!)));
  if (!replacement) throw new Error('A nota que substituiu esta não foi encontrada.');
  const context = await deps.emitters.get(deps.db, note.tenantId);
  const now = new Date();
  const resolved = await resolveReplacedNote(deps.db, note, replacement, reachFor(deps, note, context), now);
  // Done with it: what the admin must know, if anything; a cancel asked for its sale is moot.
  const settled = { replacementNotice: resolved.notice, cancelRequestedAt: null };
  await writeQueuedResolution(deps, note, resolved, settled, now);
}
