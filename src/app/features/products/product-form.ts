// The product form's text values and their conversion to the contract's input.
import type { z } from 'zod/mini';
import { GTIN_MESSAGES, normalizeGtin, parseGtin } from '../../../shared/gtin';
import { toReais } from '../../../shared/money';
import { parseQuantityText } from '../../components/quantity-input';
import type { Product, ProductCreateSchema } from '../../../shared/contract';
import { cestText, FISCAL_DEFAULTS, ncmText } from '../../../shared/contract/product-fiscal';

export interface ProductFormValues {
  sku: string;
  name: string;
  size: string;
  color: string;
  /** as typed; '' is none */
  barcode: string;
  current_stock: string;
  minimum_stock: string;
  /** centavos; null while empty or not an amount */
  cost_price: number | null;
  sale_price: number | null;
  active: boolean;
  /** Fiscal data as typed; '' takes the store's default (NCM has none). */
  ncm: string;
  cest: string;
  cfop: string;
  csosn: string;
  /** '0' to '8', or '' */
  origin: string;
  unit: string;
  /** Why the stock was changed by hand (asked only when editing changes it). */
  stock_reason: string;
}

const EMPTY_FISCAL = { ncm: '', cest: '', cfop: '', csosn: '', origin: '', unit: FISCAL_DEFAULTS.unit };

/** Spec §3: empty texts, zeros, active. */
export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  sku: '',
  name: '',
  size: '',
  color: '',
  barcode: '',
  current_stock: '0',
  minimum_stock: '0',
  cost_price: 0,
  sale_price: 0,
  active: true,
  ...EMPTY_FISCAL,
  stock_reason: '',
};

export function productToForm(product: Product): ProductFormValues {
  return {
    sku: product.sku,
    name: product.name,
    size: product.size,
    color: product.color,
    barcode: product.barcode ?? '',
    current_stock: String(product.current_stock),
    minimum_stock: String(product.minimum_stock),
    // Editors always receive it; unknown, it must be typed again (empty is refused on save).
    cost_price: product.cost_price ?? null,
    sale_price: product.sale_price,
    active: product.active,
    ncm: ncmText(product.ncm),
    cest: cestText(product.cest),
    cfop: product.cfop ?? '',
    csosn: product.csosn ?? '',
    origin: product.origin === null ? '' : String(product.origin),
    unit: product.unit,
    stock_reason: '',
  };
}

/** Editing: the stock typed differs from the product's (an adjustment, which needs its reason). */
export function stockChanged(product: Product | null, values: ProductFormValues): boolean {
  return product !== null && values.current_stock.trim() !== String(product.current_stock);
}

/**
 * The update's input: the stock only when it was changed here, with its reason (sent
 * unchanged, a sale made meanwhile would read as an adjustment back to the old stock).
 */
export function formToUpdate(product: Product, values: ProductFormValues) {
  const { current_stock, ...rest } = formToInput(values);
  return stockChanged(product, values) ? { ...rest, current_stock, stock_reason: values.stock_reason } : rest;
}

/** Empty: absent (the schema's default); not a whole number: NaN, which the contract refuses. */
function quantityOrUndefined(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  return parseQuantityText(text) ?? Number.NaN;
}

/** NaN is refused by the contract ('Informe um valor numérico'), as an empty price should be. */
const reaisOf = (centavos: number | null) => (centavos === null ? Number.NaN : toReais(centavos));

/** Text values to the schema's input side (reais as numbers; the schema makes centavos). */
export function formToInput(values: ProductFormValues): z.input<typeof ProductCreateSchema> {
  return {
    sku: values.sku,
    name: values.name,
    size: values.size,
    color: values.color,
    barcode: values.barcode,
    current_stock: quantityOrUndefined(values.current_stock),
    minimum_stock: quantityOrUndefined(values.minimum_stock),
    cost_price: reaisOf(values.cost_price),
    sale_price: reaisOf(values.sale_price),
    active: values.active,
    ncm: values.ncm,
    cest: values.cest,
    cfop: values.cfop,
    csosn: values.csosn,
    origin: values.origin === '' ? null : Number(values.origin),
    unit: values.unit,
  };
}

/**
 * What the barcode field says while a person types (not yet left): a letter at once; a
 * wrong length or check digit only once the code could be complete (13 or 14 digits),
 * or after leaving the field (`left`). A valid code is named ('EAN-13 válido').
 */
export function barcodeFeedback(text: string, left: boolean): { error?: string; hint?: string } {
  const parsed = parseGtin(text);
  if (parsed.ok) return parsed.gtin ? { hint: `${gtinName(parsed.gtin)} válido` } : {};
  const digits = normalizeGtin(text) ?? '';
  if (parsed.message === GTIN_MESSAGES.digits || left || digits.length >= 13) return { error: parsed.message };
  return {};
}

function gtinName(gtin: string): string {
  return gtin.length === 12 ? 'UPC-A (GTIN-12)' : gtin.length === 14 ? 'GTIN-14' : `EAN-${gtin.length}`;
}
