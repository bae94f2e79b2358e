// The dashboard's warning about the store's A1 certificate: from CERTIFICATE_WARNING_DAYS
// before it expires (and once it has), so the owner renews it before notes stop.
import { eq } from 'drizzle-orm';
import { CERTIFICATE_WARNING_DAYS, certificateDaysLeft } from '../../shared/fiscal/a1-validity';
import type { DbOrTx } from '../db/client';
import { fiscalSettings } from '../db/schema';

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
