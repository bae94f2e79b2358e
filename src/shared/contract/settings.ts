// The store's settings (Configurações > Sistema): one object per store, every setting with
// its default, so a store saved before a setting existed reads it with its default. Read
// by everyone signed in (the till follows some of them), changed by admins only, one
// setting or several at a time.
import { z } from 'zod';
import type { Role } from '../permissions';
import { envelope } from './common';

export const STOCK_COST_METHODS = ['last', 'average'] as const;
export type StockCostMethod = (typeof STOCK_COST_METHODS)[number];

/** Each setting as it may be sent (no default: an update changes only what it names). */
const SettingFields = {
  /** Cashiers (role user) receive products' cost prices (and any cost or margin figure). */
  cashiers_see_cost_price: z.boolean({ error: 'Use verdadeiro ou falso' }),
  /**
   * A product's cost price after goods come in (an NF-e entry): 'last' the cost of what came
   * in; 'average' the weighted average of the stock on hand and what came in.
   */
  stock_cost_method: z.enum(STOCK_COST_METHODS, { error: 'Use "last" ou "average"' }),
  /** The sale price proposed for a product created from an NF-e line: its unit cost plus this markup (%). */
  new_product_markup_percent: z
    .number({ error: 'Informe um número' })
    .min(0, { error: 'A margem não pode ser negativa' })
    .max(10_000, { error: 'Margem alta demais' })
    .refine((v) => Number.isInteger(v * 100), { error: 'Use no máximo duas casas decimais' }),
};

export const StoreSettingsSchema = z.object({
  cashiers_see_cost_price: SettingFields.cashiers_see_cost_price.default(true),
  stock_cost_method: SettingFields.stock_cost_method.default('average'),
  new_product_markup_percent: SettingFields.new_product_markup_percent.default(100),
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
