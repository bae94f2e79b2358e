// What a caixa counts as money taken in is one rule (shared/caixa-taken.ts takenIn); the
// server sums it in SQL for speed (cash-session-figures.ts takenBySession). Over generated
// days at a till (sales of every method, split and cancelled; returns in dinheiro, by
// estorno and in vale-troca; vale-troca given back in cash; instalments received with late
// charges) the SQL and the rule, read over the session's own documents, say the same.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TakenByMethod } from '../../shared/caixa';
import { takenIn, type TillEvent } from '../../shared/caixa-taken';
import { addDays, todayIso } from '../../shared/dates';
import { cashFlowEntries, salePayments, saleReturns, sales, storeCreditPayouts } from '../db/schema';
import { NO_STORE, useTestStore } from '../test/helpers';
import { atTill, makeCustomer, makeProduct, saleBody, tillOpening, type ProductFixture } from '../test/sales-fixtures';
import { databases } from '../test/testDb';
import { takenBySession } from './cash-session-figures';

const reais = (c: number) => c / 100;
const METHODS = ['cash', 'pix', 'credit_card', 'debit_card', 'transfer'] as const;

const saleArb = fc.record({
  kind: fc.constant('sale' as const),
  quantity: fc.integer({ min: 1, max: 3 }),
  how: fc.constantFrom('whole', 'whole', 'split', 'cash_change', 'crediario'),
  method: fc.constantFrom(...METHODS),
  second: fc.constantFrom(...METHODS),
  /** The first part's or the entrada's share of the total, in percent. */
  share: fc.integer({ min: 0, max: 100 }),
  cancelled: fc.boolean(),
});
const returnArb = fc.record({
  kind: fc.constant('return' as const),
  sale: fc.nat(),
  refund: fc.constantFrom('dinheiro', 'estorno', 'vale_troca'),
  payout: fc.integer({ min: 0, max: 100 }),
});
const receiptArb = fc.record({
  kind: fc.constant('receipt' as const),
  method: fc.constantFrom(...METHODS),
  part: fc.integer({ min: 0, max: 10_000 }),
});
const dayArb = fc.array(fc.oneof(saleArb, saleArb, returnArb, receiptArb), { minLength: 1, maxLength: 8 });
type Step = (typeof dayArb extends fc.Arbitrary<infer T> ? T : never)[number];

/** Both sides without the methods that came to zero. */
const nonZero = (taken: TakenByMethod) => Object.fromEntries(Object.entries(taken).filter(([, v]) => v !== 0));

describe.each(databases())('what a caixa counts as taken in (%s)', (kind) => {
  let { ctx, http, tenantId, admin } = NO_STORE;
  let product: ProductFixture;
  let customerId: string;
  const keyed = (key = randomUUID()) => ({ token: admin, headers: { 'Idempotency-Key': key } });

  useTestStore(kind, async (store) => {
    ({ ctx, http, tenantId, admin } = store);
    product = await makeProduct(ctx.db, tenantId, { stock: 1_000_000, price: 3333, cost: 1000 });
    customerId = (await makeCustomer(ctx.db, tenantId)).id;
    const terms = { late_fee_percent: 2, late_interest_monthly_percent: 1, cashiers_receive_installments: true };
    expect((await http.put('/api/settings', terms, { token: admin })).status).toBe(200);
  });

  /** A sale of the step at the till; its id and items, or null when refused. */
  async function sell(session: string, step: Extract<Step, { kind: 'sale' }>) {
    const total = 3333 * step.quantity;
    const first = Math.round((total * step.share) / 100);
    const extra: Record<string, unknown> = { ...atTill(session), payment_method: step.method };
    if (step.how === 'split' && first > 0 && first < total) {
      extra.payments = [
        { method: step.method, amount: reais(first) },
        { method: step.second, amount: reais(total - first) },
      ];
    } else if (step.how === 'cash_change') {
      extra.payment_method = 'cash';
      extra.payments = [{ method: 'cash', amount: reais(total), received: reais(total + first) }];
    } else if (step.how === 'crediario') {
      const plan = { entrada: reais(Math.min(first, total - 1)), entrada_method: step.method, parcelas: 1 };
      extra.payment_method = 'crediario';
      extra.crediario = { ...plan, vencimentos: [addDays(todayIso(), 30)] };
    }
    const res = await http.post(
      '/api/sales',
      saleBody(customerId, [{ product, quantity: step.quantity }], extra),
      keyed(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sale = res.body.data as { id: string; items: { id: string }[] };
    if (step.cancelled) {
      const cancel = await http.put(`/api/sales/${sale.id}/cancel`, { reason: 'Cliente desistiu' }, { token: admin });
      expect(cancel.status).toBe(200);
      return null;
    }
    return sale;
  }

  /** One generated day at a new till: each step through the API (a refused one writes nothing). */
  async function live(day: Step[]): Promise<string> {
    const opened = await http.post('/api/cash-sessions', tillOpening(), keyed());
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const session = opened.body.data.id as string;
    const sold: { id: string; items: { id: string }[] }[] = [];
    for (const step of day) {
      if (step.kind === 'sale') {
        const sale = await sell(session, step);
        if (sale) sold.push(sale);
      } else if (step.kind === 'return' && sold.length > 0) {
        const sale = sold[step.sale % sold.length]!;
        const lines = [{ sale_item_id: sale.items[0]!.id, quantity: 1 }];
        const body = { lines, reason: 'Cliente desistiu', refund_method: step.refund, ...atTill(session) };
        const back = await http.post(`/api/sales/${sale.id}/returns`, body, keyed());
        if (back.status !== 201 || step.refund !== 'vale_troca' || step.payout === 0) continue;
        const amount = reais(Math.max(1, Math.round((3333 * step.payout) / 100)));
        const payout = { id: randomUUID(), amount, return_id: back.body.data.id, ...atTill(session) };
        await http.post(`/api/customers/${customerId}/store-credit/payout`, payout, keyed());
      } else if (step.kind === 'receipt') {
        const due = addDays(todayIso(), -30);
        const account = { description: 'Parcela atrasada', amount: 100, due_date: due, customer_id: customerId };
        const made = await http.post('/api/accounts-receivable', account, keyed());
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        const part = step.part > 0 && step.part < 10_000 ? { amount: reais(step.part) } : {};
        const body = { payment_method: step.method, ...part, ...atTill(session) };
        const got = await http.post(`/api/accounts-receivable/${made.body.data.id}/receive`, body, keyed());
        expect(got.status, JSON.stringify(got.body)).toBe(200);
      }
    }
    return session;
  }

  /** The session's documents, as the rule reads them. */
  async function eventsOf(session: string): Promise<TillEvent[]> {
    const db = ctx.db;
    const sold = await db
      .select()
      .from(sales)
      .where(and(eq(sales.tenantId, tenantId), eq(sales.cashSessionId, session)));
    const parts =
      sold.length === 0
        ? []
        : await db
            .select()
            .from(salePayments)
            .where(
              and(
                eq(salePayments.tenantId, tenantId),
                inArray(
                  salePayments.saleId,
                  sold.map((s) => s.id),
                ),
              ),
            );
    const returns = await db
      .select()
      .from(saleReturns)
      .where(and(eq(saleReturns.tenantId, tenantId), eq(saleReturns.cashSessionId, session)));
    const payouts = await db
      .select()
      .from(storeCreditPayouts)
      .where(and(eq(storeCreditPayouts.tenantId, tenantId), eq(storeCreditPayouts.cashSessionId, session)));
    const receipts = await db
      .select()
      .from(cashFlowEntries)
      .where(
        and(
          eq(cashFlowEntries.tenantId, tenantId),
          eq(cashFlowEntries.cashSessionId, session),
          eq(cashFlowEntries.type, 'income'),
        ),
      );
    return [
      ...sold.map((s) => ({
        kind: 'sale' as const,
        completed: s.saleStatus === 'completed',
        parts: parts.filter((p) => p.saleId === s.id),
      })),
      ...returns.map((r) => ({ kind: 'return' as const, refundMethod: r.refundPaymentMethod, refunded: r.refunded })),
      ...payouts.map((p) => ({ kind: 'payout' as const, amount: p.amount })),
      ...receipts.map((e) => ({ kind: 'receipt' as const, method: e.paymentMethod!, amount: e.amount })),
    ];
  }

  it('the SQL sums what the shared rule counts, to the centavo', async () => {
    await fc.assert(
      fc.asyncProperty(dayArb, async (day) => {
        const session = await live(day);
        const taken = (await takenBySession(ctx.db, tenantId, [session])).get(session)!;
        const bySql: TakenByMethod = {};
        for (const m of [...taken.methods, ...taken.installments]) bySql[m.method] = (bySql[m.method] ?? 0) + m.amount;
        expect(nonZero(bySql)).toEqual(nonZero(takenIn(await eventsOf(session))));
      }),
      { numRuns: 12 },
    );
  });
});
