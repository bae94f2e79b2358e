// The dashboard's fiscal alerts for admins: the store's A1 certificate from
// CERTIFICATE_WARNING_DAYS before it expires (and once it has), so the owner renews it before
// notes stop; and the NFC-e SEFAZ rejected, until they are sent again corrected or their
// numbers voided (the till tells the cashier 'o administrador foi avisado': this is how).
import { and, count, eq } from 'drizzle-orm';
import { CERTIFICATE_WARNING_DAYS, certificateDaysLeft } from '../../shared/fiscal/a1-validity';
import type { DbOrTx } from '../db/client';
import { fiscalNotes, fiscalSettings } from '../db/schema';

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

/** How many of the store's notes are rejeitada (any environment): each one is the admin's to fix. */
export async function rejectedNoteCount(db: DbOrTx, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fiscalNotes)
    .where(and(eq(fiscalNotes.tenantId, tenantId), eq(fiscalNotes.status, 'rejeitada')));
  return row?.n ?? 0;
}
