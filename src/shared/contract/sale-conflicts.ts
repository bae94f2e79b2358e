// What admins review about sales the server recorded but did not believe: a stock shortfall of an offline sale, a
// price the product did not have, a device clock the server did not believe, money booked
// from the outbox into a caixa not its own (another person's or another device's). One entry
// per kind per sale; each can be marked as reviewed (GET /api/sale-conflicts,
// POST /api/sale-conflicts/:id/review; permission sales.conflicts, admins only).
import { z } from 'zod/mini';
import { Id, Money, PageQuery, PaginationSchema, Timestamp, envelope, optionalFilter } from './common';
import { PriceConflictSchema, StockConflictSchema } from './sales';

export const SALE_CONFLICT_KINDS = [
  'stock',
  'price',
  'clock',
  'discount',
  'return_limit',
  'store_credit',
  'credit',
  'store_credit_payout',
  'cash_session',
  'return_period',
  'cancel_reason',
] as const;
export const SaleConflictKindSchema = z.enum(SALE_CONFLICT_KINDS);
export type SaleConflictKind = z.infer<typeof SaleConflictKindSchema>;

export const SALE_CONFLICT_KIND_LABELS: Record<SaleConflictKind, string> = {
  stock: 'Estoque insuficiente',
  price: 'Preço diferente',
  clock: 'Relógio do dispositivo',
  discount: 'Desconto acima do limite',
  return_limit: 'Devolução acima do limite',
  store_credit: 'Vale-troca acima do saldo',
  credit: 'Limite de crédito excedido',
  store_credit_payout: 'Vale-troca devolvido acima do saldo',
  cash_session: 'Caixa de outra pessoa ou de outro aparelho',
  return_period: 'Devolução fora do prazo de troca',
  cancel_reason: 'Cancelamento sem motivo',
};

export const SaleConflictSchema = z.object({
  id: Id,
  kind: SaleConflictKindSchema,
  sale_id: Id,
  sale_total: Money,
  sale_status: z.enum(['completed', 'cancelled']),
  customer_name: z.string(),
  /** The user who made the sale (null: unknown or removed). */
  sold_by: z.nullable(z.string()),
  device_id: z.nullable(Id),
  device_label: z.nullable(z.string()),
  offline: z.boolean(),
  sold_at: Timestamp,
  received_at: Timestamp,
  /** kind 'clock': the time the device claimed. */
  claimed_sold_at: z.nullable(Timestamp),
  /** kind 'stock': what was asked and what the server had. */
  stock: z.array(StockConflictSchema),
  /** kind 'price': the prices sold and the product's price at receipt. */
  price: z.array(PriceConflictSchema),
  created_at: Timestamp,
  reviewed_at: z.nullable(Timestamp),
  reviewed_by: z.nullable(z.string()),
});
export type SaleConflict = z.infer<typeof SaleConflictSchema>;

export const SaleConflictListQuerySchema = z.object({
  ...PageQuery,
  /** open (default): not reviewed yet */
  status: optionalFilter(z.enum(['open', 'reviewed'])),
});
export type SaleConflictListQuery = z.infer<typeof SaleConflictListQuerySchema>;

export const SaleConflictListSchema = z.object({
  conflicts: z.array(SaleConflictSchema),
  pagination: PaginationSchema,
  /** How many are not reviewed yet (whatever the filter). */
  open_count: z.int(),
});
export const SaleConflictListResponseSchema = envelope(SaleConflictListSchema);
export const SaleConflictResponseSchema = envelope(SaleConflictSchema);
