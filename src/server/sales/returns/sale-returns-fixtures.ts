// The returns suites' store (sale-returns*.test.ts): the app on a fresh database with one
// customer, and the steps they repeat: sell, give back, open a caixa and read its expected
// figures, and a customer's vale-troca (balance and ledger).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers } from '../../db/schema';
import {
  makeProduct,
  saleBody,
  salesSuite,
  tillOpening,
  type LineInput,
  type ProductFixture,
} from '../../test/sales-fixtures';
import type { TestDbKind } from '../../test/testDb';

/** Registers the store's opening and closing around the suite; read `s` inside the tests. */
export function returnsSuite(kind: TestDbKind) {
  const s = salesSuite(kind, 'Marta Devolve');
  const keyed = (token: string, key = randomUUID()) => ({ token, headers: { 'Idempotency-Key': key } });
  const product = (price: number, cost = 1000, stock = 100) =>
    makeProduct(s.ctx.db, s.tenantId, { stock, price, cost });
  const sell = async (lines: { product: ProductFixture; quantity: number }[], extra = {}, token = s.admin) => {
    const res = await s.http.post('/api/sales', saleBody(s.customer.id, lines, extra), keyed(token));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string; items: { id: string; product_id: string }[] };
  };
  /** A sale to `buyer` (the cashier's by default), answered as it is: nothing checked. */
  const saleTo = (buyer: string, lines: LineInput[], extra: Record<string, unknown> = {}, token = s.cashier) =>
    s.http.post('/api/sales', saleBody(buyer, lines, extra), keyed(token));
  const giveBack = (
    saleId: string,
    lines: { sale_item_id: string; quantity: number; damaged?: boolean }[],
    extra: Record<string, unknown> = {},
    token = s.admin,
    key = randomUUID(),
  ) =>
    s.http.post(
      `/api/sales/${saleId}/returns`,
      { lines, reason: 'Cliente desistiu', refund_method: 'dinheiro', ...extra },
      keyed(token, key),
    );
  const balanceOf = async (id = s.customer.id) =>
    (
      await s.ctx.db
        .select()
        .from(customers)
        .where(and(eq(customers.tenantId, s.tenantId), eq(customers.id, id)))
    )[0]!.storeCredit;
  const openSession = async () => {
    const res = await s.http.post('/api/cash-sessions', tillOpening(), keyed(s.cashier));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  const expectedOf = async (sessionId: string) => {
    const res = await s.http.get(`/api/cash-sessions/${sessionId}`, { token: s.admin });
    return Object.fromEntries(
      (res.body.data.expected as { method: string; amount: number }[]).map((e) => [e.method, e.amount]),
    );
  };
  /** A customer's vale-troca as the API answers it: the balance and each entry [kind, amount, balance after]. */
  const storeCreditOf = async (id: string) => {
    const ledger = await s.http.get(`/api/customers/${id}/store-credit`, { token: s.cashier });
    return {
      balance: ledger.body.data.balance as number,
      entries: ledger.body.data.entries.map((e: { kind: string; amount: number; balance_after: number }) => [
        e.kind,
        e.amount,
        e.balance_after,
      ]),
    };
  };
  return { s, keyed, product, sell, saleTo, giveBack, balanceOf, openSession, expectedOf, storeCreditOf };
}
