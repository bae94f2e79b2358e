// Rows of the device's product mirror for the offline tests: product n, with what a test
// needs to differ.
import type { MirrorProduct } from '../offline/db';

export function mirrorProduct(n: number, overrides: Partial<MirrorProduct> = {}): MirrorProduct {
  return {
    id: `p-${n}`,
    sku: `S-${n}`,
    name: `Produto ${n}`,
    size: '',
    color: '',
    current_stock: 5,
    minimum_stock: 0,
    cost_price: 1,
    sale_price: 2,
    active: true,
    version: n,
    ...overrides,
  };
}
