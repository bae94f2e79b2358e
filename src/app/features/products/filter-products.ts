// What Produtos shows of the catalogue: the search (name, SKU or barcode) and the 'Filtrar' panel's
// status, stock and fiscal filters, which live in the address (?status=ativo&estoque=baixo&fiscal=sem-ncm)
// so a reload, a bookmark or the back button keeps them.
import type { Product } from '../../../shared/contract';
import { foldedIncludes } from '../../../shared/text';

export const PRODUCT_STATUS_FILTERS = { ativo: 'Ativo', inativo: 'Inativo' } as const;
export const PRODUCT_STOCK_FILTERS = { baixo: 'Abaixo do mínimo', sem: 'Sem estoque' } as const;
/** What a note needs of a product: without an NCM it cannot go on an NFC-e yet. */
export const PRODUCT_FISCAL_FILTERS = { 'sem-ncm': 'Sem NCM' } as const;

export interface ProductFilters {
  status: keyof typeof PRODUCT_STATUS_FILTERS | null;
  stock: keyof typeof PRODUCT_STOCK_FILTERS | null;
  fiscal: keyof typeof PRODUCT_FISCAL_FILTERS | null;
}

export const NO_PRODUCT_FILTERS: ProductFilters = { status: null, stock: null, fiscal: null };

/** The query parameters of the filters (names a person can read in the address). */
const PARAM = { status: 'status', stock: 'estoque', fiscal: 'fiscal' } as const;

const oneOf = <K extends string>(labels: Record<K, string>, value: string | null): K | null =>
  value !== null && Object.hasOwn(labels, value) ? (value as K) : null;

/** The filters an address asks for (an unknown value is no filter). */
export function productFiltersOf(params: URLSearchParams): ProductFilters {
  return {
    status: oneOf(PRODUCT_STATUS_FILTERS, params.get(PARAM.status)),
    stock: oneOf(PRODUCT_STOCK_FILTERS, params.get(PARAM.stock)),
    fiscal: oneOf(PRODUCT_FISCAL_FILTERS, params.get(PARAM.fiscal)),
  };
}

/** `params` with the filters set (other parameters kept; no filter, no parameter). */
export function withProductFilters(params: URLSearchParams, filters: ProductFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['status', 'stock', 'fiscal'] as const) {
    const value = filters[key];
    if (value) next.set(PARAM[key], value);
    else next.delete(PARAM[key]);
  }
  return next;
}

export function countProductFilters(filters: ProductFilters): number {
  return Number(filters.status !== null) + Number(filters.stock !== null) + Number(filters.fiscal !== null);
}

export function isLowStock(product: Pick<Product, 'current_stock' | 'minimum_stock'>): boolean {
  return product.current_stock < product.minimum_stock;
}

function passes(product: Product, filters: ProductFilters): boolean {
  if (filters.status && product.active !== (filters.status === 'ativo')) return false;
  if (filters.stock === 'baixo' && !isLowStock(product)) return false;
  if (filters.stock === 'sem' && product.current_stock > 0) return false;
  if (filters.fiscal === 'sem-ncm' && product.ncm !== null) return false;
  return true;
}

/** The barcode contains the digits typed (spaces, dots and hyphens aside). */
function barcodeIncludes(barcode: string | null, text: string): boolean {
  const digits = text.replace(/[\s.-]/g, '');
  return barcode !== null && /^\d+$/.test(digits) && barcode.includes(digits);
}

/**
 * Local search of spec §2 (and the barcode) (name or SKU contains the text, ignoring case and accents:
 * 'calca' finds Calça) and the panel's filters.
 */
export function filterProducts(
  products: readonly Product[],
  search: string,
  filters: ProductFilters = NO_PRODUCT_FILTERS,
): Product[] {
  const text = search.trim();
  return products.filter(
    (p) =>
      passes(p, filters) &&
      (!text || foldedIncludes(p.name, text) || foldedIncludes(p.sku, text) || barcodeIncludes(p.barcode, text)),
  );
}
