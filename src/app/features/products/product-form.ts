// The product form's text values and their conversion to the contract's input.
import type { z } from 'zod';
import { toReais } from '../../../shared/money';
import type { Product, ProductCreateSchema } from '../../../shared/contract';

export interface ProductFormValues {
  sku: string;
  name: string;
  size: string;
  color: string;
  current_stock: string;
  minimum_stock: string;
  cost_price: string;
  sale_price: string;
  active: boolean;
}

/** Spec §3: empty texts, zeros, active. */
export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  sku: '',
  name: '',
  size: '',
  color: '',
  current_stock: '0',
  minimum_stock: '0',
  cost_price: '0',
  sale_price: '0',
  active: true,
};

export function productToForm(product: Product): ProductFormValues {
  return {
    sku: product.sku,
    name: product.name,
    size: product.size,
    color: product.color,
    current_stock: String(product.current_stock),
    minimum_stock: String(product.minimum_stock),
    cost_price: toReais(product.cost_price).toFixed(2),
    sale_price: toReais(product.sale_price).toFixed(2),
    active: product.active,
  };
}

function numberOrUndefined(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed.replace(',', '.'));
}

/** Text values to the schema's input side (reais as numbers; the schema makes centavos). */
export function formToInput(values: ProductFormValues): z.input<typeof ProductCreateSchema> {
  return {
    sku: values.sku,
    name: values.name,
    size: values.size,
    color: values.color,
    current_stock: numberOrUndefined(values.current_stock),
    minimum_stock: numberOrUndefined(values.minimum_stock),
    cost_price: numberOrUndefined(values.cost_price),
    sale_price: numberOrUndefined(values.sale_price),
    active: values.active,
  };
}
