// What the till knows of its contingency without the NFC-e builder (which loads only when a
// note is made: contingency-sale.ts): whether it could issue one, when it went into
// contingency, and the notes it issued that wait to be sent. Light, for Nova Venda's first load.
import type { FiscalTillView } from '../../shared/contract/fiscal-till';
import type { BalcaoDb } from '../offline/db';
import { firstPendingOutboxRowOf, pendingOutboxCountOf } from '../offline/outbox';
import { CONTINGENCY_NOTES_RESOURCE } from './outbox-resources';

/** Whether this till could issue a note in contingency: the store emits and the till has a series. */
export const emitsAtTill = (view: FiscalTillView | null | undefined): view is FiscalTillView & { series: number } =>
  !!view?.emission_enabled && view.series !== null && view.note_issuer !== null;

/** When this till went into contingency: its oldest note still queued, else `now`. */
export async function contingencySince(db: BalcaoDb, now: Date): Promise<Date> {
  const oldest = await firstPendingOutboxRowOf(db, CONTINGENCY_NOTES_RESOURCE);
  return oldest ? new Date(oldest.createdAt) : now;
}

/**
 * The notes this till issued in contingency that wait to be sent (a refused one is the admin's,
 * in Notas Fiscais, and the sync panel's): how many, the oldest's issue. Counted, and only the oldest read (notes are queued as issued):
 * Nova Venda asks again after every write, and each queued note holds its signed XML.
 */
export async function queuedContingencyNotes(db: BalcaoDb): Promise<{ count: number; oldestIssuedAt: string } | null> {
  const count = await pendingOutboxCountOf(db, CONTINGENCY_NOTES_RESOURCE);
  const oldest = count > 0 ? await firstPendingOutboxRowOf(db, CONTINGENCY_NOTES_RESOURCE) : undefined;
  const issuedAt = (oldest?.body as { issued_at?: unknown } | undefined)?.issued_at;
  return typeof issuedAt === 'string' ? { count, oldestIssuedAt: issuedAt } : null;
}
