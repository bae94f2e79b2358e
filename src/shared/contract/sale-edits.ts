// An admin's changes to a recorded sale (spec §7): its customer, method, status and notes,
// and its lines added, changed or removed (the stock follows them).
import { z } from 'zod';
import { Id, LineQuantity, Money, PlainText } from './common';
import { PaymentMethodSchema, SALE_PAYMENT_STATUSES } from './sales';

export const SaleUpdateSchema = z.object({
  customer_id: Id.optional(),
  payment_method: PaymentMethodSchema.optional(),
  payment_status: z.enum(SALE_PAYMENT_STATUSES).optional(),
  notes: PlainText({ multiline: true }).max(500).nullable().optional(),
});
export type SaleUpdate = z.infer<typeof SaleUpdateSchema>;

export const SaleItemAddSchema = z.object({
  sale_id: Id,
  product_id: Id,
  quantity: LineQuantity,
  /** Defaults to the product's sale price. */
  unit_price: Money.optional(),
});
export type SaleItemAdd = z.infer<typeof SaleItemAddSchema>;

export const SaleItemUpdateSchema = z.object({
  quantity: LineQuantity,
  unit_price: Money.optional(),
});
export type SaleItemUpdate = z.infer<typeof SaleItemUpdateSchema>;

export const SaleItemParams = z.object({ saleId: Id, itemId: Id });
export const ItemIdParams = z.object({ itemId: Id });
