// Correcting a sale (payment method, payment status, customer, notes) and cancelling it.
// A new sale: sale-create.ts; line edits: sale-items.ts; reads: sale-queries.ts.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Sale, SaleUpdate } from '../../../shared/contract';
import { inTransaction, type DbOrTx } from '../../db/client';
import { customers, sales, type CustomerRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { CUSTOMER_NOT_FOUND } from '../../catalogue/customers';
import { syncSinglePart } from '../records/sale-payments';
import { reversePaymentEffects, syncCrediarioCustomer, syncSaleIncome } from '../records/sale-effects';
import { loadSaleItems, lockSaleToChange, saleOf } from '../records/sale-queries';
import { CREDIARIO_METHOD_CHANGE, SALE_ALREADY_CANCELLED, SALE_CANCELLED } from '../records/sale-rules';
import { lockProducts, stockWritesOf, writeStock } from '../../ledgers/stock';
import { hasReturns, SALE_HAS_RETURNS } from '../returns/sale-returns';
import { restoreStoreCredit } from '../records/store-credit';
import { flagSale } from '../../conflicts/sale-conflicts';

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

export async function updateSale(
  db: DbOrTx,
  tenantId: string,
  id: string,
  input: SaleUpdate,
  tx?: DbOrTx,
): Promise<Sale> {
  return inTransaction(db, tx, async (t) => {
    const sale = await lockSaleToChange(t, tenantId, id, SALE_CANCELLED);
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
    if (method !== sale.paymentMethod) await syncSinglePart(t, row!);
    if (customer || method !== sale.paymentMethod) {
      await syncSaleIncome(t, row!, now);
      await syncCrediarioCustomer(t, row!, now);
    }
    return saleOf(t, row!);
  });
}

/**
 * Restocks every line, reverses the sale's cash, cancels its open receivables; paid
 * instalments stay paid (giving that money back is the admin's cash entry). Keeps why and who.
 * The route requires the reason; only a cancel the outbox delivers may come without one
 * (it was decided at a device), and that sale is flagged for admins ('cancel_reason').
 */
export async function cancelSale(
  db: DbOrTx,
  tenantId: string,
  id: string,
  tx?: DbOrTx,
  userId: string | null = null,
  reason: string | null = null,
): Promise<Sale> {
  return inTransaction(db, tx, async (t) => {
    const sale = await lockSaleToChange(t, tenantId, id, SALE_ALREADY_CANCELLED);
    // The returns already counted their value out; a cancel would count it out again.
    if (await hasReturns(t, tenantId, sale.id)) throw conflict(SALE_HAS_RETURNS);
    const items = await loadSaleItems(t, tenantId, [sale.id]);
    const rows = await lockProducts(
      t,
      tenantId,
      items.map((i) => i.productId),
    );
    const now = new Date();
    await reversePaymentEffects(t, sale, now);
    await restoreStoreCredit(t, tenantId, sale, userId);
    const why = reason?.trim() || null;
    if (!why) await flagSale(t, tenantId, sale.id, 'cancel_reason', now);
    const [row] = await t
      .update(sales)
      .set({
        saleStatus: 'cancelled',
        paymentStatus: 'cancelled',
        cancelledAt: now,
        cancelReason: why,
        cancelledBy: userId,
        updatedAt: now,
      })
      .where(and(eq(sales.tenantId, tenantId), eq(sales.id, id)))
      .returning();
    const restock = items.map((i) => ({ productId: i.productId, take: -i.quantity }));
    const movement = { kind: 'sale_cancelled' as const, saleId: sale.id, userId };
    await writeStock(t, tenantId, stockWritesOf(restock, rows, { allowNegative: true, movement }), now);
    return saleOf(t, row!);
  });
}
