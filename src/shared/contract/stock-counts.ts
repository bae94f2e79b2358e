// Inventário (stock count), admins only. An admin opens a count (every product, or those a
// search finds), types or scans what is on the shelf, and finishes it: one 'count' stock
// movement per product whose count differs. Each counted line keeps the stock the system
// had at the moment it was counted, and finishing moves the stock by counted minus that,
// so a sale made while the count is open is never counted away.
import { z } from 'zod/mini';
import { envelope, Id, Money, pageOf, PageQuery, SearchQuery, SignedMoney, Timestamp } from './common';

export const STOCK_COUNT_STATUSES = ['open', 'confirmed', 'cancelled'] as const;
export type StockCountStatus = (typeof STOCK_COUNT_STATUSES)[number];

/** The reason on every movement a finished count writes. */
export const STOCK_COUNT_REASON = 'Inventário';
/** The reason on a sale's movement that a count had already taken off (made before it was counted, delivered after). */
export const SALE_ALREADY_COUNTED_REASON = 'Venda anterior à contagem do inventário: já descontada';
export const STOCK_COUNT_OPEN_ALREADY = 'Já há um inventário aberto. Finalize ou cancele esse antes de começar outro.';
export const STOCK_COUNT_NOT_OPEN = 'Este inventário já foi finalizado ou cancelado.';
export const STOCK_COUNT_OUTSIDE =
  'Este produto não faz parte deste inventário (veja o filtro com que ele foi aberto).';
export const COUNTED_MAX = 1_000_000;

export const StockCountCreateSchema = z.object({
  /** Only the products whose name, SKU or barcode contain it; absent or empty: every product. */
  search: SearchQuery,
});
export type StockCountCreate = z.infer<typeof StockCountCreateSchema>;

/** What a count comes to so far (or came to): counted lines and their differences. */
export const StockCountTotalsSchema = z.object({
  /** products the count covers (those its filter finds) */
  products: z.int(),
  counted: z.int(),
  /** counted products whose count differs from the stock when counted */
  differing: z.int(),
  /** signed units: the sum of counted - stock when counted */
  difference_units: z.int(),
  /** the same at each product's cost price (signed, reais at the edge) */
  difference_value: SignedMoney,
});
export type StockCountTotals = z.infer<typeof StockCountTotalsSchema>;

export const StockCountSchema = z.object({
  id: Id,
  status: z.enum(STOCK_COUNT_STATUSES),
  search: z.nullable(z.string()),
  created_by_name: z.nullable(z.string()),
  created_at: Timestamp,
  closed_at: z.nullable(Timestamp),
  totals: StockCountTotalsSchema,
});
export type StockCount = z.infer<typeof StockCountSchema>;
export const StockCountResponseSchema = envelope(StockCountSchema);

export const StockCountListQuerySchema = z.object({ ...PageQuery });
export type StockCountListQuery = z.infer<typeof StockCountListQuerySchema>;
export const StockCountListSchema = pageOf('counts', StockCountSchema);
export const StockCountListResponseSchema = envelope(StockCountListSchema);

export const StockCountLinesQuerySchema = z.object({ ...PageQuery, search: SearchQuery });
export type StockCountLinesQuery = z.infer<typeof StockCountLinesQuerySchema>;

export const StockCountLineSchema = z.object({
  product_id: Id,
  sku: z.string(),
  name: z.string(),
  size: z.string(),
  color: z.string(),
  barcode: z.nullable(z.string()),
  /** the stock now */
  current_stock: z.int(),
  cost_price: Money,
  /** null: not counted yet (finishing leaves its stock as it is) */
  counted: z.nullable(z.int()),
  stock_when_counted: z.nullable(z.int()),
  counted_at: z.nullable(Timestamp),
  /** counted - stock when counted; null when not counted */
  difference: z.nullable(z.int()),
});
export type StockCountLine = z.infer<typeof StockCountLineSchema>;
export const StockCountLinesSchema = pageOf('lines', StockCountLineSchema);
export const StockCountLinesResponseSchema = envelope(StockCountLinesSchema);

export const StockCountLineParams = z.object({ id: Id, productId: Id });
export const StockCountLineUpdateSchema = z.object({
  counted: z
    .int({ error: 'Digite a quantidade contada em unidades inteiras' })
    .check(
      z.gte(0, { error: 'A quantidade contada não pode ser negativa' }),
      z.lte(COUNTED_MAX, { error: `No máximo ${COUNTED_MAX} unidades` }),
    ),
  /**
   * When it was counted, by the device's clock (a count typed offline and sent later);
   * believed within the sale's clock window, else the moment it arrives. Absent: now.
   */
  counted_at: z.optional(Timestamp),
});
export type StockCountLineUpdate = z.infer<typeof StockCountLineUpdateSchema>;
export const StockCountLineResponseSchema = envelope(StockCountLineSchema);
