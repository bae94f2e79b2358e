// Sales: create, update and cancel (lines edits: sale-items.ts; reads: sales-read.ts).
// Create recomputes the totals from the lines (each line keeps the unit price sent: the
// price at the till when it was added, spec §5), snapshots the customer's name and each
// product's name and cost, moves stock (stock.ts) and records the payment effects
// (sale-effects.ts), all in one transaction. Lock order: tenant version row, then the sale.
import { and, eq, isNull } from 'drizzle-orm';
import type { Sale, SaleCreate, SaleCreateResult, SaleUpdate } from '../../shared/contract';
import { inTransaction, type DbOrTx } from '../db/client';
import { customers, saleItems, sales, type CustomerRow, type ProductRow, type SaleRow } from '../db/schema';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { lockChangeVersion } from './change-version';
import { CUSTOMER_NOT_FOUND } from './customers';
import { recordPaymentEffects, reversePaymentEffects, syncCrediarioCustomer, syncSaleIncome } from './sale-effects';
import { loadSaleItems, loadSaleRow, saleOf, toSale } from './sales-read';
import { applyStockMoves, mergeMoves, productsById, shortfalls } from './stock';

export const ENTRADA_TOO_HIGH = 'O valor da entrada não pode ser maior que o total da venda.';
export const SALE_CANCELLED = 'Esta venda está cancelada e não pode ser alterada.';
export const SALE_ALREADY_CANCELLED = 'Esta venda já está cancelada.';
export const CREDIARIO_METHOD_CHANGE =
  'Não é possível mudar a forma de pagamento de ou para crediário. Cancele e registre uma nova venda.';
/** R$ 1 bilhão, the largest amount the contract's Money accepts. */
const MAX_TOTAL_CENTAVOS = 100_000_000_000;

export async function liveCustomer(t: DbOrTx, tenantId: string, id: string): Promise<CustomerRow> {
  const [row] = await t
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id), isNull(customers.deletedAt)));
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return row;
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

export async function createSale(
  db: DbOrTx,
  tenantId: string,
  userId: string | null,
  input: SaleCreate,
  tx?: DbOrTx,
): Promise<SaleCreateResult> {
  return inTransaction(db, tx, async (t) => {
    await lockChangeVersion(t, tenantId);
    if (input.id) {
      const [taken] = await t
        .select({ id: sales.id })
        .from(sales)
        .where(and(eq(sales.tenantId, tenantId), eq(sales.id, input.id)));
      if (taken) throw conflict('Já existe uma venda com este identificador.');
    }
    const customer = await liveCustomer(t, tenantId, input.customer_id);
    const rows = await productsById(
      t,
      tenantId,
      input.items.map((i) => i.product_id),
    );
    const lines = input.items.map((item) => ({
      ...item,
      product: sellableProduct(rows, item.product_id, { allowInactive: input.offline }),
      total: item.quantity * item.unit_price,
    }));
    const total = lines.reduce((s, l) => s + l.total, 0);
    checkTotal(total);
    const crediario = input.payment_method === 'crediario' ? input.crediario : undefined;
    if (input.payment_method === 'crediario' && !crediario) throw badRequest('Informe as parcelas do crediário.');
    if (crediario && crediario.entrada > total) {
      throw badRequest(ENTRADA_TOO_HIGH, [{ path: 'crediario.entrada', message: ENTRADA_TOO_HIGH }]);
    }

    const moves = lines.map((l) => ({ productId: l.product_id, take: l.quantity }));
    // Offline: a fact that already happened. Record what the stock could not cover.
    const conflicts = input.offline ? shortfalls(mergeMoves(moves), rows) : [];
    const stockAfter = await applyStockMoves(t, tenantId, moves, rows, { allowNegative: input.offline });

    const now = new Date();
    // A till's clock may run ahead: a sale never happened after it arrived.
    const sent = input.sold_at ? new Date(input.sold_at) : now;
    const soldAt = sent.getTime() > now.getTime() ? now : sent;
    const [sale] = await t
      .insert(sales)
      .values({
        tenantId,
        ...(input.id ? { id: input.id } : {}),
        customerId: customer.id,
        customerName: customer.name,
        total,
        paymentMethod: input.payment_method,
        // spec §4: a new sale is pending payment and completed.
        paymentStatus: 'pending',
        saleStatus: 'completed',
        crediario: crediario
          ? { entrada: crediario.entrada, parcelas: crediario.parcelas, vencimentos: crediario.vencimentos }
          : null,
        stockConflicts: conflicts,
        offline: input.offline,
        soldAt,
        notes: input.notes?.trim() || null,
        createdBy: userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const items = await t
      .insert(saleItems)
      .values(
        lines.map((l, position) => ({
          tenantId,
          saleId: sale!.id,
          position,
          productId: l.product_id,
          productName: l.product.name,
          quantity: l.quantity,
          unitPrice: l.unit_price,
          unitCost: l.product.costPrice,
          totalPrice: l.total,
        })),
      )
      .returning();
    await recordPaymentEffects(t, sale!);
    return { ...toSale(sale!, items), stock_after: stockAfter };
  });
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
    await lockChangeVersion(t, tenantId);
    const sale = await loadSaleRow(t, tenantId, id, true);
    if (sale.saleStatus === 'cancelled') throw conflict(SALE_ALREADY_CANCELLED);
    const items = await loadSaleItems(t, tenantId, [sale.id]);
    const rows = await productsById(
      t,
      tenantId,
      items.map((i) => i.productId),
    );
    await applyStockMoves(
      t,
      tenantId,
      items.map((i) => ({ productId: i.productId, take: -i.quantity })),
      rows,
      { allowNegative: true },
    );
    const now = new Date();
    await reversePaymentEffects(t, sale, now);
    const [row] = await t
      .update(sales)
      .set({ saleStatus: 'cancelled', paymentStatus: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(eq(sales.tenantId, tenantId), eq(sales.id, id)))
      .returning();
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
