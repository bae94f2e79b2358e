import type { Product } from '../../../shared/contract';

/** Local search of spec §2: name or SKU contains the text, case-insensitive. */
export function filterProducts(products: readonly Product[], search: string): Product[] {
  const needle = search.trim().toLocaleLowerCase('pt-BR');
  if (!needle) return [...products];
  return products.filter(
    (p) => p.name.toLocaleLowerCase('pt-BR').includes(needle) || p.sku.toLocaleLowerCase('pt-BR').includes(needle),
  );
}

export function isLowStock(product: Pick<Product, 'current_stock' | 'minimum_stock'>): boolean {
  return product.current_stock < product.minimum_stock;
}
