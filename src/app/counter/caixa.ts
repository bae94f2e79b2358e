// The till session (caixa) on this device (DESIGN.md, counter rules). The session lives in
// the device's storage (meta 'caixa.session') and every change to it is written with its
// outbox entry in ONE transaction, so it works offline and reaches the server exactly once
// (its outbox id is the Idempotency-Key) and in order: its movements and its sales wait for
// its opening, and its close waits for its movements and for every sale of the session
// still queued (and its returns and instalment receipts). Here: the session, its opening,
// its movements and the receipts kept on it; its close is caixa-close.ts.
import type { CloseFigure } from '../../shared/caixa';
import { toReais } from '../../shared/money';
import type { BalcaoDb, OutboxEntry } from '../offline/db';
import { deviceIdentity } from '../offline/device-identity';
import { buildOutboxEntry } from '../offline/outbox';
import { madeByNow } from '../offline/session-cache';

export const META_CAIXA = 'caixa.session';

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

/** The outbox resource of a session's own entries (its opening, movements and close). */
export const caixaResource = (sessionId: string) => `caixa:${sessionId}`;

export async function currentCaixa(db: BalcaoDb): Promise<LocalCashSession | null> {
  return ((await db.meta.get(META_CAIXA))?.value as LocalCashSession | undefined) ?? null;
}

/** Outbox ids a sale of the session waits for: the session's opening, while queued. */
export async function caixaDependencies(db: BalcaoDb, sessionId: string): Promise<string[]> {
  const queued = await db.outbox.where('id').equals(sessionId).first();
  return queued ? [queued.id] : [];
}

/** Writes the session with its outbox entry, in one transaction. */
export async function queueCaixaChange(db: BalcaoDb, session: LocalCashSession, entry: OutboxEntry): Promise<void> {
  await db.transaction('rw', db.meta, db.outbox, async () => {
    await db.outbox.add(entry);
    await db.meta.put({ key: META_CAIXA, value: session });
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

/** Abrir Caixa: the session and its outbox entry (the session's id is the entry's). */
export async function openCaixa(
  db: BalcaoDb,
  input: { openingFloat: number; operator: Operator },
): Promise<LocalCashSession> {
  const existing = await currentCaixa(db);
  if (existing?.status === 'open') throw new Error('Já existe um caixa aberto neste dispositivo.');
  const device = await deviceIdentity(db);
  const id = crypto.randomUUID();
  const openedAt = new Date().toISOString();
  const session = newSession(id, device.label, input.operator, input.openingFloat, openedAt);
  const entry = {
    ...buildOutboxEntry({
      id,
      kind: 'caixa',
      method: 'POST',
      path: '/api/cash-sessions',
      body: {
        id,
        device_id: device.id,
        device_label: device.label,
        opening_float: toReais(input.openingFloat),
        opened_at: openedAt,
        ...(await madeByNow(db)),
      },
      summary: `Abertura de caixa (${device.label})`,
    }),
    resource: caixaResource(id),
  };
  await queueCaixaChange(db, session, entry);
  return session;
}

/** The device's open session; throws when none is open. */
export async function requireOpenCaixa(db: BalcaoDb): Promise<LocalCashSession> {
  const session = await currentCaixa(db);
  if (!session || session.status !== 'open') throw new Error('Nenhum caixa aberto neste dispositivo.');
  return session;
}

/** Sangria or suprimento: kept on the session and queued behind its opening. */
export async function addCashMovement(
  db: BalcaoDb,
  input: { kind: LocalCashMovement['kind']; amount: number; reason: string },
): Promise<LocalCashMovement> {
  const session = await requireOpenCaixa(db);
  const movement: LocalCashMovement = { id: crypto.randomUUID(), madeAt: new Date().toISOString(), ...input };
  const earlier = await db.outbox.where('resource').equals(caixaResource(session.id)).toArray();
  const entry = {
    ...buildOutboxEntry({
      id: movement.id,
      kind: 'caixa',
      method: 'POST',
      path: `/api/cash-sessions/${session.id}/movements`,
      body: {
        id: movement.id,
        kind: input.kind,
        amount: toReais(input.amount),
        reason: input.reason,
        made_at: movement.madeAt,
        ...(await madeByNow(db)),
      },
      summary: `${input.kind === 'sangria' ? 'Sangria' : 'Suprimento'}: ${input.reason}`,
      dependsOn: earlier.map((e) => e.id),
    }),
    resource: caixaResource(session.id),
  };
  await queueCaixaChange(db, { ...session, movements: [...session.movements, movement] }, entry);
  return movement;
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
  await db.meta.put({ key: META_CAIXA, value: { ...session, receipts: [...(session.receipts ?? []), receipt] } });
}

/**
 * A kept receipt as the server answered it once delivered (what it counted, or null: none
 * in this session), while the session is open: the server's figure wins over the device's.
 */
export async function settleCaixaReceipt(db: BalcaoDb, id: string, receipt: LocalCashReceipt | null): Promise<void> {
  const session = await currentCaixa(db);
  if (session?.status !== 'open' || !session.receipts?.some((r) => r.id === id)) return;
  const receipts = session.receipts.flatMap((r) => (r.id !== id ? [r] : receipt ? [receipt] : []));
  await db.meta.put({ key: META_CAIXA, value: { ...session, receipts } });
}
