// Products with stock. SKU is unique per tenant among live rows (the database index
// decides, so two concurrent creates cannot both win). Delete is a tombstone for sync.
import { and, asc, count, eq, gte, isNotNull, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  type Pagination,
  type Product,
  type ProductCreate,
  type ProductListQuery,
  type ProductUpdate,
  STOCK_REASON_REQUIRED,
} from '../../shared/contract';
import { apiFields } from '../db/api-fields';
import { inTransaction, type DbOrTx } from '../db/client';
import { pageOf } from '../db/pages';
import { isUniqueViolation } from '../db/errors';
import { liveIn, liveRow, tombstone } from '../db/tombstones';
import { products, stockMovements, type ProductRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { moveStock } from '../ledgers/stock-moves';
import { containsFolded, likePattern } from '../core/like';

export const PRODUCT_NOT_FOUND = 'Produto não encontrado.';
/** The reason of a new product's first movement. */
export const OPENING_STOCK = 'Estoque inicial';

const fields = apiFields(products, [
  'id',
  'sku',
  'name',
  'size',
  'color',
  'barcode',
  'currentStock',
  'minimumStock',
  'costPrice',
  'salePrice',
  'active',
  'ncm',
  'cest',
  'cfop',
  'csosn',
  'origin',
  'unit',
  'createdAt',
  'updatedAt',
]);

/** The product as the API answers it; without its cost price for a caller who may not see it (access/settings.ts). */
export function toProduct(row: ProductRow, withCost = true): Product {
  const { cost_price, ...product } = fields.toApi(row) as Product;
  return withCost ? { ...product, cost_price } : product;
}

const live = (tenantId: string) => liveIn(products, tenantId);

type FiscalKey = 'ncm' | 'cest' | 'cfop' | 'csosn' | 'origin' | 'unit';
/** A new product as the API or the server's own code (the demo, an import) makes it: fiscal data optional. */
export type NewProduct = Omit<ProductCreate, FiscalKey> & Partial<Pick<ProductCreate, FiscalKey>>;

/** A new product's row from its API body (absent fields take their column's default). */
export const newProductRow = (tenantId: string, input: NewProduct) => ({
  ...fields.fromApi(input),
  tenantId,
  sku: input.sku,
  name: input.name,
});
const skuTaken = (sku: string) => conflict(`Já existe um produto com o SKU ${sku}`);
const barcodeTaken = (barcode: string | null | undefined) =>
  conflict(`Já existe um produto com o código de barras ${barcode ?? ''}`);

/** A unique index's violation as the conflict it means (SKU or barcode taken), else the error. */
function takenError(err: unknown, input: { sku?: string; barcode?: string | null }): unknown {
  if (isUniqueViolation(err, 'products_tenant_sku_key')) return skuTaken(input.sku ?? '');
  if (isUniqueViolation(err, 'products_tenant_barcode_key')) return barcodeTaken(input.barcode);
  return err;
}

/** The search box: name or SKU contains the text (case and accents aside), or the barcode its digits. */
export function productSearch(search: string): SQL | undefined {
  const digits = search.replace(/[\s.-]/g, '');
  return or(
    containsFolded(products.name, search),
    containsFolded(products.sku, search),
    ...(/^\d+$/.test(digits) ? [like(products.barcode, likePattern(digits))] : []),
  );
}

export async function listProducts(
  db: DbOrTx,
  tenantId: string,
  query: ProductListQuery,
  withCost = true,
): Promise<{ products: Product[]; pagination: Pagination }> {
  const filters: (SQL | undefined)[] = [live(tenantId)];
  if (query.search?.trim()) {
    const search = query.search.trim();
    filters.push(productSearch(search));
  }
  if (query.active !== undefined) filters.push(eq(products.active, query.active));
  if (query.low_stock !== undefined) {
    filters.push(
      query.low_stock
        ? lt(products.currentStock, products.minimumStock)
        : gte(products.currentStock, products.minimumStock),
    );
  }
  if (query.without_ncm !== undefined) filters.push(query.without_ncm ? isNull(products.ncm) : isNotNull(products.ncm));
  const where = and(...filters);
  const { rows, pagination } = await pageOf(
    db.select().from(products).where(where).orderBy(asc(products.name), asc(products.sku)).$dynamic(),
    db.select({ total: count() }).from(products).where(where),
    query,
  );
  return { products: rows.map((row) => toProduct(row, withCost)), pagination };
}

/** Within a transaction that wrote it: the row as it now is. */
async function getProductIn(t: DbOrTx, tenantId: string, id: string): Promise<Product> {
  const [row] = await t
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, id)));
  return toProduct(row!);
}

export async function getProduct(db: DbOrTx, tenantId: string, id: string, withCost = true): Promise<Product> {
  return toProduct(await liveRow(db, products, tenantId, id, PRODUCT_NOT_FOUND), withCost);
}

/**
 * A new product; its opening stock, if any, is its first movement (an adjustment,
 * 'Estoque inicial'), so the movements always add up to the stock.
 */
export async function createProduct(
  db: DbOrTx,
  tenantId: string,
  input: NewProduct,
  tx?: DbOrTx,
  userId: string | null = null,
): Promise<Product> {
  try {
    return await inTransaction(db, tx, async (t) => {
      const [row] = await t.insert(products).values(newProductRow(tenantId, input)).returning();
      if (row!.currentStock !== 0) {
        await t.insert(stockMovements).values({
          tenantId,
          productId: row!.id,
          kind: 'adjustment',
          quantity: row!.currentStock,
          stockAfter: row!.currentStock,
          reason: OPENING_STOCK,
          userId,
        });
      }
      return toProduct(row!);
    });
  } catch (err) {
    throw takenError(err, input);
  }
}

export async function updateProduct(
  db: DbOrTx,
  tenantId: string,
  id: string,
  input: ProductUpdate,
  tx?: DbOrTx,
  userId: string | null = null,
): Promise<Product> {
  try {
    return await inTransaction(db, tx, async (t) => {
      const { stock_reason: reason, current_stock: stock, ...rest } = input;
      // A cost price typed by hand values the whole stock: the remainder of the NF-e entries goes.
      const remainder =
        rest.cost_price === undefined
          ? {}
          : {
              costRemainder: sql`CASE WHEN ${products.costPrice} = ${rest.cost_price} THEN ${products.costRemainder} ELSE 0 END`,
            };
      const [row] = await t
        .update(products)
        .set({ ...fields.fromApi(rest), ...remainder, updatedAt: new Date() })
        .where(and(live(tenantId), eq(products.id, id)))
        .returning();
      // Not found: throwing rolls the version bump back.
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      // The stock typed in the dialog: an adjustment by the difference, with its reason.
      if (stock === undefined || stock === row.currentStock) return toProduct(row);
      if (!reason) throw badRequest(STOCK_REASON_REQUIRED, [{ path: 'stock_reason', message: STOCK_REASON_REQUIRED }]);
      const movement = { kind: 'adjustment' as const, reason, userId };
      await moveStock(t, tenantId, [{ productId: id, quantity: stock - row.currentStock }], movement);
      return getProductIn(t, tenantId, id);
    });
  } catch (err) {
    throw takenError(err, input);
  }
}

/**
 * Gives every live product of the store a new sync version (the stamp_change trigger draws
 * one for a row updated with its own version), so every device pulls them all again: what
 * a device may see of a product changed (a cashier's cost prices), not the products.
 */
export async function resendProducts(t: DbOrTx, tenantId: string): Promise<void> {
  await t
    .update(products)
    .set({ version: sql`${products.version}` })
    .where(live(tenantId));
}

/** Tombstone: the row stays (deleted_at, new version) so offline mirrors learn of it. */
export async function deleteProduct(db: DbOrTx, tenantId: string, id: string, tx?: DbOrTx): Promise<void> {
  await inTransaction(db, tx, (t) => tombstone(t, products, tenantId, id, PRODUCT_NOT_FOUND));
}
