// A note as the sale's answer carries it (FiscalNoteReceipt: what the till prints), from
// its row; and the current state of the notes of some sales, read again: a replayed sale
// answers its note as it is now (authorized since, say), not as it was first answered.
import { and, eq, inArray } from 'drizzle-orm';
import type { FiscalNoteReceipt } from '../../shared/contract';
import type { DbOrTx } from '../db/client';
import { fiscalNotes, type FiscalNoteRow } from '../db/schema';

type NoteFields = Pick<
  FiscalNoteRow,
  'environment' | 'series' | 'number' | 'key' | 'issuedAtLocal' | 'qrCode' | 'urlChave' | 'total'
> &
  Partial<
    Pick<
      FiscalNoteRow,
      | 'id'
      | 'change'
      | 'status'
      | 'protocol'
      | 'authorizedAt'
      | 'customerDocument'
      | 'approximateTaxes'
      | 'cstat'
      | 'reason'
    >
  >;

export function receiptOf(row: NoteFields): FiscalNoteReceipt {
  if (!row.id) throw new Error('A nota precisa do seu id antes de ser respondida.');
  return {
    id: row.id,
    status: row.status ?? 'pendente',
    environment: row.environment,
    series: row.series,
    number: row.number,
    key: row.key,
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

/** The notes of `saleIds` as they are now, by sale id (one statement; none when no ids). */
export async function currentReceipts(
  t: DbOrTx,
  tenantId: string,
  saleIds: readonly string[],
): Promise<Map<string, FiscalNoteReceipt>> {
  if (saleIds.length === 0) return new Map();
  const rows = await t
    .select()
    .from(fiscalNotes)
    .where(and(eq(fiscalNotes.tenantId, tenantId), inArray(fiscalNotes.saleId, [...new Set(saleIds)])));
  return new Map(rows.map((row) => [row.saleId!, receiptOf(row)]));
}
