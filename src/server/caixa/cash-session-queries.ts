// Reading till sessions: one with its movements and sales by method, and the filtered list
// (newest first). An admin reads all. A cashier reads only the sessions they opened, and of
// those (spec §6, today only) the ones opened or closed today and any still open, whatever
// the query asks. An open session's expected figures are computed now; a closed one's are
// those its close kept.
import { aliasedTable, and, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import {
  type CashMovement,
  type CashSession,
  type CashSessionDetail,
  type CashSessionListQuery,
} from '../../shared/contract';
import { addDays, startOfDayUtc, todayIso } from '../../shared/dates';
import type { Role } from '../../shared/permissions';
import type { DbOrTx } from '../db/client';
import { pageOf } from '../db/pages';
import { cashSessions, devices, users, type CashSessionRow } from '../db/schema';
import { forbidden, notFound } from '../errors';
import { NOTHING_TAKEN, expectedNow, movementsOf, takenBySession, type SessionTaken } from './cash-session-figures';

export const CASH_SESSION_NOT_FOUND = 'Caixa não encontrado.';
export const CASH_SESSION_NOT_YOURS = 'Este caixa foi aberto por outra pessoa: só um administrador pode mexer nele.';
export const CASH_SESSION_NOT_TODAY =
  'Este caixa é de outro dia: o caixa vê os caixas de hoje e os ainda abertos. Peça a um administrador.';

export interface Caller {
  tenantId: string;
  userId: string;
  role: Role;
}

const s = cashSessions;
const openers = aliasedTable(users, 'openers');
const closers = aliasedTable(users, 'closers');

interface Named {
  row: CashSessionRow;
  openedByName: string | null;
  closedByName: string | null;
  deviceCode: string | null;
  deviceName: string | null;
}

function baseSelect(t: DbOrTx) {
  return t
    .select({
      row: s,
      openedByName: openers.name,
      closedByName: closers.name,
      deviceCode: devices.code,
      deviceName: devices.name,
    })
    .from(s)
    .leftJoin(openers, and(eq(openers.tenantId, s.tenantId), eq(openers.id, s.openedBy)))
    .leftJoin(closers, and(eq(closers.tenantId, s.tenantId), eq(closers.id, s.closedBy)))
    .leftJoin(devices, and(eq(devices.tenantId, s.tenantId), eq(devices.id, s.deviceId)));
}

export function toCashSession(
  { row, openedByName, closedByName, deviceCode, deviceName }: Named,
  taken: SessionTaken,
  movements: readonly CashMovement[],
): CashSession {
  const expected = row.figures
    ? row.figures.map((f) => ({ method: f.method, amount: f.expected }))
    : Object.entries(expectedNow(row, taken, movements)).map(([method, amount]) => ({ method, amount }));
  return {
    id: row.id,
    device_id: row.deviceId,
    device_label: row.deviceLabel,
    device_code: deviceCode,
    device_name: deviceName,
    status: row.status,
    opening_float: row.openingFloat,
    opened_by: row.openedBy,
    opened_by_name: openedByName,
    opened_at: row.openedAt.toISOString(),
    closed_by: row.closedBy,
    closed_by_name: closedByName,
    closed_at: row.closedAt?.toISOString() ?? null,
    expected: expected as CashSession['expected'],
    figures: (row.figures ?? null) as CashSession['figures'],
    difference: row.difference,
    close_reason: row.closeReason,
    sales_count: taken.sales,
  };
}

/** The session's row, optionally row-locked; 404 when not the store's, 403 when a cashier's other than the caller's. */
export async function loadSession(t: DbOrTx, caller: Caller, id: string, forUpdate = false): Promise<CashSessionRow> {
  const query = t
    .select()
    .from(s)
    .where(and(eq(s.tenantId, caller.tenantId), eq(s.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return mayRead(caller, row);
}

/** The session when the caller may read it: 404 when not the store's, 403 when a cashier's other than the caller's. */
function mayRead(caller: Caller, row: CashSessionRow | undefined): CashSessionRow {
  if (!row) throw notFound(CASH_SESSION_NOT_FOUND);
  if (caller.role !== 'admin' && row.openedBy !== caller.userId) throw forbidden(CASH_SESSION_NOT_YOURS);
  return row;
}

/** Of a cashier's sessions, the ones of today (spec §6): still open, or opened or closed today. */
function cashierDay(): SQL {
  const today = startOfDayUtc(todayIso());
  return or(eq(s.status, 'open'), gte(s.openedAt, today), gte(s.closedAt, today))!;
}

/** A session a cashier reads on the Caixas screen: theirs (mayRead) and of today (cashierDay). */
function ofCashierDay(caller: Caller, row: CashSessionRow): void {
  if (caller.role === 'admin' || row.status === 'open') return;
  const today = startOfDayUtc(todayIso()).getTime();
  if (row.openedAt.getTime() >= today || (row.closedAt?.getTime() ?? 0) >= today) return;
  throw forbidden(CASH_SESSION_NOT_TODAY);
}

/**
 * One session with its movements and takings. `today`: a cashier's reading of the Caixas
 * screen, held to today's sessions; the writes read back the session they just changed.
 */
export async function getCashSession(
  t: DbOrTx,
  caller: Caller,
  id: string,
  { today = false }: { today?: boolean } = {},
): Promise<CashSessionDetail> {
  const [named] = await baseSelect(t).where(and(eq(s.tenantId, caller.tenantId), eq(s.id, id)));
  const row = mayRead(caller, named?.row);
  if (today) ofCashierDay(caller, row);
  const [taken, movements] = await Promise.all([
    takenBySession(t, caller.tenantId, [id]),
    movementsOf(t, caller.tenantId, [id]),
  ]);
  const sessionTaken = taken.get(id) ?? NOTHING_TAKEN;
  const sessionMovements = movements.get(id) ?? [];
  return {
    ...toCashSession(named!, sessionTaken, sessionMovements),
    movements: sessionMovements,
    sales_by_method: sessionTaken.methods.map((m) => ({
      method: m.method as CashSessionDetail['sales_by_method'][number]['method'],
      count: m.count,
      amount: m.amount,
    })),
    installments_by_method: sessionTaken.installments.map((m) => ({
      method: m.method as CashSessionDetail['installments_by_method'][number]['method'],
      count: m.count,
      amount: m.amount,
    })),
  };
}

export async function listCashSessions(t: DbOrTx, caller: Caller, query: CashSessionListQuery) {
  const filters: (SQL | undefined)[] = [eq(s.tenantId, caller.tenantId)];
  // A cashier sees the sessions they opened, of today, whatever the query names.
  const userId = caller.role === 'admin' ? query.user_id : caller.userId;
  if (userId) filters.push(eq(s.openedBy, userId));
  if (caller.role !== 'admin') filters.push(cashierDay());
  if (query.status) filters.push(eq(s.status, query.status));
  if (query.device_id) filters.push(eq(s.deviceId, query.device_id));
  if (query.start_date) filters.push(gte(s.openedAt, startOfDayUtc(query.start_date)));
  if (query.end_date) filters.push(lt(s.openedAt, startOfDayUtc(addDays(query.end_date, 1))));
  const where = and(...filters);
  const { rows, pagination } = await pageOf(
    baseSelect(t).where(where).orderBy(desc(s.openedAt), desc(s.id)).$dynamic(),
    t.select({ total: count() }).from(s).where(where),
    query,
  );
  const ids = rows.map((r) => r.row.id);
  const open = rows.filter((r) => r.row.status === 'open').map((r) => r.row.id);
  const [taken, movements] = await Promise.all([
    takenBySession(t, caller.tenantId, ids),
    movementsOf(t, caller.tenantId, open),
  ]);
  return {
    sessions: rows.map((r) => toCashSession(r, taken.get(r.row.id) ?? NOTHING_TAKEN, movements.get(r.row.id) ?? [])),
    pagination,
  };
}
