// What a till session's sales took in, by method (their sale_payments), and its movements: the inputs of the
// expected figures (shared/caixa.ts does the arithmetic, the same on the device). What
// counts as money taken in is the rule of shared/caixa-taken.ts (takenIn), summed here in
// SQL for speed; cash-session-taken.test.ts holds the two equal over generated days.
// Only completed sales count; a cancelled sale took nothing in. What a return paid back
// from the session (cash, or an estorno on a card or Pix) counts out of its method.
// Instalments received at the till count in their method too (principal and late
// charges), apart from the sales.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CashMovement } from '../../shared/contract';
import { expectedByMethod, type CountMethod, type TakenByMethod } from '../../shared/caixa';
import type { DbOrTx } from '../db/client';
import {
  cashFlowEntries,
  cashSessionMovements,
  salePayments,
  saleReturns,
  sales,
  storeCreditPayouts,
  users,
  type CashSessionRow,
} from '../db/schema';

export interface MethodTotal {
  method: string;
  count: number;
  amount: number;
}

/** A session's take: per method (with how many sales took something in it) and its sales. */
export interface SessionTaken {
  methods: MethodTotal[];
  /** Instalments received in the session, per method (with how many receipts), late charges included. */
  installments: MethodTotal[];
  /** Completed sales of the session (a sale paid in two methods counts once). */
  sales: number;
}

export const NOTHING_TAKEN: SessionTaken = { methods: [], installments: [], sales: 0 };

/**
 * Each method's take of the sessions' completed sales (cash net of change, a crediário's
 * entrada in cash): one grouped read for any number of sessions (the list's page).
 */
export async function takenBySession(
  t: DbOrTx,
  tenantId: string,
  sessionIds: readonly string[],
): Promise<Map<string, SessionTaken>> {
  const out = new Map<string, SessionTaken>(sessionIds.map((id) => [id, { methods: [], installments: [], sales: 0 }]));
  if (sessionIds.length === 0) return out;
  const { rows } = (await t.execute(sessionTakenSql(tenantId, sessionIds))) as unknown as {
    rows: { session_id: string; receipt: boolean; method: string | null; count: number; amount: number | null }[];
  };
  for (const r of rows) {
    const taken = out.get(r.session_id);
    if (!taken) continue;
    const total = { method: r.method!, count: r.count, amount: Number(r.amount) };
    if (r.method === null) taken.sales = r.count;
    else if (r.receipt) taken.installments.push(total);
    else taken.methods.push(total);
  }
  return out;
}

/** The grouped read of takenBySession (the bench times this very statement). */
export function sessionTakenSql(tenantId: string, sessionIds: readonly string[]) {
  // One array parameter: the planner reaches each session's rows through its index.
  const ids = sql`ANY(${`{${sessionIds.join(',')}}`}::uuid[])`;
  return sql`
    SELECT p.session_id, p.receipt, p.method,
           (count(DISTINCT p.doc_id) FILTER (WHERE p.amount > 0))::integer AS count,
           sum(p.amount)::float8 AS amount
      FROM (${sessionPartsSql(tenantId, ids)}) p
     WHERE p.amount <> 0
     GROUP BY p.session_id, p.receipt, p.method
    UNION ALL
    SELECT s.cash_session_id, false, NULL, count(*)::integer, NULL
      FROM ${sales} s
     WHERE s.tenant_id = ${tenantId} AND s.cash_session_id = ${ids} AND s.sale_status = 'completed'
     GROUP BY s.cash_session_id
     ORDER BY 1, 2, 3`;
}

/**
 * Every part the sessions' completed sales were paid in (sale_payments: cash net of
 * change, a crediário's entrada in the method it was paid by; a vale-troca part brought no
 * money in), and, negative, what the sessions' returns paid back in cash or by estorno and
 * the vale-troca they gave back in cash (store_credit_payouts);
 * then the instalments received in the sessions (their cash-book entries: the principal
 * and the late charges, one receipt by the paid account): session_id, receipt, doc_id,
 * method, amount.
 */
function sessionPartsSql(tenantId: string, ids: SQL) {
  return sql`
    SELECT s.cash_session_id AS session_id, false AS receipt, s.id AS doc_id, p.method, p.amount
      FROM ${sales} s
      JOIN ${salePayments} p ON p.tenant_id = s.tenant_id AND p.sale_id = s.id
     WHERE s.tenant_id = ${tenantId} AND s.cash_session_id = ${ids} AND s.sale_status = 'completed'
       AND p.method <> 'store_credit'
    UNION ALL
    SELECT r.cash_session_id, false, r.sale_id, r.refund_payment_method, -r.refunded
      FROM ${saleReturns} r
     WHERE r.tenant_id = ${tenantId} AND r.cash_session_id = ${ids}
       AND r.refund_payment_method IS NOT NULL AND r.refunded > 0
    UNION ALL
    SELECT p.cash_session_id, false, p.return_id, 'cash', -p.amount
      FROM ${storeCreditPayouts} p
     WHERE p.tenant_id = ${tenantId} AND p.cash_session_id = ${ids}
    UNION ALL
    SELECT e.cash_session_id, true, e.account_receivable_id, e.payment_method, e.amount
      FROM ${cashFlowEntries} e
     WHERE e.tenant_id = ${tenantId} AND e.cash_session_id = ${ids} AND e.type = 'income'`;
}

/** The movements of the sessions, oldest first, with who made each. */
export async function movementsOf(
  t: DbOrTx,
  tenantId: string,
  sessionIds: readonly string[],
): Promise<Map<string, CashMovement[]>> {
  const out = new Map<string, CashMovement[]>(sessionIds.map((id) => [id, []]));
  if (sessionIds.length === 0) return out;
  const m = cashSessionMovements;
  const rows = await t
    .select({ row: m, name: users.name })
    .from(m)
    .leftJoin(users, and(eq(users.tenantId, m.tenantId), eq(users.id, m.createdBy)))
    .where(and(eq(m.tenantId, tenantId), inArray(m.sessionId, [...sessionIds])))
    .orderBy(asc(m.madeAt), asc(m.createdAt), asc(m.id));
  for (const { row, name } of rows) {
    out.get(row.sessionId)?.push({
      id: row.id,
      session_id: row.sessionId,
      kind: row.kind,
      amount: row.amount,
      reason: row.reason,
      created_by: row.createdBy,
      created_by_name: name,
      made_at: row.madeAt.toISOString(),
    });
  }
  return out;
}

/** The expected figures of a session now (per counted method, centavos): its sales' and receipts' take. */
export function expectedNow(
  session: Pick<CashSessionRow, 'openingFloat'>,
  taken: Pick<SessionTaken, 'methods' | 'installments'>,
  movements: readonly Pick<CashMovement, 'kind' | 'amount'>[],
): Record<CountMethod, number> {
  const byMethod: TakenByMethod = {};
  for (const t of [...taken.methods, ...taken.installments]) byMethod[t.method] = (byMethod[t.method] ?? 0) + t.amount;
  return expectedByMethod({ openingFloat: session.openingFloat, taken: byMethod, movements });
}
