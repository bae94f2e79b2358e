// The NFC-e of a run of sales, inside the run's transaction (sale-create.ts): each sale the
// plan accepted is handed to fiscal/issue-notes.ts, which builds and signs its note (or says
// why it has none); the notes and the reasons join the run's write statement, and each
// sale's answer carries its note ('pendente' until SEFAZ answers: the route sends it after
// the commit) or, without one, why (the till tells the cashier). With emission off nothing here reads or writes, and the answers are as always.
import type { SaleEmission } from '../../fiscal/emission';
import { issueNotes, type FiscalRead } from '../../fiscal/issue-notes';
import type { SaleForNote } from '../../../shared/fiscal/sale-note';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { SalesPlan } from './sale-plan';
import type { CheckedSale } from './sale-plan-rows';

export function saleForNote(sale: CheckedSale): SaleForNote {
  return {
    id: sale.id,
    number: sale.input.number!,
    discount: sale.discount,
    lines: sale.lines.map((line) => ({
      quantity: line.quantity,
      unit_price: line.unit_price,
      discount: line.discount,
      product: line.product,
    })),
    parts: sale.parts.map((p) => ({ method: p.method, amount: p.amount, received: p.received })),
    financed: sale.financed,
    document: sale.input.fiscal_document ?? null,
    deviceId: sale.input.device_id ?? null,
  };
}

/**
 * Adds the run's notes to `plan` (its write and its answers). `sendNow`: the caller sends
 * the notes of its online sales right after the commit, so they are leased to it from the
 * start and the queue leaves them alone; the outbox's sales wait for the queue.
 */
export async function addNotes(
  t: DbOrTx,
  tenantId: string,
  fiscal: FiscalRead,
  plan: SalesPlan,
  now: Date,
  options: SaleEmission | undefined,
  sendNow: boolean,
): Promise<void> {
  if (!options || !fiscal.on || plan.accepted.length === 0) return;
  const online = plan.accepted.filter((sale) => sendNow && !sale.input.offline).map((sale) => sale.id);
  const issued = await issueNotes(t, tenantId, fiscal, plan.accepted.map(saleForNote), now, {
    ...options,
    lease: { by: options.instanceId, ms: options.leaseMs, saleIds: new Set(online) },
  });
  plan.write.fiscal = { notes: issued.notes, unissued: issued.unissued };
  const unissued = new Map(issued.unissued.map((row) => [row.saleId, row.reason]));
  for (const result of plan.results) {
    if (result instanceof AppError) continue;
    result.fiscal_note = issued.receipts.get(result.id) ?? null;
    result.fiscal_unissued_reason = unissued.get(result.id) ?? null;
  }
}
