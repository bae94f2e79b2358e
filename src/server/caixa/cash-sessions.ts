// The till session's writes (DESIGN.md, counter rules): open with a float (one open
// session per device), sangria and suprimento (movements inside the store: never
// cash-book entries), and the blind close. The close recomputes the expected figures from
// the session's sales and movements, keeps each method's expected, counted and difference,
// and writes one cash-book entry per method that differs ('Quebra de caixa – Dinheiro'
// expense, 'Sobra de caixa – PIX' income: shared/caixa.ts closeEntries, the device shows
// the same) so the book matches the money counted, method by method. A closed session is
// read-only. Each runs in the caller's transaction (the route's idempotency).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  CLOSE_REASON_REQUIRED,
  closeEntries,
  closeFigures,
  closeNeedsReason,
  totalDifference,
} from '../../shared/caixa';
import type {
  CashMovement,
  CashMovementCreate,
  CashSessionClose,
  CashSessionDetail,
  CashSessionOpen,
} from '../../shared/contract';
import { dayInSaoPaulo, formatDate } from '../../shared/dates';
import { getStoreSettings } from '../core/store-settings';
import type { DbOrTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { cashSessionMovements, cashSessions, type CashSessionRow } from '../db/schema';
import { writeCashEntries, type CashEntry } from '../ledgers/cash-book';
import { badRequest, conflict } from '../errors';
import { saleTime } from '../core/sale-time';
import { expectedNow, movementsOf, takenBySession } from './cash-session-figures';
import { makerOf, readMaker } from './cash-session-use';
import { getCashSession, loadSession, type Caller } from './cash-session-queries';

export const DEVICE_HAS_OPEN_SESSION = 'Este dispositivo já tem um caixa aberto. Feche-o antes de abrir outro.';
export const SESSION_ID_TAKEN = 'Já existe um caixa com este identificador.';
export const SESSION_CLOSED = 'Este caixa já está fechado e não pode mais ser alterado.';
export const MOVEMENT_ID_TAKEN = 'Já existe uma movimentação com este identificador.';

/**
 * Who did a caixa's opening, movement or close at the till. Each comes through the device's
 * outbox, perhaps delivered after a shift change under the next person's session: it is
 * held to the user it names (made_by) when that is one of the store's, else to the caller.
 */
async function tillActor(t: DbOrTx, caller: Caller, madeBy: string | undefined): Promise<Caller> {
  const act = { offline: true, made_by: madeBy };
  const maker = makerOf(act, await readMaker(t, caller.tenantId, act), caller);
  return { ...caller, userId: maker.userId ?? caller.userId, role: maker.role ?? caller.role };
}

export async function openCashSession(t: DbOrTx, caller: Caller, input: CashSessionOpen): Promise<CashSessionDetail> {
  const openedBy = (await tillActor(t, caller, input.made_by)).userId;
  const now = new Date();
  const { soldAt: openedAt, claimedSoldAt } = saleTime(input.opened_at, now);
  const id = input.id ?? randomUUID();
  const [taken] = await t
    .select({ id: cashSessions.id })
    .from(cashSessions)
    .where(and(eq(cashSessions.tenantId, caller.tenantId), eq(cashSessions.id, id)));
  if (taken) throw conflict(SESSION_ID_TAKEN);
  try {
    await t.insert(cashSessions).values({
      tenantId: caller.tenantId,
      id,
      deviceId: input.device_id,
      deviceLabel: input.device_label ?? null,
      status: 'open',
      openingFloat: input.opening_float,
      openedBy,
      openedAt,
      claimedOpenedAt: claimedSoldAt,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'cash_sessions_one_open_idx')) throw conflict(DEVICE_HAS_OPEN_SESSION);
    if (isUniqueViolation(error, 'cash_sessions_pkey')) throw conflict(SESSION_ID_TAKEN);
    throw error;
  }
  // Answered as the opener reads it: the device's caixa is theirs.
  return getCashSession(t, { ...caller, userId: openedBy }, id);
}

/** An open session of the caller's (any for an admin), row-locked: movements and the close wait for each other. */
async function openSessionForUpdate(t: DbOrTx, caller: Caller, id: string): Promise<CashSessionRow> {
  const row = await loadSession(t, caller, id, true);
  if (row.status !== 'open') throw conflict(SESSION_CLOSED);
  return row;
}

export async function addCashMovement(
  t: DbOrTx,
  caller: Caller,
  sessionId: string,
  input: CashMovementCreate,
): Promise<CashMovement> {
  const actor = await tillActor(t, caller, input.made_by);
  await openSessionForUpdate(t, actor, sessionId);
  const now = new Date();
  const id = input.id ?? randomUUID();
  try {
    await t.insert(cashSessionMovements).values({
      tenantId: caller.tenantId,
      id,
      sessionId,
      kind: input.kind,
      amount: input.amount,
      reason: input.reason,
      createdBy: actor.userId,
      madeAt: saleTime(input.made_at, now).soldAt,
      createdAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'cash_session_movements_pkey')) throw conflict(MOVEMENT_ID_TAKEN);
    throw error;
  }
  const movements = await movementsOf(t, caller.tenantId, [sessionId]);
  return movements.get(sessionId)!.find((m) => m.id === id)!;
}

export async function closeCashSession(
  t: DbOrTx,
  caller: Caller,
  sessionId: string,
  input: CashSessionClose,
): Promise<CashSessionDetail> {
  const actor = await tillActor(t, caller, input.made_by);
  const session = await openSessionForUpdate(t, actor, sessionId);
  const now = new Date();
  const closedAt = saleTime(input.closed_at, now).soldAt;
  const [taken, movements, settings] = await Promise.all([
    takenBySession(t, caller.tenantId, [sessionId]),
    movementsOf(t, caller.tenantId, [sessionId]),
    getStoreSettings(t, caller.tenantId),
  ]);
  const expected = expectedNow(session, taken.get(sessionId)!, movements.get(sessionId)!);
  const figures = closeFigures(expected, input.counted);
  if (closeNeedsReason(figures, settings.cash_close_tolerance) && !input.reason) {
    throw badRequest(CLOSE_REASON_REQUIRED, [{ path: 'reason', message: CLOSE_REASON_REQUIRED }]);
  }
  const difference = totalDifference(figures);
  const who = session.deviceLabel ? ` ${session.deviceLabel}` : '';
  const entries = closeEntries(figures).map((e): Extract<CashEntry, { kind: 'close' }> => ({
    kind: 'close',
    tenantId: caller.tenantId,
    id: randomUUID(),
    date: dayInSaoPaulo(closedAt),
    type: e.type,
    description: `${e.label} - Caixa${who} de ${formatDate(session.openedAt.toISOString())}`,
    category: e.category,
    paymentMethod: e.method,
    amount: e.amount,
    at: now,
  }));
  await writeCashEntries(t, entries);
  const entryId = entries[0]?.id ?? null;
  await t
    .update(cashSessions)
    .set({
      status: 'closed',
      closedBy: actor.userId,
      closedAt,
      figures,
      difference,
      closeReason: input.reason ?? null,
      differenceEntryId: entryId,
      updatedAt: now,
    })
    .where(and(eq(cashSessions.tenantId, caller.tenantId), eq(cashSessions.id, sessionId)));
  // Answered as the one who closed it reads it (after a shift change, not the caller's caixa).
  return getCashSession(t, actor, sessionId);
}
