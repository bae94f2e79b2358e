// Saving the store's settings (contract/settings.ts; every area reads them through
// core/store-settings.ts): an update merges only the settings it names, so settings a
// newer version saved survive an older one's update.
import { eq, sql } from 'drizzle-orm';
import { StoreSettingsSchema, type StoreSettings, type StoreSettingsUpdate } from '../../shared/contract';
import { inTransaction, type DbOrTx } from '../db/client';
import { tenants } from '../db/schema';
import { MESSAGES, notFound } from '../errors';
import { resendProducts } from '../catalogue/products';
import { ensureFinalConsumer } from '../catalogue/customers';

/**
 * Saves the settings sent. When what cashiers may see of a product changes, every product
 * is sent to the devices again (resendProducts), so a till's mirror drops the cost prices
 * it held, or gets them, on its next pull.
 */
export async function updateStoreSettings(
  db: DbOrTx,
  tenantId: string,
  input: StoreSettingsUpdate,
  tx?: DbOrTx,
): Promise<StoreSettings> {
  return inTransaction(db, tx, async (t) => {
    // Locks the store's row: two updates at once see each other's settings.
    const [before] = await t
      .select({ settings: tenants.settings })
      .from(tenants)
      .where(eq(tenants.id, tenantId))
      .for('update');
    if (!before) throw notFound(MESSAGES.tenantNotFound);
    const [row] = await t
      .update(tenants)
      .set({ settings: sql`${tenants.settings} || ${JSON.stringify(input)}::jsonb`, updatedAt: new Date() })
      .where(eq(tenants.id, tenantId))
      .returning({ settings: tenants.settings });
    const was = StoreSettingsSchema.parse(before.settings);
    const now = StoreSettingsSchema.parse(row!.settings);
    if (was.cashiers_see_cost_price !== now.cashiers_see_cost_price) await resendProducts(t, tenantId);
    // The till starts each sale with the store's 'Consumidor final': it must exist (and reach the devices).
    if (now.final_consumer) await ensureFinalConsumer(t, tenantId);
    return now;
  });
}
