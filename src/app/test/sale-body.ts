// A sale's body in the contract's typed form (centavos), built from the local record a test
// already has, for tests that finish or queue a sale: valid, so it encodes to the wire
// (reais) as the outbox row is written.
import type { SaleCreate } from '../../shared/contract/sales';
import type { LocalSale } from '../offline/db';

/** The customer a test's sale is for when its record names none. */
export const SALE_BODY_CUSTOMER = '00000000-0000-4000-8000-0000000000c9';
/** The product a sale without lines of its own sells one unit of (the contract wants a line). */
const SALE_BODY_PRODUCT = '00000000-0000-4000-8000-0000000000f9';

export function saleBody(sale: Omit<LocalSale, 'state' | 'conflicts'>, extra: Partial<SaleCreate> = {}): SaleCreate {
  const items = sale.items.map((item) => ({
    product_id: item.product_id,
    quantity: item.quantity,
    unit_price: item.unit_price_centavos,
  }));
  return {
    id: sale.id,
    customer_id: sale.customerId ?? SALE_BODY_CUSTOMER,
    items: items.length > 0 ? items : [{ product_id: SALE_BODY_PRODUCT, quantity: 1, unit_price: sale.totalCentavos }],
    payment_method: 'cash',
    payment_status: 'pending',
    sale_status: 'completed',
    offline: true,
    ...extra,
  };
}
