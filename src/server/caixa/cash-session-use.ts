// Which caixa a sale, a return, a vale-troca payout or an instalment received goes into
// (docs/counter.md, 'Quem mexe num caixa'): the one open on the device it was made on,
// opened by whoever makes it. An admin covering a till may use the caixa another person
// opened on that device (the money is in that drawer); a cashier only their own. Online
// anything else is refused, so the cashier can open their own caixa: 404 unknown, 409
// closed or of another device, 403 another person's. From the outbox the act already
// happened: a caixa closed meanwhile (or unknown) leaves it in no caixa, as it always did;
// another device's caixa leaves it in none too (its money is not in that drawer) and
// another person's keeps it there (it is), and both are recorded as a 'cash_session'
// conflict for admins to review. The outbox delivers with whoever is signed in at delivery
// (after a shift change, not who made the act): an act from it that names its maker
// (`made_by`, the device's signed-in user when it was made) is held to that user, if one of
// the store's; a name that is not is ignored (the caller is held, nothing is refused).
import { and, eq } from 'drizzle-orm';
import type { Role } from '../../shared/permissions';
import type { DbOrTx } from '../db/client';
import { cashSessions, users } from '../db/schema';
import { conflict, forbidden, notFound } from '../errors';

export const CASH_SESSION_NOT_FOUND = 'Caixa não encontrado.';
export const CASH_SESSION_CLOSED = 'Este caixa já está fechado. Abra o caixa para continuar vendendo.';
export const CASH_SESSION_OTHER_DEVICE =
  'Este caixa foi aberto em outro aparelho: use o caixa aberto neste aparelho ou abra um aqui.';
export const CASH_SESSION_OTHER_PERSON =
  'Este caixa foi aberto por outra pessoa. Peça a quem o abriu (ou a um administrador) que o feche e abra o seu.';

/** What the rule reads of a caixa. */
export interface SessionOwner {
  open: boolean;
  deviceId: string;
  openedBy: string | null;
}

/** Who makes the act, where, and whether it comes from the outbox. */
export interface SessionAct {
  sessionId: string | undefined;
  deviceId: string | undefined;
  userId: string | null;
  /** A service calling without a role (a composing service) is not held to the opener. */
  role: Role | undefined;
  offline: boolean;
}

export interface SessionUse {
  /** The caixa the act joins (null: none). */
  sessionId: string | null;
  /** Whether admins must review it (an offline act in a caixa not its own). */
  conflict: boolean;
}

/** Who the rule holds to an act. */
export interface Maker {
  userId: string | null;
  role: Role | undefined;
}

/** The store's users the run's outbox acts name as their makers, with their roles. */
export type Makers = ReadonlyMap<string, Role>;

/** What an act says of who made it. */
export interface MakerClaim {
  offline?: boolean;
  made_by?: string;
}

/** The `made_by` worth looking up: an outbox act's only (an online act's maker is the caller). */
export const claimedMaker = (act: MakerClaim): string | undefined => (act.offline ? act.made_by : undefined);

/**
 * Who made `act`: the user an outbox act names, when `makers` has them (one of the store's);
 * else the caller. A composing service (no role) is held to no one, whoever made the act.
 */
export function makerOf(act: MakerClaim, makers: Makers, caller: Maker): Maker {
  const named = claimedMaker(act);
  const role = named === undefined ? undefined : makers.get(named);
  if (named === undefined || role === undefined || caller.role === undefined) return caller;
  return { userId: named, role };
}

/** The maker an outbox act names, if a user of the store (for makerOf). */
export async function readMaker(t: DbOrTx, tenantId: string, act: MakerClaim): Promise<Makers> {
  const id = claimedMaker(act);
  if (!id) return new Map();
  const [row] = await t
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return new Map(row ? [[id, row.role]] : []);
}

const NO_SESSION: SessionUse = { sessionId: null, conflict: false };

/** The caixa `act` joins, given the caixa it names (undefined: not the store's); throws the online refusal. */
export function sessionUse(session: SessionOwner | undefined, act: SessionAct): SessionUse {
  if (!act.sessionId) return NO_SESSION;
  if (!session || !session.open) {
    if (act.offline) return NO_SESSION;
    throw session ? conflict(CASH_SESSION_CLOSED) : notFound(CASH_SESSION_NOT_FOUND);
  }
  if (session.deviceId !== act.deviceId) {
    if (act.offline) return { sessionId: null, conflict: true };
    throw conflict(CASH_SESSION_OTHER_DEVICE);
  }
  if (act.role === 'user' && session.openedBy !== act.userId) {
    if (act.offline) return { sessionId: act.sessionId, conflict: true };
    throw forbidden(CASH_SESSION_OTHER_PERSON);
  }
  return { sessionId: act.sessionId, conflict: false };
}

/**
 * The caixa an act names, read for the rule; `share`: locked for share, so a close in
 * progress finishes first (its figures then never include the act) or waits for it.
 */
export async function readSessionOwner(
  t: DbOrTx,
  tenantId: string,
  id: string | undefined,
  { share = false }: { share?: boolean } = {},
): Promise<SessionOwner | undefined> {
  if (!id) return undefined;
  const s = cashSessions;
  const query = t
    .select({ status: s.status, deviceId: s.deviceId, openedBy: s.openedBy })
    .from(s)
    .where(and(eq(s.tenantId, tenantId), eq(s.id, id)));
  const [row] = share ? await query.for('share') : await query;
  return row && { open: row.status === 'open', deviceId: row.deviceId, openedBy: row.openedBy };
}
