// A product's row in a spreadsheet import (product-import.ts): how each cell is read, and
// the fields the import writes, as a product row holds them.
import type { ProductFieldKey } from '../../shared/import/fields';
import type { ProductRow } from '../db/schema';
import { gtin, money, oneLine, quantity, yesNo, type CellReader } from './row-values';
import { cestCell, cfopCell, csosnCell, ncmCell, originCell, unitCell } from './fiscal-cells';
import type { Csosn } from '../../shared/contract/product-fiscal';

export interface ProductValues {
  sku: string;
  barcode: string;
  name: string;
  size: string;
  color: string;
  sale_price: number;
  cost_price: number;
  stock: number;
  minimum_stock: number;
  active: boolean;
  ncm: string;
  cest: string;
  cfop: string;
  csosn: Csosn;
  origin: number;
  unit: string;
}

export const READERS: { [K in ProductFieldKey]: CellReader<ProductValues[K]> } = {
  sku: oneLine(60),
  barcode: gtin,
  name: oneLine(200),
  size: oneLine(60),
  color: oneLine(60),
  sale_price: money,
  cost_price: money,
  stock: quantity,
  minimum_stock: quantity,
  active: yesNo,
  ncm: ncmCell,
  cest: cestCell,
  cfop: cfopCell,
  csosn: csosnCell,
  origin: originCell,
  unit: unitCell,
};

/** A product's fields as the import writes them (stock apart). */
export interface ProductFields {
  sku: string;
  barcode: string | null;
  name: string;
  size: string;
  color: string;
  salePrice: number;
  costPrice: number;
  minimumStock: number;
  active: boolean;
  ncm: string | null;
  cest: string | null;
  cfop: string | null;
  csosn: string | null;
  origin: number | null;
  unit: string;
}

export const fieldsOf = (p: ProductRow): ProductFields => ({
  sku: p.sku,
  barcode: p.barcode,
  name: p.name,
  size: p.size,
  color: p.color,
  salePrice: p.salePrice,
  costPrice: p.costPrice,
  minimumStock: p.minimumStock,
  active: p.active,
  ncm: p.ncm,
  cest: p.cest,
  cfop: p.cfop,
  csosn: p.csosn,
  origin: p.origin,
  unit: p.unit,
});

export const sameFields = (a: ProductFields, b: ProductFields) =>
  (Object.keys(a) as (keyof ProductFields)[]).every((k) => a[k] === b[k]);
