// A note as a sale carries it (FiscalNoteReceipt: what the till prints, never the XML),
// from its row: in the sale's create answer, in the current state of the notes of some
// sales read again (a replayed sale answers its note as it is now, authorized since, say),
// and in the sale reads (sales/history/), which LEFT JOIN the columns below. Its emission
// type (tpEmis) is read from the key, which carries it: a note signed at the till in
// contingency has a 9 there, and keeps it once authorized. A sale's note is its live one: a
// note replaced by the till's contingency note (the note in doubt) is never the sale's.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FiscalNoteReceipt } from '../../shared/contract';
import { emissionTypeOfKey } from '../../shared/fiscal/access-key';
import type { DbOrTx } from '../db/client';
import { fiscalNotes, sales, type FiscalNoteRow } from '../db/schema';

type OptionalNoteField =
  | 'id'
  | 'change'
  | 'status'
  | 'protocol'
  | 'authorizedAt'
  | 'customerDocument'
  | 'approximateTaxes'
  | 'cstat'
  | 'reason';
type NoteFields = Pick<
  FiscalNoteRow,
  'environment' | 'series' | 'number' | 'key' | 'issuedAtLocal' | 'qrCode' | 'urlChave' | 'total'
> & { [K in OptionalNoteField]?: FiscalNoteRow[K] | null };

export function receiptOf(row: NoteFields): FiscalNoteReceipt {
  if (!row.id) throw new Error('A nota precisa do seu id antes de ser respondida.');
  return {
    id: row.id,
    status: row.status ?? 'pendente',
    environment: row.environment,
    series: row.series,
    number: row.number,
    key: row.key,
    emission_type: emissionTypeOfKey(row.key),
    issued_at_local: row.issuedAtLocal,
    protocol: row.protocol ?? null,
    authorized_at: row.authorizedAt ?? null,
    qr_code: row.qrCode,
    url_chave: row.urlChave,
    customer_document: row.customerDocument ?? null,
    approximate_taxes: row.approximateTaxes ?? null,
    total: row.total,
    change: row.change ?? 0,
    cstat: row.cstat ?? null,
    reason: row.reason ?? null,
  };
}

/** The live notes of `saleIds` as they are now, by sale id (one statement; none when no ids). */
export async function currentReceipts(
  t: DbOrTx,
  tenantId: string,
  saleIds: readonly string[],
): Promise<Map<string, FiscalNoteReceipt>> {
  if (saleIds.length === 0) return new Map();
  const rows = await t
    .select()
    .from(fiscalNotes)
    .where(
      and(
        eq(fiscalNotes.tenantId, tenantId),
        inArray(fiscalNotes.saleId, [...new Set(saleIds)]),
        isNull(fiscalNotes.replacedBy),
      ),
    );
  return new Map(rows.map((row) => [row.saleId!, receiptOf(row)]));
}

/** The columns of fiscal_notes a receipt needs, for the sale reads' LEFT JOIN. */
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

/** The join condition of a sale and its live note (fiscal_notes_sale_key: at most one; a replaced note is not it). */
export const noteOfSale = and(
  eq(fiscalNotes.tenantId, sales.tenantId),
  eq(fiscalNotes.saleId, sales.id),
  isNull(fiscalNotes.replacedBy),
);

/** The note of a LEFT JOIN's row; null when the sale has none. */
export function toNoteReceipt(row: NoteReceiptRow | null): FiscalNoteReceipt | null {
  if (!row?.id) return null;
  const { environment, series, number, key, issuedAtLocal, qrCode, urlChave, total } = row;
  if (environment == null || series == null || number == null || key == null) return null;
  if (issuedAtLocal == null || qrCode == null || urlChave == null || total == null) return null;
  return receiptOf({ ...row, id: row.id, environment, series, number, key, issuedAtLocal, qrCode, urlChave, total });
}
