// What a receipt and a carnê print, as one plain view model built from a sale record: the
// device's own (LocalSale, so both print offline) or the server's (a sale's detail). Money
// in centavos; the components only lay it out. The sale number is one field (`number`).
// Each payment is named from the one list of methods (contract/payments.ts); a sale that used
// the vale-troca says what was left of it right after the sale (as kept when it was made:
// a reprint from the history says the same), and the till is named ('Caixa 1 (A)').
import type { ReceiptHeader } from '../../../shared/contract/company';
import { methodLabel, type Sale } from '../../../shared/contract/sales';
import { SAO_PAULO_OFFSET_MS } from '../../../shared/dates';
import { formatDocument, formatPhone } from '../../../shared/documents';
import { installmentParts } from '../../../shared/installments';
import { nameWithVariant } from '../../../shared/product-variant';
import type { LocalSale, LocalSaleReceipt } from '../../offline/db';

export const NOT_FISCAL_TEXT = 'Documento sem valor fiscal';

export interface ReceiptStore {
  name: string;
  /** formatted ('11.222.333/0001-81'), '' when the store has none */
  cnpj: string;
  address: string;
  phone: string;
}

export interface ReceiptLine {
  name: string;
  quantity: number;
  unitPrice: number;
  /** quantity × unit price */
  gross: number;
  discount: number;
  /** gross - discount */
  total: number;
}

export interface ReceiptPayment {
  /** 'Dinheiro', 'PIX', 'Entrada (Dinheiro)' */
  label: string;
  amount: number;
  /** what a cash part was handed over (null: not told) */
  received: number | null;
  /** received - amount (null: not told) */
  change: number | null;
}

export interface ReceiptInstallment {
  /** 1-based */
  number: number;
  count: number;
  /** 'YYYY-MM-DD' */
  dueDate: string;
  amount: number;
}

export interface ReceiptView {
  /** null: the store's data has never reached this device (the receipt prints without it). */
  store: ReceiptStore | null;
  /** The sale number people read and type. */
  number: string;
  /** 'dd/MM/yyyy HH:mm' in São Paulo time */
  date: string;
  cashier: string | null;
  /** The till it was sold at ('Caixa 1 (A)'), when known. */
  till: string | null;
  customer: { name: string; document: string };
  lines: ReceiptLine[];
  /** Σ gross */
  subtotal: number;
  /** Σ line discounts + the sale's own discount */
  discount: number;
  total: number;
  payments: ReceiptPayment[];
  /** Σ change of the cash parts */
  change: number;
  /** centavos of vale-troca the customer had left right after the sale (null: it used none, or not known). */
  storeCreditLeft: number | null;
  crediario: { entrada: number; financed: number; installments: ReceiptInstallment[] } | null;
}

/** An instant as 'dd/MM/yyyy HH:mm' in São Paulo (UTC-3, no daylight saving). */
export function saleDateText(instant: number | string): string {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  const iso = new Date(ms - SAO_PAULO_OFFSET_MS).toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
}

export function receiptStore(header: ReceiptHeader | null | undefined): ReceiptStore | null {
  if (!header) return null;
  return {
    name: header.name,
    cnpj: formatDocument(header.cnpj),
    address: header.address?.trim() ?? '',
    phone: formatPhone(header.phone),
  };
}

/** The plain record both sources come down to (centavos). */
interface ReceiptSource {
  number: string;
  soldAt: number | string;
  cashier: string | null;
  till: string | null;
  customerName: string;
  customerDocument: string | null;
  total: number;
  storeCreditLeft: number | null;
  lines: { name: string; quantity: number; unitPrice: number; discount: number }[];
  payments: { method: string; amount: number; received: number | null }[];
  crediario: LocalSaleReceipt['crediario'];
}

function receiptView(source: ReceiptSource, header: ReceiptHeader | null | undefined): ReceiptView {
  const lines = source.lines.map((l) => {
    const gross = l.quantity * l.unitPrice;
    return { ...l, gross, total: gross - l.discount };
  });
  const subtotal = lines.reduce((s, l) => s + l.gross, 0);
  const plan = source.crediario;
  const payments: ReceiptPayment[] = source.payments.map((p) => ({
    label: plan ? `Entrada (${methodLabel(p.method)})` : methodLabel(p.method),
    amount: p.amount,
    received: p.received,
    change: p.received === null ? null : p.received - p.amount,
  }));
  const crediario = plan
    ? {
        entrada: plan.entrada,
        financed: plan.installments.reduce((s, i) => s + i.amount, 0),
        installments: plan.installments.map((i, n) => ({
          number: n + 1,
          count: plan.installments.length,
          dueDate: i.dueDate,
          amount: i.amount,
        })),
      }
    : null;
  if (crediario) payments.push({ label: 'Crediário', amount: crediario.financed, received: null, change: null });
  return {
    store: receiptStore(header),
    number: source.number,
    date: saleDateText(source.soldAt),
    cashier: source.cashier,
    till: source.till,
    customer: { name: source.customerName, document: formatDocument(source.customerDocument) },
    lines,
    subtotal,
    // Whatever the lines do not add up to is the sale's own discount, shared out by the server.
    discount: subtotal - source.total,
    total: source.total,
    payments,
    change: payments.reduce((s, p) => s + (p.change ?? 0), 0),
    storeCreditLeft: source.storeCreditLeft,
    crediario,
  };
}

/**
 * The receipt of a sale finished at this till, from the device's record (works offline).
 * A record kept before receipts existed prints what it has: its parts, or its method
 * for the whole total, and the start of its id as the number.
 */
export function receiptFromLocalSale(sale: LocalSale, header: ReceiptHeader | null | undefined): ReceiptView {
  const r = sale.receipt;
  return receiptView(
    {
      number: sale.number ?? r?.number ?? sale.id.slice(0, 8).toUpperCase(),
      soldAt: sale.createdAt,
      cashier: r?.cashierName ?? null,
      till: r?.till ?? null,
      customerName: sale.customerName,
      customerDocument: r?.customerDocument ?? null,
      total: sale.totalCentavos,
      storeCreditLeft: r?.storeCreditLeft ?? null,
      lines: sale.items.map((i) => ({
        name: nameWithVariant(i.product_name, { size: i.product_size, color: i.product_color }),
        quantity: i.quantity,
        unitPrice: i.unit_price_centavos,
        discount: i.discount_centavos ?? 0,
      })),
      payments:
        r?.payments ??
        (sale.parts ?? [{ method: sale.paymentMethod, amount: sale.totalCentavos }]).map((p) => ({
          ...p,
          received: null,
        })),
      crediario: r?.crediario ?? null,
    },
    header,
  );
}

/**
 * The receipt of a sale as the server holds it (a sale's detail in the history). The
 * number, the cashier's name, the till and the vale-troca left come from the caller, who
 * knows how the server names them.
 */
export function receiptFromSale(
  sale: Sale,
  header: ReceiptHeader | null | undefined,
  who: {
    number: string;
    cashierName: string | null;
    customerDocument?: string | null;
    till?: string | null;
    storeCreditLeft?: number | null;
  },
): ReceiptView {
  const plan = sale.crediario;
  const entrada = plan?.entrada ?? 0;
  return receiptView(
    {
      number: who.number,
      soldAt: sale.sold_at,
      cashier: who.cashierName,
      till: who.till ?? null,
      customerName: sale.customer_name,
      customerDocument: who.customerDocument ?? null,
      total: sale.total,
      storeCreditLeft: who.storeCreditLeft ?? null,
      lines: sale.items.map((i) => ({
        name: nameWithVariant(i.product_name, { size: i.product_size, color: i.product_color }),
        quantity: i.quantity,
        unitPrice: i.unit_price,
        // What the line was charged beyond its own discount is its share of the sale's.
        discount: i.quantity * i.unit_price - i.total_price,
      })),
      payments: sale.payments.map((p) => ({ method: p.method, amount: p.amount, received: p.received })),
      crediario: plan
        ? {
            entrada,
            entradaMethod: plan.entrada_method ?? null,
            installments: installmentParts(sale.total, entrada, plan.parcelas)
              .map((amount, i) => ({ dueDate: plan.vencimentos[i]!, amount }))
              .filter((p) => p.amount > 0),
          }
        : null,
    },
    header,
  );
}
