// What the device reads of the server's answer to a new sale (POST /api/sales, or its part
// of a batch), checked against the contract's own schema: the count of stock conflicts, the
// stock right after the sale, the number the server gave it and its NFC-e (the DANFE prints
// from it) or, when the store emits and the sale has none, why (the till tells the cashier). An answer it cannot read changes nothing here (the mirror's next pull brings the
// stock); a note it cannot read is left out without losing the rest.
import { z } from 'zod/mini';
import { envelope } from '../../shared/contract/common';
import { FiscalNoteReceiptSchema, type FiscalNoteReceipt } from '../../shared/contract/fiscal-notes';
import { SaleCreateResultSchema, type StockAfter } from '../../shared/contract/sales';
import type { LocalSaleReceipt } from '../offline/db';

const SaleAckSchema = envelope(
  z.extend(z.pick(SaleCreateResultSchema, { stock_conflicts: true, stock_after: true }), {
    number: z.optional(SaleCreateResultSchema.shape.number),
  }),
);

const NoteAckSchema = envelope(z.object({ fiscal_note: FiscalNoteReceiptSchema }));
const UnissuedAckSchema = envelope(z.object({ fiscal_unissued_reason: z.string().check(z.minLength(1)) }));

export interface SaleAck {
  conflicts: number;
  stockAfter: StockAfter[];
  number?: string;
  /** The sale's NFC-e (centavos), when the store emitted one. */
  fiscalNote?: FiscalNoteReceipt;
  /** Why the store, emitting, made the sale no note (pt-BR), when it did not. */
  fiscalUnissuedReason?: string;
}

export function saleAckOf(body: unknown): SaleAck {
  const parsed = SaleAckSchema.safeParse(body);
  if (!parsed.success) return { conflicts: 0, stockAfter: [] };
  const { stock_conflicts, stock_after, number } = parsed.data.data;
  const note = NoteAckSchema.safeParse(body);
  const unissued = UnissuedAckSchema.safeParse(body);
  return {
    conflicts: stock_conflicts.length,
    stockAfter: stock_after ?? [],
    ...(number ? { number } : {}),
    ...(note.success ? { fiscalNote: note.data.data.fiscal_note } : {}),
    ...(unissued.success ? { fiscalUnissuedReason: unissued.data.data.fiscal_unissued_reason } : {}),
  };
}

/** What the sale's receipt keeps of the answer's NFC-e: the note, or why it has none (nothing: emission off). */
export function fiscalOfAck(ack: SaleAck): Pick<LocalSaleReceipt, 'fiscalNote' | 'fiscalUnissuedReason'> | null {
  if (ack.fiscalNote) return { fiscalNote: ack.fiscalNote };
  if (ack.fiscalUnissuedReason) return { fiscalUnissuedReason: ack.fiscalUnissuedReason };
  return null;
}
