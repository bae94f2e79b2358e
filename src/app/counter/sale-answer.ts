// What the device reads of the server's answer to a new sale (POST /api/sales, or its part
// of a batch), checked against the contract's own schema: the count of stock conflicts, the
// stock right after the sale, the number the server gave it and its NFC-e (the DANFE prints
// from it). An answer it cannot read changes nothing here (the mirror's next pull brings the
// stock); a note it cannot read is left out without losing the rest.
import { z } from 'zod';
import { envelope } from '../../shared/contract/common';
import { FiscalNoteReceiptSchema, type FiscalNoteReceipt } from '../../shared/contract/fiscal-notes';
import { SaleCreateResultSchema, type StockAfter } from '../../shared/contract/sales';

const SaleAckSchema = envelope(
  SaleCreateResultSchema.pick({ stock_conflicts: true, stock_after: true }).extend({
    number: SaleCreateResultSchema.shape.number.optional(),
  }),
);

const NoteAckSchema = envelope(z.object({ fiscal_note: FiscalNoteReceiptSchema }));

export interface SaleAck {
  conflicts: number;
  stockAfter: StockAfter[];
  number?: string;
  /** The sale's NFC-e (centavos), when the store emitted one. */
  fiscalNote?: FiscalNoteReceipt;
}

export function saleAckOf(body: unknown): SaleAck {
  const parsed = SaleAckSchema.safeParse(body);
  if (!parsed.success) return { conflicts: 0, stockAfter: [] };
  const { stock_conflicts, stock_after, number } = parsed.data.data;
  const note = NoteAckSchema.safeParse(body);
  return {
    conflicts: stock_conflicts.length,
    stockAfter: stock_after ?? [],
    ...(number ? { number } : {}),
    ...(note.success ? { fiscalNote: note.data.data.fiscal_note } : {}),
  };
}
