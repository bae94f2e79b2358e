// Finding a sale to return (Trocas e Devoluções) by its number, as typed or read from the
// receipt's barcode ('#A-0042'), or by its id: a sale this device made is found on the
// device (also before it reached the server, also offline); any other sale of the store only
// on the server (GET /api/sales/lookup, one sale by its exact number), so offline it cannot
// be found and the till says so. A cashier opens a sale within the store's troca period
// (shared/troca-period.ts): the server refuses past it, and so does the device for its own.
import { SaleReturnsResponseSchema } from '../../shared/contract/returns';
import { SaleDetailResponseSchema, type SaleDetail } from '../../shared/contract/sale-history';
import type { Role } from '../../shared/permissions';
import { lineShare } from '../../shared/return-share';
import { parseSaleNumber, SALE_NUMBER_INVALID } from '../../shared/sale-number';
import { pastTrocaPeriod, trocaPeriodPassed } from '../../shared/troca-period';
import type { ApiClient } from '../lib/api-client';
import { ApiError, isNetworkError } from '../lib/api-error';
import type { BalcaoDb, LocalSale } from '../offline/db';
import { findLocalSales, getLocalSale } from '../offline/device-store';
import { chargedLines, queuedReturnedUnits } from './returns';

/** A line of a sale as the return dialog shows it (centavos). */
export interface ReturnableLine {
  position: number;
  product_id: string;
  product_name: string;
  quantity: number;
  /** units already returned (on the server, and queued here) */
  returned: number;
  unit_price: number;
  total_price: number;
}

export interface ReturnableSale {
  id: string;
  /** The sale's number ('A-0042'); null for a sale kept before numbers. */
  number: string | null;
  customer_id: string;
  customer_name: string;
  total: number;
  lines: ReturnableLine[];
  /** The parts it was paid in (centavos, in order): an estorno goes back on its card or Pix. */
  payments: { method: string; amount: number }[];
  /**
   * centavos of its crediário instalments still open as far as this device knows (what it
   * financed less what its returns took; 0 for other sales): a return reduces them first.
   */
  openInstalments: number;
}

/** Who is looking, and the store's troca period as this device knows it. */
export interface SaleReach {
  online: boolean;
  role: Role;
  trocaPeriodDays: number;
}

export const TYPE_SALE_NUMBER = 'Digite o número da venda.';
/** Offline, a sale not made on this device cannot be found: said before and after the search. */
export const OFFLINE_FINDS_DEVICE_SALES_ONLY =
  'Sem conexão: só as vendas feitas neste aparelho podem ser abertas. Uma venda de outro aparelho ou mais antiga precisa da internet para ser encontrada.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The crediário instalments a sale of `total` still has open (see ReturnableSale), centavos. */
function openInstalmentsOf(
  sale: { crediario: boolean; total: number; payments: readonly { amount: number }[] },
  lines: readonly ReturnableLine[],
): number {
  if (!sale.crediario) return 0;
  const financed = sale.total - sale.payments.reduce((s, p) => s + p.amount, 0);
  const returned = lines.reduce((s, l) => s + lineShare(l, 0, l.returned), 0);
  return Math.max(0, financed - returned);
}

/** This device's own sale the text names: its id, its number, or the start of its id. */
async function localSale(db: BalcaoDb, typed: string): Promise<LocalSale | undefined> {
  const number = parseSaleNumber(typed)?.number.toLowerCase();
  return (
    (await getLocalSale(db, typed)) ??
    (
      await findLocalSales(db, (s) => {
        const own = s.number?.toLowerCase();
        return own === typed || (number !== undefined && own === number) || s.id.toLowerCase().startsWith(typed);
      })
    )[0]
  );
}

/** The server's sale (by id, or by its exact number) with its lines and what was returned of them. */
async function serverSale(
  client: Pick<ApiClient, 'get'>,
  ref: { id: string } | { number: string },
  queued: (saleId: string) => Promise<Map<number, number>>,
): Promise<ReturnableSale> {
  const sale: SaleDetail =
    'id' in ref
      ? (await client.get(SaleDetailResponseSchema, `/sales/${ref.id}`)).data
      : (await client.get(SaleDetailResponseSchema, '/sales/lookup', { query: { number: ref.number } })).data;
  const [returns, inQueue] = await Promise.all([
    client.get(SaleReturnsResponseSchema, `/sales/${sale.id}/returns`),
    queued(sale.id),
  ]);
  const lines = returns.data.lines.map((l) => ({
    position: l.position,
    product_id: l.product_id,
    product_name: l.product_name,
    quantity: l.quantity,
    returned: l.returned + (inQueue.get(l.position) ?? 0),
    unit_price: l.unit_price,
    total_price: l.total_price,
  }));
  const payments = sale.payments.map((p) => ({ method: p.method, amount: p.amount }));
  return {
    id: sale.id,
    number: sale.number,
    customer_id: sale.customer_id,
    customer_name: sale.customer_name,
    total: sale.total,
    lines,
    payments,
    openInstalments: openInstalmentsOf(
      { crediario: sale.payment_method === 'crediario', total: sale.total, payments },
      lines,
    ),
  };
}

/** A sale this device made, as kept here (works offline). */
async function deviceSale(db: BalcaoDb, local: LocalSale & { customerId: string }): Promise<ReturnableSale> {
  const queued = await queuedReturnedUnits(db, local.id);
  const charged = chargedLines(local);
  const lines = local.items.map((item, position) => ({
    position,
    product_id: item.product_id,
    product_name: item.product_name,
    quantity: item.quantity,
    returned: queued.get(position) ?? 0,
    unit_price: item.unit_price_centavos,
    total_price: charged[position]!,
  }));
  const crediario = local.paymentMethod === 'crediario';
  const payments = local.parts ?? (crediario ? [] : [{ method: local.paymentMethod, amount: local.totalCentavos }]);
  return {
    id: local.id,
    number: local.number ?? null,
    customer_id: local.customerId,
    customer_name: local.customerName,
    total: local.totalCentavos,
    lines,
    payments,
    openInstalments: openInstalmentsOf({ crediario, total: local.totalCentavos, payments }, lines),
  };
}

/** The server did not answer for the sale (no network, or it has not arrived there yet). */
const serverMissed = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status === 404;

/**
 * Finds a sale to return by its number ('#A-0042', as on the receipt and its barcode) or id
 * (see the file's header). Throws an Error whose message the finder shows.
 */
export async function findReturnableSale(
  db: BalcaoDb,
  client: Pick<ApiClient, 'get'>,
  text: string,
  reach: SaleReach,
): Promise<ReturnableSale> {
  const typed = text.trim().replace(/^#/, '').toLowerCase();
  if (!typed) throw new Error(TYPE_SALE_NUMBER);
  const local = await localSale(db, typed);
  if (local && pastTrocaPeriod(reach.role, local.createdAt, reach.trocaPeriodDays)) {
    throw new Error(trocaPeriodPassed(reach.trocaPeriodDays));
  }
  const queued = (saleId: string) => queuedReturnedUnits(db, saleId);
  if (reach.online) {
    const byNumber = !local && !UUID.test(typed);
    if (byNumber && !parseSaleNumber(typed)) throw new Error(SALE_NUMBER_INVALID);
    try {
      return await serverSale(client, byNumber ? { number: typed.toUpperCase() } : { id: local?.id ?? typed }, queued);
    } catch (error) {
      // This device's own sale, not on the server yet (or the network failed): the device's record.
      if (!local && isNetworkError(error)) throw new Error(OFFLINE_FINDS_DEVICE_SALES_ONLY);
      if (!local || !serverMissed(error)) throw error;
    }
  }
  if (local?.customerId) return deviceSale(db, { ...local, customerId: local.customerId });
  throw new Error(reach.online ? 'Venda não encontrada. Confira o número no recibo.' : OFFLINE_FINDS_DEVICE_SALES_ONLY);
}
