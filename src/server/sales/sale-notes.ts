// After a run of sales committed: the NFC-e of its online sales sent within the store's time
// limit (fiscal/emission.ts deliver), and every answered sale with its note as it is now.
// A replayed sale (its key's stored answer) never builds a second note: its answer is the
// stored one with the note read again, so a note authorized since the first answer is
// answered 'autorizada'.
import type { SaleCreateResult } from '../../shared/contract';
import type { Outcome } from '../core/idempotency';
import type { AnsweredSale, Emission } from '../fiscal/emission';
import type { SaleCall } from './create/sale-create';

type Body = { data?: SaleCreateResult } | undefined;

export async function deliverNotes(
  emission: Emission,
  tenantId: string,
  calls: readonly SaleCall[],
  outcomes: Outcome<SaleCreateResult>[],
  sendNow: boolean,
): Promise<Outcome<SaleCreateResult>[]> {
  const answered: AnsweredSale[] = outcomes.flatMap((outcome, i): AnsweredSale[] => {
    if (outcome.kind === 'done') {
      const { id, fiscal_note } = outcome.data;
      return [{ id, note: fiscal_note, sendNow: sendNow && !calls[i]!.input.offline }];
    }
    const sale = outcome.kind === 'replayed' && outcome.statusCode < 300 ? (outcome.body as Body)?.data : undefined;
    return sale?.id ? [{ id: sale.id, note: sale.fiscal_note, sendNow: false }] : [];
  });
  if (!answered.some((a) => a.note)) return outcomes;
  const now = await emission.deliver(tenantId, answered);
  return outcomes.map((outcome) => {
    if (outcome.kind === 'done') {
      const note = now.get(outcome.data.id);
      return note ? { kind: 'done', data: { ...outcome.data, fiscal_note: note } } : outcome;
    }
    if (outcome.kind !== 'replayed') return outcome;
    const body = outcome.body as Body;
    const note = body?.data?.id ? now.get(body.data.id) : undefined;
    return note ? { ...outcome, body: { ...body, data: { ...body!.data!, fiscal_note: note } } } : outcome;
  });
}
