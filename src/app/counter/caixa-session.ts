// The till session (caixa) as this device keeps it (meta 'caixa.session', DESIGN.md counter
// rules): the session, its movements and the money it took in or paid out besides sales
// (receipts), read and written in the caller's transaction. What opens, moves and closes
// it through the outbox: caixa.ts and caixa-close.ts.
import type { CloseFigure } from '../../shared/caixa';
import type { BalcaoDb, OutboxEntry } from '../offline/db';
import { inOneTransaction, metaKey, readMeta, writeMeta } from '../offline/device-store';
import { addToOutbox } from '../offline/outbox';

/** Where the device keeps its till session. */
export const CAIXA_SESSION = metaKey<LocalCashSession>('caixa.session');

export interface LocalCashMovement {
  id: string;
  kind: 'sangria' | 'suprimento';
  /** centavos */
  amount: number;
  reason: string;
  madeAt: string;
}

export interface LocalCashSession {
  id: string;
  deviceLabel: string;
  openedBy: string;
  openedByName: string;
  openedAt: string;
  /** centavos */
  openingFloat: number;
  movements: LocalCashMovement[];
  status: 'open' | 'closed';
  /** The close as this device computed it (null while open). */
  figures: CloseFigure[] | null;
  difference: number | null;
  closedAt: string | null;
  closeReason: string | null;
  /**
   * Money in or out of the till besides sales, done on this device while the session was
   * open: crediário instalments received (+), returns paid back and vale-troca given back
   * in cash (-).
   */
  receipts?: LocalCashReceipt[];
}

/**
 * Money in or out of the till besides sales, by its document's id (its outbox id): an
 * instalment received (the method and what came in, centavos, charges included), a return
 * paid back in dinheiro or by estorno (negative, in the method it went back by:
 * returns.ts), vale-troca given back in cash ('cash', negative: store-credit-payout.ts).
 */
export interface LocalCashReceipt {
  id: string;
  method: string;
  amount: number;
}

/** One part a sale was paid in (centavos), as the session counts it. */
export interface SalePart {
  method: string;
  amount: number;
}

export async function currentCaixa(db: BalcaoDb): Promise<LocalCashSession | null> {
  return (await readMeta(db, CAIXA_SESSION)) ?? null;
}

/** Writes the session with its outbox entry, in one transaction. */
export async function queueCaixaChange(db: BalcaoDb, session: LocalCashSession, entry: OutboxEntry): Promise<void> {
  await inOneTransaction(db, ['meta', 'outbox'], async () => {
    await addToOutbox(db, entry);
    await writeMeta(db, CAIXA_SESSION, session);
  });
}

export interface Operator {
  id: string;
  name: string;
}

/** A session just opened: nothing moved, counted or closed yet. */
export function newSession(
  id: string,
  deviceLabel: string,
  operator: Operator,
  openingFloat: number,
  openedAt: string,
): LocalCashSession {
  const { id: openedBy, name: openedByName } = operator;
  return {
    id,
    deviceLabel,
    openedBy,
    openedByName,
    openedAt,
    openingFloat,
    movements: [],
    status: 'open' as const,
    figures: null,
    difference: null,
    closedAt: null,
    closeReason: null,
  };
}

/** The device's open session; throws when none is open. */
export async function requireOpenCaixa(db: BalcaoDb): Promise<LocalCashSession> {
  const session = await currentCaixa(db);
  if (!session || session.status !== 'open') throw new Error('Nenhum caixa aberto neste dispositivo.');
  return session;
}

/**
 * Keeps an instalment received now on the open session `sessionId` (the server counts it
 * there too: its request names the session). Run inside the transaction that queues the
 * receipt, or after the server took it.
 */
export async function keepCaixaReceipt(db: BalcaoDb, sessionId: string, receipt: LocalCashReceipt): Promise<void> {
  const session = await currentCaixa(db);
  if (session?.id !== sessionId || session.status !== 'open') return;
  if (session.receipts?.some((r) => r.id === receipt.id)) return;
  await writeMeta(db, CAIXA_SESSION, { ...session, receipts: [...(session.receipts ?? []), receipt] });
}

/**
 * A kept receipt as the server answered it once delivered (what it counted, or null: none
 * in this session), while the session is open: the server's figure wins over the device's.
 */
export async function settleCaixaReceipt(db: BalcaoDb, id: string, receipt: LocalCashReceipt | null): Promise<void> {
  const session = await currentCaixa(db);
  if (session?.status !== 'open' || !session.receipts?.some((r) => r.id === id)) return;
  const receipts = session.receipts.flatMap((r) => (r.id !== id ? [r] : receipt ? [receipt] : []));
  await writeMeta(db, CAIXA_SESSION, { ...session, receipts });
}
