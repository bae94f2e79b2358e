// What the device reads of the server's answer to a new sale (POST /api/sales, or its part
// of a batch), checked against the contract's own schema: the count of stock conflicts, the
// stock right after the sale and the number the server gave it. An answer it cannot read
// changes nothing here (the mirror's next pull brings the stock).
import { envelope } from '../../shared/contract/common';
import { SaleCreateResultSchema, type StockAfter } from '../../shared/contract/sales';

const SaleAckSchema = envelope(
  SaleCreateResultSchema.pick({ stock_conflicts: true, stock_after: true }).extend({
    number: SaleCreateResultSchema.shape.number.optional(),
  }),
);

export function saleAckOf(body: unknown): { conflicts: number; stockAfter: StockAfter[]; number?: string } {
  const parsed = SaleAckSchema.safeParse(body);
  if (!parsed.success) return { conflicts: 0, stockAfter: [] };
  const { stock_conflicts, stock_after, number } = parsed.data.data;
  return { conflicts: stock_conflicts.length, stockAfter: stock_after ?? [], ...(number ? { number } : {}) };
}
