// The store's settings as every area reads them (contract/settings.ts), kept as one JSON
// object on the store's row; reading fills in the defaults of what was never saved.
// Saving them, with what a change does to the products and customers, is access/settings.ts.
import { eq } from 'drizzle-orm';
import { seesCostPrice, StoreSettingsSchema, type StoreSettings } from '../../shared/contract';
import type { Role } from '../../shared/permissions';
import type { DbOrTx } from '../db/client';
import { tenants } from '../db/schema';
import { MESSAGES, notFound } from '../errors';

export async function getStoreSettings(db: DbOrTx, tenantId: string): Promise<StoreSettings> {
  const [row] = await db.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw notFound(MESSAGES.tenantNotFound);
  return StoreSettingsSchema.parse(row.settings);
}

/**
 * Whether the caller receives cost prices and cost figures. Admins always do (no read);
 * cashiers as the store's setting says.
 */
export async function costPriceVisible(db: DbOrTx, caller: { tenantId: string; role: Role }): Promise<boolean> {
  if (caller.role === 'admin') return true;
  return seesCostPrice(caller.role, await getStoreSettings(db, caller.tenantId));
}
