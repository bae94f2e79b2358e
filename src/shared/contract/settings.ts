// The store's settings (Configurações > Sistema): one object per store, every setting with
// its default, so a store saved before a setting existed reads it with its default. Read
// by everyone signed in (the till follows some of them), changed by admins only, one
// setting or several at a time.
import { z } from 'zod';
import type { Role } from '../permissions';
import { envelope } from './common';

/** Each setting as it may be sent (no default: an update changes only what it names). */
const SettingFields = {
  /** Cashiers (role user) receive products' cost prices (and any cost or margin figure). */
  cashiers_see_cost_price: z.boolean({ error: 'Use verdadeiro ou falso' }),
};

export const StoreSettingsSchema = z.object({
  cashiers_see_cost_price: SettingFields.cashiers_see_cost_price.default(true),
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;

/** PUT /api/settings: the settings sent change, the others keep their value. */
export const StoreSettingsUpdateSchema = z.object(SettingFields).partial();
export type StoreSettingsUpdate = z.infer<typeof StoreSettingsUpdateSchema>;

export const StoreSettingsResponseSchema = envelope(StoreSettingsSchema);

/** Whether someone of `role` receives cost prices, margins and cost figures. */
export function seesCostPrice(role: Role, settings: StoreSettings): boolean {
  return role === 'admin' || settings.cashiers_see_cost_price;
}
