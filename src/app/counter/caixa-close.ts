// Fechar Caixa on this device (caixa-session.ts keeps the session): what the session expects per
// method, from the sales this device made in it and the money it took in or paid out in
// it besides them (receipts: instalments, returns, vale-troca in cash), by the one rule of
// what a caixa takes in (shared/caixa-taken.ts, the server's too) and its arithmetic
// (shared/caixa.ts), so the cashier sees the figures offline; and the close,
// queued behind the session's opening, movements and every sale of it still queued.
import {
  closeFigures,
  closeNeedsReason,
  CLOSE_REASON_REQUIRED,
  expectedByMethod,
  totalDifference,
  type CountMethod,
} from '../../shared/caixa';
import { takenIn, type TillEvent } from '../../shared/caixa-taken';
import { toReais } from '../../shared/money';
import { caixaResource } from './outbox-resources';
import {
  currentCaixa,
  CAIXA_SESSION,
  queueCaixaChange,
  requireOpenCaixa,
  type LocalCashReceipt,
  type LocalCashSession,
} from './caixa-session';
import type { BalcaoDb, LocalSale } from '../offline/db';
import { buildOutboxEntry, outboxRowsWithIds } from '../offline/outbox';
import { deleteMeta, findLocalSales } from '../offline/device-store';
import { waitingFor } from '../offline/outbox-kinds';
import { madeByNow } from '../offline/session-cache';
import { OUTBOX_KINDS } from './outbox-kinds';

/** The session's sales made on this device (the ones the server will count). */
export async function sessionSales(db: BalcaoDb, sessionId: string): Promise<LocalSale[]> {
  return findLocalSales(db, (s) => s.cashSessionId === sessionId && s.state !== 'rejected');
}

/** The session's receipts the server will count: all but those it refused. */
export async function sessionReceipts(db: BalcaoDb, session: LocalCashSession): Promise<LocalCashReceipt[]> {
  const receipts = session.receipts ?? [];
  if (receipts.length === 0) return receipts;
  const rows = await outboxRowsWithIds(
    db,
    receipts.map((r) => r.id),
  );
  const ids = new Set(rows.filter((e) => e.status === 'rejected').map((e) => e.id));
  return receipts.filter((r) => !ids.has(r.id));
}

/** Expected per method now, from this device's sales and receipts of the session and its movements. */
export function expectedOf(
  session: LocalCashSession,
  sales: readonly LocalSale[],
  receipts: readonly LocalCashReceipt[] = [],
): Record<CountMethod, number> {
  // A sale here is one the server will count (refused ones are left out); a receipt is the
  // money an instalment, a return or a payout moved, as reckoned when it was kept.
  const events: TillEvent[] = [
    ...sales.map((sale): TillEvent => ({ kind: 'sale', completed: true, parts: sale.parts ?? [] })),
    ...receipts.map((r): TillEvent => ({ kind: 'receipt', method: r.method, amount: r.amount })),
  ];
  return expectedByMethod({ openingFloat: session.openingFloat, taken: takenIn(events), movements: session.movements });
}

export class CloseReasonRequired extends Error {
  constructor() {
    super(CLOSE_REASON_REQUIRED);
  }
}

/**
 * Fechar Caixa with the blind count (centavos per method). The close waits in the outbox
 * for the session's opening, movements and queued sales; the session stays here, closed,
 * with its figures, until the cashier dismisses it (dismissCaixa).
 */
export async function closeCaixa(
  db: BalcaoDb,
  input: { counted: Partial<Record<CountMethod, number>>; reason: string | null; toleranceCentavos: number },
): Promise<LocalCashSession> {
  const session = await requireOpenCaixa(db);
  const sales = await sessionSales(db, session.id);
  const figures = closeFigures(expectedOf(session, sales, await sessionReceipts(db, session)), input.counted);
  if (closeNeedsReason(figures, input.toleranceCentavos) && !input.reason?.trim()) throw new CloseReasonRequired();
  const closedAt = new Date().toISOString();
  const reason = input.reason?.trim() || null;
  const at = { step: 'close', sessionId: session.id } as const;
  const counted = Object.fromEntries(figures.map((f) => [f.method, toReais(f.counted)]));
  const entry = {
    ...buildOutboxEntry({
      kind: 'caixa',
      ...OUTBOX_KINDS.caixa.route(at),
      body: { counted, reason, closed_at: closedAt, ...(await madeByNow(db)) },
      summary: `Fechamento de caixa (${session.deviceLabel})`,
      // Its opening and movements, and its sales, returns and instalment receipts still queued.
      dependsOn: await waitingFor(db, OUTBOX_KINDS.caixa.waitsFor(at)),
    }),
    resource: caixaResource(session.id),
  };
  const closed: LocalCashSession = {
    ...session,
    status: 'closed',
    figures,
    difference: totalDifference(figures),
    closedAt,
    closeReason: reason,
  };
  await queueCaixaChange(db, closed, entry);
  return closed;
}

/** After the close's figures were seen: the device has no session (Nova Venda asks to open one). */
export async function dismissCaixa(db: BalcaoDb): Promise<void> {
  const session = await currentCaixa(db);
  if (session?.status === 'closed') await deleteMeta(db, CAIXA_SESSION);
}
