// The one seam between 'Reenviar' of a rejected note and the emission: what the note says,
// made again from its sale with today's product data and fiscal settings. There is one
// mapping of a sale to its NfceNote, the emission's (shared/fiscal/sale-note.ts noteOfSale); this file
// only reads the sale back from its rows into the SaleForNote that mapping takes: its lines
// (the names as sold, each product's fiscal data as it is now), its parts (cash as handed
// over, so vTroco comes out as it did), what it financed on crediário, and the note's
// 'CPF na nota'; the emitter through the emission's cache and the IBPT rates through the
// emission's lookup. buildApp wires it by default (createNoteRebuilder).
import { and, asc, eq } from 'drizzle-orm';
import type { FiscalEnvironment } from '../../../shared/contract/fiscal-notes';
import type { NfceNote } from '../../../shared/fiscal/nfce-note';
import type { DbOrTx } from '../../db/client';
import { products, saleItems, salePayments, sales } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import type { SaleEmission } from '../emission';
import { emitterProblem } from '../emitter-context';
import { NO_NCM, noteOfSale, productsWithoutNcm, type SaleForNote } from '../../../shared/fiscal/sale-note';

export interface NoteToRebuild {
  tenantId: string;
  saleId: string;
  environment: FiscalEnvironment;
  series: number;
  number: number;
  /** The note's 'CPF na nota' (bare digits), as it was issued. */
  customerDocument: string | null;
}

/**
 * The note of the sale as it would be built today: its items with the products' current
 * fiscal data, its payments, its customer, the store's emitter and QR settings. The
 * resend sets series, number, environment, issued_at and numeric_code itself.
 */
export type NoteRebuilder = (t: DbOrTx, note: NoteToRebuild) => Promise<NfceNote>;

export const NO_SALE_TO_REBUILD = 'Esta nota não tem venda no Balcão de onde ser refeita.';
export const SALE_CANCELLED_NO_RESEND =
  'A venda desta nota foi cancelada no Balcão: não há o que reenviar. Inutilize o número desta nota.';

/** The sale `saleId` as the emission's mapping takes it, read from its rows (null: no such sale). */
export async function saleForNoteOf(
  t: DbOrTx,
  tenantId: string,
  saleId: string,
  document: string | null,
): Promise<(SaleForNote & { cancelled: boolean }) | null> {
  const [sale] = await t
    .select({
      number: sales.number,
      discount: sales.discount,
      total: sales.total,
      crediario: sales.crediario,
      deviceId: sales.deviceId,
      status: sales.saleStatus,
    })
    .from(sales)
    .where(and(eq(sales.tenantId, tenantId), eq(sales.id, saleId)));
  if (!sale) return null;
  const lines = await t
    .select({
      quantity: saleItems.quantity,
      unitPrice: saleItems.unitPrice,
      discount: saleItems.discount,
      name: saleItems.productName,
      size: saleItems.productSize,
      color: saleItems.productColor,
      sku: products.sku,
      barcode: products.barcode,
      ncm: products.ncm,
      cest: products.cest,
      cfop: products.cfop,
      csosn: products.csosn,
      origin: products.origin,
      unit: products.unit,
    })
    .from(saleItems)
    .innerJoin(products, and(eq(products.tenantId, saleItems.tenantId), eq(products.id, saleItems.productId)))
    .where(and(eq(saleItems.tenantId, tenantId), eq(saleItems.saleId, saleId)))
    .orderBy(asc(saleItems.position));
  const parts = await t
    .select({ method: salePayments.method, amount: salePayments.amount, received: salePayments.received })
    .from(salePayments)
    .where(and(eq(salePayments.tenantId, tenantId), eq(salePayments.saleId, saleId)))
    .orderBy(asc(salePayments.seq));
  return {
    id: saleId,
    number: sale.number,
    discount: sale.discount,
    lines: lines.map(({ quantity, unitPrice, discount, ...product }) => ({
      quantity,
      unit_price: unitPrice,
      discount,
      product,
    })),
    parts,
    financed: sale.crediario ? sale.total - sale.crediario.entrada : 0,
    document,
    deviceId: sale.deviceId,
    cancelled: sale.status === 'cancelled',
  };
}

/** The rebuilder over the emission's emitter cache and tax rates lookup (the app's own). */
export function createNoteRebuilder(emission: Pick<SaleEmission, 'emitters' | 'taxRates'>): NoteRebuilder {
  return async (t, note) => {
    const now = new Date();
    const sale = await saleForNoteOf(t, note.tenantId, note.saleId, note.customerDocument);
    if (!sale) throw conflict(NO_SALE_TO_REBUILD);
    if (sale.cancelled) throw conflict(SALE_CANCELLED_NO_RESEND);
    const context = await emission.emitters.get(t, note.tenantId);
    const problem = emitterProblem(context, now);
    if (problem) throw conflict(problem);
    const missing = productsWithoutNcm(sale);
    if (missing.length) throw badRequest(`A nota ainda não pode ser refeita: ${NO_NCM(missing)}`);
    const rates = await emission.taxRates(t, note.tenantId, [...new Set(sale.lines.map((l) => l.product.ncm!))]);
    return noteOfSale(sale, context, { series: note.series, number: note.number, issuedAt: now }, rates);
  };
}
