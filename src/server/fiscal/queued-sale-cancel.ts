// The queue's part in a cancelled sale's note (notes/cancelled-sale-note.ts): a note whose
// sale was cancelled while SEFAZ could not be reached, or while the note was being sent,
// carries cancel_requested_at; the worker claims it like a pending note (or an authorized
// one, when the send under way authorized it) and resolves it here instead of sending it:
// consulted, cancelled within the window, or discarded. SEFAZ is asked outside any
// transaction; what it answered is written in one, while this process still holds the
// lease. Still silent: tried again after the backoff. The replaced note's resolution
// (queued-replaced-note.ts) reaches SEFAZ and writes its answer the same way.
import { and, eq, sql } from 'drizzle-orm';
import { TP_AMB } from '../../shared/contract';
import { fiscalNoteEvents, fiscalNotes, type FiscalNoteRow } from '../db/schema';
import type { EmitterContext } from './emitter-context';
import { resolveCancelledSaleNote, type ReachSefaz, type SaleNoteResolution } from './notes/cancelled-sale-note';
import type { NoteChange } from './notes/consult-note';
import type { SenderDeps } from './note-sender';
import { sefazTimeoutMs } from './sefaz-port';

/** The justification when none was kept (a note asked before its reason was stored). */
const FALLBACK_JUSTIFICATION = 'Venda cancelada no Balcão';

export async function resolveQueuedSaleCancel(deps: SenderDeps, note: FiscalNoteRow): Promise<void> {
  const context = await deps.emitters.get(deps.db, note.tenantId);
  const now = new Date();
  const resolved = await resolveCancelledSaleNote(deps.db, note, reachFor(deps, note, context), {
    justification: note.cancelReason ?? FALLBACK_JUSTIFICATION,
    windowMinutes: context.settings.cancel_window_minutes,
    now,
  });
  await writeQueuedResolution(deps, note, resolved, {}, now);
}

/** How the queue reaches SEFAZ for `note`, or why it cannot (asked only when the resolver needs it). */
export function reachFor(deps: SenderDeps, note: FiscalNoteRow, context: EmitterContext): ReachSefaz {
  const { settings } = context;
  return async () => {
    const uf = settings.emitter?.address.uf;
    if (!context.signer || !context.keyPem || !context.certPem || !settings.emitter || !uf)
      return {
        unavailable: context.problem ?? 'Os dados do emitente não estão preenchidos em Configurações > Fiscal.',
      };
    return {
      port: deps.sefaz,
      signer: context.signer,
      cnpj: settings.emitter.cnpj,
      target: {
        uf,
        environment: TP_AMB[note.environment],
        keyPem: context.keyPem,
        certPem: context.certPem,
        timeoutMs: sefazTimeoutMs(settings, 'queue'),
      },
    };
  };
}

/**
 * Writes what a resolver decided for the leased `note` (and `settled`, when it is done), in
 * one transaction while this process still holds the lease; `later`: asked again after the
 * queue's backoff.
 */
export async function writeQueuedResolution(
  deps: SenderDeps,
  note: FiscalNoteRow,
  resolved: SaleNoteResolution,
  settled: NoteChange,
  now: Date,
): Promise<void> {
  const attempts = note.attempts + 1;
  await deps.db.transaction(async (tx) => {
    const [held] = await tx
      .update(fiscalNotes)
      .set({
        ...resolved.change,
        ...(resolved.later
          ? { attempts, nextAttemptAt: sql`now() + ${`${deps.backoff(attempts)} milliseconds`}::interval` }
          : settled),
        claimedBy: null,
        claimedUntil: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(fiscalNotes.tenantId, note.tenantId),
          eq(fiscalNotes.id, note.id),
          eq(fiscalNotes.claimedBy, deps.instanceId),
        ),
      )
      .returning({ id: fiscalNotes.id });
    // A lease lost meanwhile: the next holder consults SEFAZ again and finds the cancel there.
    if (held && resolved.event) await tx.insert(fiscalNoteEvents).values(resolved.event);
  });
}
