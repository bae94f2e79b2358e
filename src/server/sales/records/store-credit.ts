// The vale-troca (store credit): a balance on the customer (customers.store_credit, never
// below zero: a CHECK holds it) and its ledger (store_credit_ledger), each credit (a return
// paid back as vale-troca) and use (a sale part 'store_credit') with its document and the
// balance right after. Every write happens under the customer's row lock: a sale run locks
// its customers for update when one of its sales pays with the vale (sale-create-read.ts),
// a return locks its sale's customer (sale-returns.ts). The balance travels to the devices
// with the customer (a write of the row bumps its sync version).
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { StoreCredit } from '../../../shared/contract';
import { formatBRL } from '../../../shared/money';
import type { DbOrTx } from '../../db/client';
import { customers, storeCreditLedger } from '../../db/schema';
import { notFound } from '../../errors';
import { CUSTOMER_NOT_FOUND } from '../../catalogue/customers';

/** What a sale takes from its customer's vale-troca. */
export interface StoreCreditUse {
  customerId: string;
  /** centavos taken from the balance */
  take: number;
  balanceAfter: number;
  /** centavos the till used beyond the balance (an offline sale: a conflict) */
  short: number;
}

export const storeCreditShort = (balance: number, used: number) =>
  `O vale-troca do cliente tem ${formatBRL(balance)} e a venda usa ${formatBRL(used)}. ` +
  'Cobre a diferença com outra forma de pagamento.';

/** The UPDATE of customers' balances (for a WITH: a sale run's one statement). */
export function storeCreditBalancesSql(
  tenantId: string,
  balances: readonly { customerId: string; balance: number }[],
): SQL {
  const json = JSON.stringify(balances.map((b) => ({ id: b.customerId, balance: b.balance })));
  return sql`UPDATE ${customers} AS c SET store_credit = x.balance, updated_at = now()
               FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, balance bigint)
              WHERE c.tenant_id = ${tenantId} AND c.id = x.id RETURNING c.id`;
}

/**
 * Credits `amount` centavos to the customer (a return to vale-troca); the customer's row
 * must be locked by the caller's transaction. Answers the balance after.
 */
export async function creditStoreCredit(
  t: DbOrTx,
  tenantId: string,
  {
    customerId,
    amount,
    returnId = null,
    saleId = null,
    userId,
  }: { customerId: string; amount: number; returnId?: string | null; saleId?: string | null; userId: string | null },
): Promise<number> {
  const [row] = await t
    .update(customers)
    .set({ storeCredit: sql`${customers.storeCredit} + ${amount}`, updatedAt: new Date() })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
    .returning({ balance: customers.storeCredit });
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  await t.insert(storeCreditLedger).values({
    tenantId,
    customerId,
    kind: 'credit',
    amount,
    balanceAfter: row.balance,
    returnId,
    saleId,
    createdBy: userId,
  });
  return row.balance;
}

/** A cancelled sale gives back the vale-troca it used (a credit naming the sale). */
export async function restoreStoreCredit(
  t: DbOrTx,
  tenantId: string,
  sale: { id: string; customerId: string },
  userId: string | null,
): Promise<void> {
  const l = storeCreditLedger;
  const [row] = await t
    .select({
      // What it used less what was given back already; a payout closing the sale's exchange is the customer's cash, not the sale's.
      used: sql<number>`coalesce(sum(CASE ${l.kind} WHEN 'use' THEN ${l.amount} WHEN 'credit' THEN -${l.amount} ELSE 0 END), 0)::float8`,
    })
    .from(l)
    .where(and(eq(l.tenantId, tenantId), eq(l.saleId, sale.id)));
  const used = Number(row?.used ?? 0);
  if (used > 0)
    await creditStoreCredit(t, tenantId, { customerId: sale.customerId, amount: used, saleId: sale.id, userId });
}

/** GET /api/customers/:id/store-credit: the balance and its ledger, oldest first. */
export async function getStoreCredit(db: DbOrTx, tenantId: string, customerId: string): Promise<StoreCredit> {
  const [customer] = await db
    .select({ balance: customers.storeCredit })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  const l = storeCreditLedger;
  const rows = await db
    .select()
    .from(l)
    .where(and(eq(l.tenantId, tenantId), eq(l.customerId, customerId)))
    .orderBy(asc(l.seq));
  return {
    customer_id: customerId,
    balance: customer.balance,
    entries: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: r.amount,
      balance_after: r.balanceAfter,
      return_id: r.returnId,
      sale_id: r.saleId,
      created_at: r.createdAt.toISOString(),
    })),
  };
}
