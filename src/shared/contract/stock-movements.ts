// A product's stock movements (GET /api/products/{id}/stock-movements): every change of
// its stock with why, how much (signed), the stock after, who, when and the document.
import { z } from 'zod/mini';
import { Id, PageQuery, PaginationSchema, Timestamp, envelope } from './common';

export const STOCK_MOVEMENT_KINDS = [
  'sale',
  'sale_cancelled',
  'sale_edit',
  'return',
  'nfe_entry',
  'adjustment',
  'count',
  'import',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** How 'Movimentação de Estoque' names each kind. */
export const STOCK_MOVEMENT_LABELS: Record<StockMovementKind, string> = {
  sale: 'Venda',
  sale_cancelled: 'Venda cancelada',
  sale_edit: 'Venda alterada',
  return: 'Devolução',
  nfe_entry: 'Entrada (NF-e)',
  adjustment: 'Ajuste manual',
  count: 'Inventário',
  import: 'Importação de planilha',
};

export const StockMovementSchema = z.object({
  id: Id,
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** signed: into stock (positive) or out of it (negative) */
  quantity: z.int(),
  stock_after: z.int(),
  reason: z.nullable(z.string()),
  user_id: z.nullable(Id),
  /** who, as the store's users list names them (null: no one, or a user since removed) */
  user_name: z.nullable(z.string()),
  sale_id: z.nullable(Id),
  entry_id: z.nullable(Id),
  count_id: z.nullable(Id),
  created_at: Timestamp,
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

export const StockMovementListQuerySchema = z.object({ ...PageQuery });
export type StockMovementListQuery = z.infer<typeof StockMovementListQuerySchema>;

export const StockMovementListSchema = z.object({
  movements: z.array(StockMovementSchema),
  pagination: PaginationSchema,
});
export type StockMovementList = z.infer<typeof StockMovementListSchema>;
export const StockMovementListResponseSchema = envelope(StockMovementListSchema);
