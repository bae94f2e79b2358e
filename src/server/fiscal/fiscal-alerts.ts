// The dashboard's fiscal alerts for admins: the store's A1 certificate from
// CERTIFICATE_WARNING_DAYS before it expires (and once it has), so the owner renews it before
// notes stop; and the NFC-e SEFAZ rejected, until they are sent again corrected or their
// numbers voided (the till tells the cashier 'o administrador foi avisado': this is how);
// and the notes issued in offline contingency still waiting for SEFAZ, with the deadline of
// the oldest (contingency-deadline.ts); and the notes in doubt replaced by a till's
// contingency note that the queue could not end (two valid notes for one sale).
import { and, count, eq, inArray, isNotNull, isNull, min, sql } from 'drizzle-orm';
import { CERTIFICATE_WARNING_DAYS, certificateDaysLeft } from '../../shared/fiscal/a1-validity';
import { contingencyDeadline, hoursLeft } from '../../shared/fiscal/contingency-deadline';
import type { DbOrTx } from '../db/client';
import { fiscalNotes, fiscalSettings } from '../db/schema';
import { readFiscalSettings } from './fiscal-settings';

export async function certificateExpiryAlert(
  db: DbOrTx,
  tenantId: string,
  now = new Date(),
): Promise<{ not_after: string; days_left: number } | null> {
  const [row] = await db
    .select({ notAfter: fiscalSettings.certificateNotAfter })
    .from(fiscalSettings)
    .where(eq(fiscalSettings.tenantId, tenantId));
  if (!row?.notAfter) return null;
  const daysLeft = certificateDaysLeft(row.notAfter, now);
  return daysLeft <= CERTIFICATE_WARNING_DAYS ? { not_after: row.notAfter.toISOString(), days_left: daysLeft } : null;
}

/**
 * How many of the store's notes are rejeitada (any environment): each one is the admin's to
 * fix. A note replaced by its till's contingency note is not: the queue discards it.
 */
export async function rejectedNoteCount(db: DbOrTx, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fiscalNotes)
    .where(
      and(eq(fiscalNotes.tenantId, tenantId), eq(fiscalNotes.status, 'rejeitada'), isNull(fiscalNotes.replacedBy)),
    );
  return row?.n ?? 0;
}

/**
 * How many replaced notes (the note in doubt, replaced by the till's contingency note) the
 * queue could not end and need the admin: still valid beside their replacement (past the
 * 168 hours of the cancel by substitution, or the cancel refused), or an unexpected answer.
 */
export async function replacedNoteCount(db: DbOrTx, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fiscalNotes)
    .where(
      and(
        eq(fiscalNotes.tenantId, tenantId),
        isNotNull(fiscalNotes.replacedBy),
        isNotNull(fiscalNotes.replacementNotice),
        inArray(fiscalNotes.status, ['autorizada', 'rejeitada']),
      ),
    );
  return row?.n ?? 0;
}

/** The access key's tpEmis (its 35th character): 9 for a note issued in offline contingency. */
const inContingency = sql`substring(${fiscalNotes.key} from 35 for 1) = '9'`;

/**
 * The store's contingency notes not yet authorized (pendente), and the deadline of the
 * oldest: when it must have reached SEFAZ, and the whole hours left (negative: past it).
 */
export async function contingencyNotesAlert(
  db: DbOrTx,
  tenantId: string,
  now = new Date(),
): Promise<{ count: number; deadline: string; hours_left: number } | null> {
  const [row] = await db
    .select({ n: count(), oldest: min(fiscalNotes.issuedAt) })
    .from(fiscalNotes)
    .where(and(eq(fiscalNotes.tenantId, tenantId), eq(fiscalNotes.status, 'pendente'), inContingency));
  if (!row?.n || !row.oldest) return null;
  const { contingency_deadline_hours } = await readFiscalSettings(db, tenantId);
  const deadline = contingencyDeadline(row.oldest, contingency_deadline_hours);
  return { count: row.n, deadline: deadline.toISOString(), hours_left: hoursLeft(deadline, now) };
}
