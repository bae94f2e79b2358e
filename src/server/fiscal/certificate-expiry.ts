// The dashboard's warning about the store's A1 certificate: from CERTIFICATE_WARNING_DAYS
// before it expires (and once it has), so the owner renews it before notes stop.
import { eq } from 'drizzle-orm';
import { CERTIFICATE_WARNING_DAYS } from '../../shared/contract/fiscal-settings';
import type { DbOrTx } from '../db/client';
import { fiscalSettings } from '../db/schema';

const DAY_MS = 86_400_000;

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
  const daysLeft = Math.floor((row.notAfter.getTime() - now.getTime()) / DAY_MS);
  return daysLeft <= CERTIFICATE_WARNING_DAYS ? { not_after: row.notAfter.toISOString(), days_left: daysLeft } : null;
}
