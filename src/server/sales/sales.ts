// Sales: the rules every sale follows, update and cancel (a new sale: sale-create.ts;
// lines edits: sale-items.ts; reads: sales-read.ts).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Sale, SaleUpdate } from '../../shared/contract';
import { inTransaction, type DbOrTx } from '../db/client';
import { customers, sales, type CustomerRow, type ProductRow, type SaleRow } from '../db/schema';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { CUSTOMER_NOT_FOUND } from '../catalogue/customers';
import { reversePaymentEffects, syncCrediarioCustomer, syncSaleIncome } from './sale-effects';
import { loadSaleItems, loadSaleRow, saleOf, toSale } from './sales-read';
import { applyStockMoves, lockProducts } from './stock';

export const ENTRADA_TOO_HIGH = 'O valor da entrada não pode ser maior que o total da venda.';
export const SALE_CANCELLED = 'Esta venda está cancelada e não pode ser alterada.';
export const SALE_ALREADY_CANCELLED = 'Esta venda já está cancelada.';
export const CREDIARIO_METHOD_CHANGE =
  'Não é possível mudar a forma de pagamento de ou para crediário. Cancele e registre uma nova venda.';
/** R$ 1 bilhão, the largest amount the contract's Money accepts. */
const MAX_TOTAL_CENTAVOS = 100_000_000_000;

export async function liveCustomer(t: DbOrTx, tenantId: string, id: string): Promise<CustomerRow> {
  const [row] = (await liveCustomers(t, tenantId, [id])).values();
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return row;
}

/** The tenant's live (not deleted) customers among `ids`, by id. */
async function liveCustomers(t: DbOrTx, tenantId: string, ids: readonly string[]): Promise<Map<string, CustomerRow>> {
  if (ids.length === 0) return new Map();
  const rows = await t
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, [...new Set(ids)]), isNull(customers.deletedAt)))
    .orderBy(customers.id)
    // Shared: many sales of one customer go together; deleting it waits for them.
    .for('share');
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * A product a sale may name: it exists in the tenant and is not deleted; it must be
 * active unless `allowInactive` (an offline sale made before the till learned of it).
 */
export function sellableProduct(
  rows: ReadonlyMap<string, ProductRow>,
  id: string,
  { allowInactive }: { allowInactive: boolean },
): ProductRow {
  const row = rows.get(id);
  if (!row) throw notFound(`Produto não encontrado (${id}).`);
  if (row.deletedAt) throw notFound(`Produto não encontrado: ${row.name} foi removido do catálogo.`);
  if (!row.active && !allowInactive) throw badRequest(`Produto inativo: ${row.name}.`);
  return row;
}

export function checkTotal(total: number): void {
  if (total > MAX_TOTAL_CENTAVOS) throw badRequest('O total da venda é alto demais.');
}

export async function updateSale(
  db: DbOrTx,
  tenantId: string,
  id: string,
  input: SaleUpdate,
  tx?: DbOrTx,
): Promise<Sale> {
  return inTransaction(db, tx, async (t) => {
    const sale = await loadSaleRow(t, tenantId, id, true);
    if (sale.saleStatus === 'cancelled') throw conflict(SALE_CANCELLED);
    if (input.payment_status === 'cancelled') {
      throw badRequest('Para cancelar a venda, use o cancelamento da venda.', [
        { path: 'payment_status', message: 'Use PUT /api/sales/{id}/cancel' },
      ]);
    }
    const method = input.payment_method ?? sale.paymentMethod;
    if ((method === 'crediario') !== (sale.paymentMethod === 'crediario')) throw conflict(CREDIARIO_METHOD_CHANGE);
    const customer =
      input.customer_id && input.customer_id !== sale.customerId
        ? await liveCustomer(t, tenantId, input.customer_id)
        : null;
    const now = new Date();
    const [row] = await t
      .update(sales)
      .set({
        paymentMethod: method,
        paymentStatus: input.payment_status,
        notes: input.notes === undefined ? undefined : input.notes?.trim() || null,
        ...(customer ? { customerId: customer.id, customerName: customer.name } : {}),
        updatedAt: now,
      })
      .where(and(eq(sales.tenantId, tenantId), eq(sales.id, id)))
      .returning();
    if (customer) {
      await syncSaleIncome(t, row!, now);
      await syncCrediarioCustomer(t, row!, now);
    }
    return saleOf(t, row!);
  });
}

/** Restocks every line, reverses the sale's cash, cancels its open receivables. */
export async function cancelSale(db: DbOrTx, tenantId: string, id: string, tx?: DbOrTx): Promise<Sale> {
  return inTransaction(db, tx, async (t) => {
    const sale = await loadSaleRow(t, tenantId, id, true);
    if (sale.saleStatus === 'cancelled') throw conflict(SALE_ALREADY_CANCELLED);
    const items = await loadSaleItems(t, tenantId, [sale.id]);
    const rows = await lockProducts(
      t,
      tenantId,
      items.map((i) => i.productId),
    );
    const now = new Date();
    await reversePaymentEffects(t, sale, now);
    const [row] = await t
      .update(sales)
      .set({ saleStatus: 'cancelled', paymentStatus: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(eq(sales.tenantId, tenantId), eq(sales.id, id)))
      .returning();
    await applyStockMoves(
      t,
      tenantId,
      items.map((i) => ({ productId: i.productId, take: -i.quantity })),
      rows,
      { allowNegative: true },
    );
    return toSale(row!, items);
  });
}

/** Item edits are refused on cancelled and crediário sales. */
export function assertItemsEditable(sale: SaleRow): void {
  if (sale.saleStatus === 'cancelled') throw conflict(SALE_CANCELLED);
  if (sale.paymentMethod === 'crediario') {
    throw new AppError(
      'CONFLICT',
      'Não é possível alterar itens de uma venda no crediário. Cancele e registre uma nova venda.',
    );
  }
}
