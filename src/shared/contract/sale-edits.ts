// An admin's changes to a recorded sale (spec §7): its customer, method, status and notes,
// and its lines added, changed or removed (the stock follows them).
import { z } from 'zod/mini';
import { Id, PlainText } from './common';
import { PaymentMethodSchema, SALE_PAYMENT_STATUSES, SaleItemInputSchema } from './sales';

export const SaleUpdateSchema = z.object({
  customer_id: z.optional(Id),
  payment_method: z.optional(PaymentMethodSchema),
  payment_status: z.optional(z.enum(SALE_PAYMENT_STATUSES)),
  notes: z.optional(z.nullable(PlainText({ multiline: true }).check(z.maxLength(500)))),
});
export type SaleUpdate = z.infer<typeof SaleUpdateSchema>;

/** A line's new units and price (absent: the line keeps its price), the checks of a sale's line. */
export const SaleItemUpdateSchema = z.extend(z.pick(SaleItemInputSchema, { quantity: true }), {
  unit_price: z.optional(SaleItemInputSchema.shape.unit_price),
});
export type SaleItemUpdate = z.infer<typeof SaleItemUpdateSchema>;

/** A line added to a recorded sale (absent price: the product's sale price). */
export const SaleItemAddSchema = z.extend(SaleItemUpdateSchema, {
  sale_id: Id,
  product_id: SaleItemInputSchema.shape.product_id,
});
export type SaleItemAdd = z.infer<typeof SaleItemAddSchema>;

export const SaleItemParams = z.object({ saleId: Id, itemId: Id });
export const ItemIdParams = z.object({ itemId: Id });
