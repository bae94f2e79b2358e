// A note as a receipt prints it (contract FiscalNoteReceipt): the columns of fiscal_notes
// the DANFE NFC-e needs, never the XML, and the mapping of such a row. The sale reads
// (sales/history/) LEFT JOIN them, so a sale's detail and the history carry fiscal_note.
import { and, eq } from 'drizzle-orm';
import type { FiscalNoteReceipt } from '../../shared/contract';
import { fiscalNotes, sales } from '../db/schema';

export const noteReceiptColumns = {
  id: fiscalNotes.id,
  status: fiscalNotes.status,
  environment: fiscalNotes.environment,
  series: fiscalNotes.series,
  number: fiscalNotes.number,
  key: fiscalNotes.key,
  issuedAtLocal: fiscalNotes.issuedAtLocal,
  protocol: fiscalNotes.protocol,
  authorizedAt: fiscalNotes.authorizedAt,
  qrCode: fiscalNotes.qrCode,
  urlChave: fiscalNotes.urlChave,
  customerDocument: fiscalNotes.customerDocument,
  approximateTaxes: fiscalNotes.approximateTaxes,
  total: fiscalNotes.total,
  change: fiscalNotes.change,
  cstat: fiscalNotes.cstat,
  reason: fiscalNotes.reason,
};

type NoteReceiptRow = { [K in keyof typeof noteReceiptColumns]: (typeof noteReceiptColumns)[K]['_']['data'] | null };

/** The join condition of a sale and its note (fiscal_notes_sale_key: at most one). */
export const noteOfSale = and(eq(fiscalNotes.tenantId, sales.tenantId), eq(fiscalNotes.saleId, sales.id));

/** The note of a LEFT JOIN's row; null when the sale has none. */
export function toNoteReceipt(row: NoteReceiptRow | null): FiscalNoteReceipt | null {
  if (!row?.id) return null;
  return {
    id: row.id,
    status: row.status!,
    environment: row.environment!,
    series: row.series!,
    number: row.number!,
    key: row.key!,
    issued_at_local: row.issuedAtLocal!,
    protocol: row.protocol,
    authorized_at: row.authorizedAt,
    qr_code: row.qrCode!,
    url_chave: row.urlChave!,
    customer_document: row.customerDocument,
    approximate_taxes: row.approximateTaxes,
    total: row.total!,
    change: row.change!,
    cstat: row.cstat,
    reason: row.reason,
  };
}
