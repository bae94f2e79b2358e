// The store's settings (Configurações > Sistema): one object per store, every setting with
// its default, so a store saved before a setting existed reads it with its default. Read
// by everyone signed in (the till follows some of them), changed by admins only, one
// setting or several at a time.
import { z } from 'zod/mini';
import type { Role } from '../permissions';
import { PIX_RECEIVER_CITY_MAX_CHARS, PIX_RECEIVER_NAME_MAX_CHARS } from '../pix/br-code';
import { PIX_KEY_MAX_CHARS, PIX_KEY_MESSAGES, PIX_KEY_TYPES, parsePixKey } from '../pix/pix-key';
import { MULTA_MAX_PERCENT } from '../late-charges';
import { TROCA_PERIOD_DEFAULT_DAYS, TROCA_PERIOD_MAX_DAYS } from '../troca-period';
import { envelope } from './common';

export const STOCK_COST_METHODS = ['last', 'average'] as const;
export type StockCostMethod = (typeof STOCK_COST_METHODS)[number];

/** The default of the largest discount a cashier may give, in percent of what is discounted. */
export const CASHIER_MAX_DISCOUNT_DEFAULT = 10;

/** A stored Pix key is in the form the Pix directory holds it (pix-key.ts): '' is no key. */
export function isStoredPixKey(key: string): boolean {
  return (
    key === '' ||
    PIX_KEY_TYPES.some((type) => {
      const parsed = parsePixKey(type, key);
      return parsed.ok && parsed.key === key;
    })
  );
}

const PixKeySetting = z.string({ error: 'Informe a chave Pix' }).check(
  z.trim(),
  z.maxLength(PIX_KEY_MAX_CHARS, { error: PIX_KEY_MESSAGES.email }),
  z.refine(isStoredPixKey, {
    error:
      'Chave Pix inválida: use CPF ou CNPJ só com números, e-mail, celular como +5511987654321 ou a chave aleatória.',
  }),
);
/**
 * Name and city for the BR Code, up to its size (Configurações saves them without accents,
 * as pixReceiverName/pixReceiverCity leave them; the BR Code builder removes any left).
 */
const PixText = (max: number, label: string) =>
  z
    .string({ error: `Informe ${label.toLowerCase()}` })
    .check(z.trim(), z.maxLength(max, { error: `${label}: até ${max} caracteres` }));
/** R$ 5,00 in centavos: a close within it per method needs no reason. */
export const CASH_CLOSE_TOLERANCE_DEFAULT = 500;

/** The widths of receipt paper the till prints on (thermal rolls). */
export const RECEIPT_PAPER_WIDTHS = ['80mm', '58mm'] as const;
export type ReceiptPaperWidth = (typeof RECEIPT_PAPER_WIDTHS)[number];
/** R$ 200,00 in centavos: the largest return a cashier may make without an admin. */
export const CASHIER_MAX_RETURN_DEFAULT = 20_000;

/** A limit in centavos a store sets (a cashier's largest return, a customer's default credit). */
const CentavosLimit = z
  .int({ error: 'Use um número inteiro de centavos' })
  .check(z.gte(0, { error: 'O limite não pode ser negativo' }), z.lte(100_000_000_00, { error: 'Limite alto demais' }));

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
  new_product_markup_percent: z.number({ error: 'Informe um número' }).check(
    z.gte(0, { error: 'A margem não pode ser negativa' }),
    z.lte(10_000, { error: 'Margem alta demais' }),
    z.refine((v) => Number.isInteger(v * 100), { error: 'Use no máximo duas casas decimais' }),
  ),
  /** The store's Pix key for the QR at the till ('' none), as the Pix directory holds it. */
  pix_key: PixKeySetting,
  /** The receiver's name in the BR Code (up to 25, no accents). */
  pix_receiver_name: PixText(PIX_RECEIVER_NAME_MAX_CHARS, 'Nome do recebedor'),
  /** The receiver's city in the BR Code (up to 15, no accents). */
  pix_city: PixText(PIX_RECEIVER_CITY_MAX_CHARS, 'Cidade do recebedor'),
  /** The largest discount a cashier (role user) may give, in percent; admins have none. */
  cashier_max_discount_percent: z
    .number({ error: 'Informe um percentual' })
    .check(
      z.int({ error: 'Use um percentual inteiro' }),
      z.gte(0, { error: 'O percentual não pode ser negativo' }),
      z.lte(100, { error: 'O percentual vai até 100' }),
    ),
  /** centavos: a close whose difference in some method is larger needs a written reason. */
  cash_close_tolerance: z
    .int({ error: 'Use um número inteiro de centavos' })
    .check(
      z.gte(0, { error: 'A tolerância não pode ser negativa' }),
      z.lte(100_000_00, { error: 'Tolerância alta demais' }),
    ),
  /** The width of the till's receipt roll. */
  receipt_paper_width: z.enum(RECEIPT_PAPER_WIDTHS, { error: 'Use 80mm ou 58mm' }),
  /** The till opens the print dialog with the receipt as soon as each sale is finished. */
  receipt_auto_print: z.boolean({ error: 'Use verdadeiro ou falso' }),
  /** centavos: the largest return (value of the goods) a cashier (role user) may make; admins have none. */
  cashier_max_return: CentavosLimit,
  /** centavos of open crediário a customer may owe when their own limit is not set; 0: no limit. */
  credit_limit_default: CentavosLimit,
  /** Multa on a late instalment, in percent, once (the consumer code allows at most 2%). */
  late_fee_percent: z.number({ error: 'Informe um percentual' }).check(
    z.gte(0, { error: 'O percentual não pode ser negativo' }),
    z.lte(MULTA_MAX_PERCENT, { error: `A multa vai até ${MULTA_MAX_PERCENT}% (Código de Defesa do Consumidor)` }),
    z.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, { error: 'Use no máximo duas casas decimais' }),
  ),
  /** Juros de mora on a late instalment, in percent a month, pro rata die. */
  late_interest_monthly_percent: z.number({ error: 'Informe um percentual' }).check(
    z.gte(0, { error: 'O percentual não pode ser negativo' }),
    z.lte(10, { error: 'Os juros de mora vão até 10% ao mês' }),
    z.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, { error: 'Use no máximo duas casas decimais' }),
  ),
  /** Cashiers (role user) may receive instalments at the till. */
  cashiers_receive_installments: z.boolean({ error: 'Use verdadeiro ou falso' }),
  /** Days after a sale a cashier may open it by its number to return or exchange it (troca-period.ts). */
  troca_period_days: z
    .number({ error: 'Informe o número de dias' })
    .check(
      z.int({ error: 'Use um número inteiro de dias' }),
      z.gte(0, { error: 'O prazo não pode ser negativo' }),
      z.lte(TROCA_PERIOD_MAX_DAYS, { error: `O prazo vai até ${TROCA_PERIOD_MAX_DAYS} dias` }),
    ),
  /**
   * Nova Venda starts with the store's built-in 'Consumidor final' chosen (shared/final-consumer.ts).
   * On for a store created since it exists; a store from before turns it on (and so gets the customer).
   */
  final_consumer: z.boolean({ error: 'Use verdadeiro ou falso' }),
};

export const StoreSettingsSchema = z.object({
  cashiers_see_cost_price: z._default(SettingFields.cashiers_see_cost_price, true),
  stock_cost_method: z._default(SettingFields.stock_cost_method, 'average'),
  new_product_markup_percent: z._default(SettingFields.new_product_markup_percent, 100),
  pix_key: z._default(SettingFields.pix_key, ''),
  pix_receiver_name: z._default(SettingFields.pix_receiver_name, ''),
  pix_city: z._default(SettingFields.pix_city, ''),
  cashier_max_discount_percent: z._default(SettingFields.cashier_max_discount_percent, CASHIER_MAX_DISCOUNT_DEFAULT),
  cash_close_tolerance: z._default(SettingFields.cash_close_tolerance, CASH_CLOSE_TOLERANCE_DEFAULT),
  receipt_paper_width: z._default(SettingFields.receipt_paper_width, '80mm'),
  receipt_auto_print: z._default(SettingFields.receipt_auto_print, false),
  cashier_max_return: z._default(SettingFields.cashier_max_return, CASHIER_MAX_RETURN_DEFAULT),
  credit_limit_default: z._default(SettingFields.credit_limit_default, 0),
  late_fee_percent: z._default(SettingFields.late_fee_percent, 0),
  late_interest_monthly_percent: z._default(SettingFields.late_interest_monthly_percent, 0),
  cashiers_receive_installments: z._default(SettingFields.cashiers_receive_installments, false),
  troca_period_days: z._default(SettingFields.troca_period_days, TROCA_PERIOD_DEFAULT_DAYS),
  final_consumer: z._default(SettingFields.final_consumer, false),
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;

/** PUT /api/settings: the settings sent change, the others keep their value. */
export const StoreSettingsUpdateSchema = z.partial(z.object(SettingFields));
export type StoreSettingsUpdate = z.infer<typeof StoreSettingsUpdateSchema>;

export const StoreSettingsResponseSchema = envelope(StoreSettingsSchema);

/** Whether someone of `role` receives cost prices, margins and cost figures. */
export function seesCostPrice(role: Role, settings: StoreSettings): boolean {
  return role === 'admin' || settings.cashiers_see_cost_price;
}
