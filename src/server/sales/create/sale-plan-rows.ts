// The rows a run of checked sales writes (sale-plan.ts checks them): the sale's row and its
// lines, the conflicts admins review, the stock movements, the vale-troca ledger and what
// the run took of products an open count had already counted. Nothing here reads or
// decides: each checked sale is written as it was planned.
import { randomUUID } from 'node:crypto';
import { SALE_ALREADY_COUNTED_REASON, type SaleCreate, type StockConflict } from '../../../shared/contract';
import type { CustomerRow, PriceConflictRecord, ProductRow, SaleItemRow, SaleRow } from '../../db/schema';
import type { CountedBy } from './sale-counted';
import { saleMethodOf, type PlannedPart } from '../records/sale-payments';
import type { StoreCreditUse } from '../records/store-credit';

/** One sale checked; nothing written yet. */
export interface CheckedSale {
  id: string;
  input: SaleCreate;
  customer: CustomerRow;
  lines: (SaleCreate['items'][number] & { product: ProductRow; total: number; discount: number })[];
  total: number;
  /** centavos off the whole sale (shared out over the lines' totals) */
  discount: number;
  /** An offline sale whose discount was beyond the cashier's limit. */
  discountConflict: boolean;
  /** An offline crediário sale that took the customer over their credit limit. */
  creditConflict: boolean;
  /** centavos the sale finances on crediário (total - entrada; 0 otherwise). */
  financed: number;
  crediario: SaleCreate['crediario'];
  /** The parts it was paid in (sale-payments.ts). */
  parts: PlannedPart[];
  /** The vale-troca it takes from the customer's balance (null: none). */
  storeCredit: StoreCreditUse | null;
  conflicts: StockConflict[];
  priceConflicts: PriceConflictRecord[];
  soldAt: Date;
  /** The device's time when it was not believed (a clock conflict). */
  claimedSoldAt: Date | null;
  /** Each product it moves (merged lines): the units taken, that product's stock right after it, the count it met. */
  after: { productId: string; taken: number; stock: number; counted: CountedBy }[];
  cashSessionId: string | null;
  /** Made offline in a caixa not its own (caixa/cash-session-use.ts): admins review it. */
  cashSessionConflict: boolean;
  /** Who sold it (caixa/cash-session-use.ts makerOf): its row, movements and vale-troca use say so. */
  madeBy: string | null;
}

/** One stock movement per sale and product, in the run's order. */
export function movementRows(accepted: readonly CheckedSale[], tenantId: string, now: Date) {
  return accepted.flatMap((sale) =>
    sale.after.map(({ productId, taken, stock: stockAfter, counted }) => ({
      tenantId,
      productId,
      kind: 'sale' as const,
      quantity: -taken,
      stockAfter,
      userId: sale.madeBy,
      saleId: sale.id,
      ...(counted && !counted.open ? { countId: counted.countId, reason: SALE_ALREADY_COUNTED_REASON } : {}),
      createdAt: now,
    })),
  );
}

/** What the run's sales took of products an open count had counted after they were made, per count and product. */
export function openCountTakes(accepted: readonly CheckedSale[]) {
  const takes = new Map<string, { countId: string; productId: string; take: number }>();
  for (const { productId, taken, counted } of accepted.flatMap((sale) => sale.after)) {
    if (!counted?.open) continue;
    const key = `${counted.countId}:${productId}`;
    const take = (takes.get(key)?.take ?? 0) + taken;
    takes.set(key, { countId: counted.countId, productId, take });
  }
  return [...takes.values()];
}

/** The vale-troca uses of the run (ledger rows, in order) and each customer's balance after the run. */
export function storeCreditWrites(accepted: readonly CheckedSale[], tenantId: string, now: Date) {
  const uses = accepted.flatMap((sale) => (sale.storeCredit && sale.storeCredit.take > 0 ? [sale] : []));
  const balances = new Map<string, number>();
  for (const sale of uses) balances.set(sale.storeCredit!.customerId, sale.storeCredit!.balanceAfter);
  return {
    ledger: uses.map((sale) => ({
      tenantId,
      customerId: sale.storeCredit!.customerId,
      kind: 'use' as const,
      amount: sale.storeCredit!.take,
      balanceAfter: sale.storeCredit!.balanceAfter,
      saleId: sale.id,
      createdBy: sale.madeBy,
      createdAt: now,
    })),
    balances: [...balances].map(([customerId, balance]) => ({ customerId, balance })),
  };
}

/** The sale's whole row, as it is inserted. */
export function saleRowOf(sale: CheckedSale, tenantId: string, now: Date): SaleRow {
  const { input, crediario } = sale;
  return {
    tenantId,
    id: sale.id,
    // Every sale of a run is numbered before it is planned (sale-create.ts).
    number: input.number!,
    customerId: sale.customer.id,
    customerName: sale.customer.name,
    total: sale.total,
    discount: sale.discount,
    paymentMethod: saleMethodOf(input, sale.parts),
    // spec §4: a new sale is pending payment and completed.
    paymentStatus: 'pending' as const,
    saleStatus: 'completed' as const,
    crediario: crediario
      ? {
          entrada: crediario.entrada,
          entrada_method: crediario.entrada_method ?? 'cash',
          parcelas: crediario.parcelas,
          vencimentos: crediario.vencimentos,
        }
      : null,
    stockConflicts: sale.conflicts,
    priceConflicts: sale.priceConflicts,
    offline: input.offline,
    soldAt: sale.soldAt,
    receivedAt: now,
    claimedSoldAt: sale.claimedSoldAt,
    deviceId: input.device_id ?? null,
    deviceLabel: input.device_label?.trim() || null,
    cashSessionId: sale.cashSessionId,
    notes: input.notes?.trim() || null,
    createdBy: sale.madeBy,
    cancelledAt: null,
    cancelReason: null,
    cancelledBy: null,
    createdAt: now,
    updatedAt: now,
  };
}

export function itemRowsOf(sale: CheckedSale, tenantId: string, now: Date): SaleItemRow[] {
  return sale.lines.map((l, position) => ({
    tenantId,
    id: randomUUID(),
    saleId: sale.id,
    position,
    productId: l.product_id,
    productName: l.product.name,
    productSize: l.product.size,
    productColor: l.product.color,
    quantity: l.quantity,
    unitPrice: l.unit_price,
    unitCost: l.product.costPrice,
    totalPrice: l.total,
    discount: l.discount,
    createdAt: now,
    updatedAt: now,
  }));
}

/** The conflicts of a sale for the admins' list (the details stay on the sale). */
export function conflictRows(sale: CheckedSale, tenantId: string, now: Date) {
  const kinds = [
    sale.conflicts.length > 0 ? ('stock' as const) : null,
    sale.priceConflicts.length > 0 ? ('price' as const) : null,
    sale.claimedSoldAt ? ('clock' as const) : null,
    sale.discountConflict ? ('discount' as const) : null,
    sale.storeCredit && sale.storeCredit.short > 0 ? ('store_credit' as const) : null,
    sale.creditConflict ? ('credit' as const) : null,
    sale.cashSessionConflict ? ('cash_session' as const) : null,
  ];
  return kinds.flatMap((kind) => (kind ? [{ tenantId, saleId: sale.id, kind, createdAt: now }] : []));
}
