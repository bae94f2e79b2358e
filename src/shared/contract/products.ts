import { z } from 'zod/mini';
import {
  envelope,
  Id,
  Money,
  optionalFilter,
  OptionalText,
  pageOf,
  PageQuery,
  PlainText,
  Quantity,
  QueryBoolean,
  RecordStamps,
  RequiredText,
  SearchQuery,
} from './common';
import { parseGtin } from '../gtin';
import { ProductFiscalFields, ProductFiscalOut } from './product-fiscal';

export const ProductSchema = z.object({
  id: Id,
  sku: z.string(),
  name: z.string(),
  size: z.string(),
  color: z.string(),
  /** GTIN (8, 12, 13 or 14 digits, as typed); null: none. Absent from a device's mirror row written before it existed. */
  barcode: z._default(z.nullable(z.string()), null),
  /** May go below zero when an offline sale outran the stock (a recorded conflict). */
  current_stock: Quantity,
  minimum_stock: Quantity,
  /** Absent for a cashier when the store hides cost prices from cashiers (contract/settings.ts). */
  cost_price: z.optional(Money),
  sale_price: Money,
  active: z.boolean(),
  ...ProductFiscalOut,
  ...RecordStamps,
});
export type Product = z.infer<typeof ProductSchema>;

const ShortText = (label: string) =>
  PlainText().check(z.trim(), z.maxLength(60, { error: `${label}: máximo de 60 caracteres` }));

/**
 * A barcode as typed or scanned: spaces, dots and hyphens dropped; empty or 'SEM GTIN' is
 * none (null); anything else a GTIN-8/12/13/14 with a valid check digit (src/shared/gtin.ts),
 * refused with a message that names the field.
 */
export const Barcode = z.codec(
  z.nullish(PlainText().check(z.maxLength(40, { error: 'Código de barras: máximo de 40 caracteres' }))).check(
    z.superRefine((raw, ctx) => {
      const parsed = parseGtin(raw);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    }),
  ),
  z.nullable(z.string()),
  {
    decode: (raw) => {
      const parsed = parseGtin(raw);
      return parsed.ok ? parsed.gtin : null;
    },
    encode: (gtin) => gtin,
  },
);

/** The writable fields, without defaults (an update must not reset what it omits). */
const ProductFields = {
  sku: RequiredText('SKU', 60),
  name: RequiredText('Nome do produto', 200),
  size: ShortText('Tamanho'),
  color: ShortText('Cor'),
  barcode: Barcode,
  current_stock: Quantity.check(z.gte(0, { error: 'O estoque não pode ser negativo' })),
  minimum_stock: Quantity.check(z.gte(0, { error: 'O estoque mínimo não pode ser negativo' })),
  cost_price: Money,
  sale_price: Money,
  active: z.boolean(),
  ...ProductFiscalFields,
};

export const ProductCreateSchema = z.object({
  ...ProductFields,
  size: z._default(ProductFields.size, ''),
  color: z._default(ProductFields.color, ''),
  barcode: z._default(ProductFields.barcode, null),
  current_stock: z._default(ProductFields.current_stock, 0),
  minimum_stock: z._default(ProductFields.minimum_stock, 0),
  cost_price: z._default(ProductFields.cost_price, 0),
  sale_price: z._default(ProductFields.sale_price, 0),
  active: z._default(ProductFields.active, true),
  origin: z._default(ProductFields.origin, null),
  unit: z._default(ProductFields.unit, 'UN'),
});
export type ProductCreate = z.infer<typeof ProductCreateSchema>;

/** Why the stock was changed by hand: required when an update changes current_stock. */
export const STOCK_REASON_REQUIRED = 'Informe o motivo do ajuste de estoque';

/** Partial update: only the fields sent change (no defaults applied). */
export const ProductUpdateSchema = z.partial(
  z.object({
    ...ProductFields,
    /** The adjustment's reason, when current_stock changes (a stock movement records it). */
    stock_reason: OptionalText(200),
  }),
);
export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;

export const ProductListQuerySchema = z.object({
  ...PageQuery,
  /** name, SKU or barcode contains, case-insensitive */
  search: SearchQuery,
  active: optionalFilter(QueryBoolean),
  /** only products whose current stock is below their minimum */
  low_stock: optionalFilter(QueryBoolean),
  /** only products a note cannot carry yet: no NCM */
  without_ncm: optionalFilter(QueryBoolean),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const ProductListSchema = pageOf('products', ProductSchema);
export const ProductListResponseSchema = envelope(ProductListSchema);
export const ProductResponseSchema = envelope(ProductSchema);
