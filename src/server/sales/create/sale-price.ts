// The price a sale may carry: the till cannot be trusted with it.
//
// Online or offline. A sale is ONLINE unless its body says `offline: true`. Nova Venda
// sends a sale it finishes with a connection straight to POST /api/sales with
// `offline: false` and waits for the answer (the cashier is still at the counter and can
// act on a refusal); every sale the outbox delivers (POST /api/sales or /batch) says
// `offline: true`: the till already handed the goods over and told the customer the
// total, so the sale is a fact the server records whatever it finds. The flag travels in
// the body because the outbox stores the body it will send; it is left out of the
// Idempotency-Key's request hash (sale-create.ts saleCall), so a direct sending whose
// answer was lost and its outbox replay under the same key are one sale, recorded once.
//
// Online, every line's unit price must be the product's current sale_price, or the sale
// is refused whole with 409 PRICE_CHANGED (nothing written) and details naming each
// product and its current price in centavos. Offline, a line's unit price is accepted
// when the product had it at some moment from SALE_SOLD_AT_PAST_MAX_MS before the sale's
// (kept) sold_at until receipt (product_prices keeps each change with its time; the
// till's catalogue may be that old); any other price is recorded as sent and the sale
// carries a price conflict. A forged "offline" sale therefore never gets a price past the
// server silently: it is an open conflict on the admins' list.
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { SALE_SOLD_AT_PAST_MAX_MS } from '../../../shared/constants';
import type { PriceChangedDetail, SaleCreate } from '../../../shared/contract';
import { formatBRL } from '../../../shared/money';
import type { DbOrTx } from '../../db/client';
import { productPrices, type PriceConflictRecord, type ProductRow } from '../../db/schema';
import { AppError } from '../../errors';
import { saleTime } from '../../core/sale-time';

/** The earliest moment whose prices an offline sale sold at `soldAt` may carry. */
export function priceWindowStart(soldAt: Date): Date {
  return new Date(soldAt.getTime() - SALE_SOLD_AT_PAST_MAX_MS);
}

interface PricedLine {
  product_id: string;
  unit_price: number;
  product: ProductRow;
}

/** Lines whose price is not the product's current one, each product once. */
function offPriceLines(lines: readonly PricedLine[]): PricedLine[] {
  const seen = new Set<string>();
  return lines.filter((l) => {
    const key = `${l.product_id}:${l.unit_price}`;
    if (l.unit_price === l.product.salePrice || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** 409 PRICE_CHANGED for an online sale, or null when every price is current. */
export function priceChanged(lines: readonly PricedLine[]): AppError | null {
  const off = offPriceLines(lines);
  if (off.length === 0) return null;
  const details: PriceChangedDetail[] = off.map((l) => ({
    product_id: l.product_id,
    product_name: l.product.name,
    unit_price_centavos: l.unit_price,
    current_price_centavos: l.product.salePrice,
  }));
  const [first] = off;
  const message =
    off.length === 1
      ? `O preço de ${first!.product.name} mudou para ${formatBRL(first!.product.salePrice)}. Confira o item e finalize de novo.`
      : `Os preços mudaram: ${off.map((l) => `${l.product.name} agora custa ${formatBRL(l.product.salePrice)}`).join('; ')}. Confira os itens e finalize de novo.`;
  return new AppError('PRICE_CHANGED', message, details);
}

/** A product's prices from the one in effect at `from` on, oldest first. */
export type PriceHistory = ReadonlyMap<string, readonly { price: number; changedAt: Date }[]>;

/**
 * The price history of `productIds` from `from` on: every change after it plus the price
 * in effect at it. Two indexed reads however many products.
 */
export async function priceHistory(
  t: DbOrTx,
  tenantId: string,
  productIds: readonly string[],
  from: Date,
): Promise<PriceHistory> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const p = productPrices;
  const own = and(eq(p.tenantId, tenantId), inArray(p.productId, ids));
  const cols = { productId: p.productId, price: p.salePrice, changedAt: p.changedAt };
  const [before, after] = await Promise.all([
    t
      .selectDistinctOn([p.productId], cols)
      .from(p)
      .where(and(own, lt(p.changedAt, from)))
      .orderBy(p.productId, sql`${p.changedAt} DESC`, sql`${p.id} DESC`),
    t
      .select(cols)
      .from(p)
      .where(and(own, gte(p.changedAt, from))),
  ]);
  const out = new Map<string, { price: number; changedAt: Date }[]>();
  for (const row of [...before, ...after].sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime())) {
    const list = out.get(row.productId) ?? [];
    list.push({ price: row.price, changedAt: row.changedAt });
    out.set(row.productId, list);
  }
  return out;
}

/** The prices a product had at some moment in [from, to]. */
function pricesHad(history: PriceHistory, productId: string, from: Date, to: Date): Set<number> {
  const rows = history.get(productId) ?? [];
  const had = new Set<number>();
  let inEffect: number | undefined;
  for (const row of rows) {
    if (row.changedAt.getTime() <= from.getTime()) inEffect = row.price;
    else if (row.changedAt.getTime() <= to.getTime()) had.add(row.price);
  }
  if (inEffect !== undefined) had.add(inEffect);
  return had;
}

/** An offline sale's lines at prices the product did not have while the till could be offline. */
export function priceConflicts(
  lines: readonly PricedLine[],
  history: PriceHistory,
  soldAt: Date,
  receivedAt: Date,
): PriceConflictRecord[] {
  const from = priceWindowStart(soldAt);
  return offPriceLines(lines)
    .filter((l) => !pricesHad(history, l.product_id, from, receivedAt).has(l.unit_price))
    .map((l) => ({
      product_id: l.product_id,
      product_name: l.product.name,
      unit_price: l.unit_price,
      current_price: l.product.salePrice,
    }));
}

/** Whether any of these offline sales has a line off the current price (history needed). */
function needsHistory(lines: readonly PricedLine[]): boolean {
  return offPriceLines(lines).length > 0;
}

/**
 * The price history the offline sales need: only for products one of them sold off the
 * current price (none in the usual run), from the earliest moment any of them may name.
 */
export async function offlineHistory(
  t: DbOrTx,
  tenantId: string,
  inputs: readonly SaleCreate[],
  rows: ReadonlyMap<string, ProductRow>,
  receivedAt: Date,
): Promise<PriceHistory> {
  const lines = inputs
    .filter((i) => i.offline)
    .flatMap((i) => i.items.map((item) => ({ ...item, soldAt: saleTime(i.sold_at, receivedAt).soldAt })))
    .flatMap((l) => {
      const product = rows.get(l.product_id);
      return product ? [{ ...l, product }] : [];
    });
  if (!needsHistory(lines)) return new Map();
  const from = priceWindowStart(new Date(Math.min(...lines.map((l) => l.soldAt.getTime()))));
  return priceHistory(
    t,
    tenantId,
    lines.map((l) => l.product_id),
    from,
  );
}
