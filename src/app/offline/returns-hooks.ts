// How screens reach returns and the vale-troca on this device (returns.ts): the customer's
// balance here (live: the mirror and the outbox), the lines of a sale and what can still
// be returned of them, making a return, and giving vale-troca back in cash.
import { useLiveQuery } from 'dexie-react-hooks';
import { SaleReturnsResponseSchema } from '../../shared/contract/returns';
import { SaleListResponseSchema } from '../../shared/contract/sales';
import { toCentavos } from '../../shared/money';
import { lineShare } from '../../shared/return-share';
import { api } from '../lib/api';
import { getDb } from './db';
import { useDirectSend } from './hooks';
import {
  chargedLines,
  finishReturn,
  queuedReturnedUnits,
  storeCreditOf,
  type ReturnInput,
  type ReturnOutcome,
} from './returns';
export { tillPartOfReturn } from './returns';
import { finishPayout, type PayoutInput, type PayoutOutcome } from './store-credit-payout';

/** The customer's vale-troca on this device (centavos); undefined while read. */
export function useStoreCredit(customerId: string | null | undefined): number | undefined {
  return useLiveQuery(() => (customerId ? storeCreditOf(getDb(), customerId) : 0), [customerId]);
}

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

export const SALE_NOT_FOUND_HERE =
  'Venda não encontrada. Confira o número; uma venda de outro aparelho só aparece com internet.';

const UUID = /^[0-9a-f-]{36}$/;

/** The server's sale with this number ('a-0042'; bare digits: the one sale that has them), if one. */
async function saleIdByNumber(typed: string): Promise<string | null> {
  const found = SaleListResponseSchema.parse(
    await api.send('GET', `/sales?number=${encodeURIComponent(typed)}&limit=2`),
  );
  const sales = found.data.sales;
  const exact = sales.find((s) => s.number.toLowerCase() === typed);
  return exact?.id ?? (sales.length === 1 ? sales[0]!.id : null);
}

/**
 * Finds a sale to return by its number ('#A-0042', as on the receipt) or id: on this
 * device (sales it made, even before they reached the server) or, online, on the server.
 */
export async function findReturnableSale(text: string, online: boolean): Promise<ReturnableSale> {
  const db = getDb();
  const typed = text.trim().replace(/^#/, '').toLowerCase();
  if (!typed) throw new Error('Digite o número da venda.');
  const local =
    (await db.sales.get(typed)) ??
    (await db.sales.filter((s) => s.number?.toLowerCase() === typed || s.id.toLowerCase().startsWith(typed)).first());
  let id = local?.id ?? typed;
  if (online && !local && !UUID.test(id)) id = (await saleIdByNumber(typed)) ?? id;
  const queued = await queuedReturnedUnits(db, id);
  if (online && UUID.test(id)) {
    try {
      const [sale, returns] = await Promise.all([
        api.send('GET', `/sales/${id}`) as Promise<{
          data: {
            number: string;
            customer_id: string;
            customer_name: string;
            total: number;
            payment_method: string;
            payments?: { method: string; amount: number }[];
          };
        }>,
        api.send('GET', `/sales/${id}/returns`),
      ]);
      const parsed = SaleReturnsResponseSchema.parse(returns).data;
      const lines = parsed.lines.map((l) => ({
        position: l.position,
        product_id: l.product_id,
        product_name: l.product_name,
        quantity: l.quantity,
        returned: l.returned + (queued.get(l.position) ?? 0),
        unit_price: l.unit_price,
        total_price: l.total_price,
      }));
      const total = toCentavos(sale.data.total);
      const payments = (sale.data.payments ?? []).map((p) => ({ method: p.method, amount: toCentavos(p.amount) }));
      const crediario = sale.data.payment_method === 'crediario';
      return {
        id,
        number: sale.data.number,
        customer_id: sale.data.customer_id,
        customer_name: sale.data.customer_name,
        total,
        lines,
        payments,
        openInstalments: openInstalmentsOf({ crediario, total, payments }, lines),
      };
    } catch (error) {
      if (!local) throw error;
    }
  }
  if (!local || !local.customerId) throw new Error(SALE_NOT_FOUND_HERE);
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

/**
 * Makes a return (finishReturn), then asks the engine to send what was queued. A return
 * over the cashier's limit carries an admin's sealed approval in its body (return-dialog.tsx).
 */
export const useFinishReturn = (): ((input: ReturnInput) => Promise<ReturnOutcome>) =>
  useDirectSend(finishReturn, 'drain');

/** Gives vale-troca back in cash (finishPayout), then asks the engine to send what was queued. */
export const useFinishPayout = (): ((input: PayoutInput) => Promise<PayoutOutcome>) =>
  useDirectSend(finishPayout, 'drain');
