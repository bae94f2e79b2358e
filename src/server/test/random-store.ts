// Random stores for the reports' property tests (src/server/reports/identities.test.ts),
// written through the API in the second store ('outra') on the hand store's fixed clock
// (today 2030-05-09): sales of every method (crediário with and without entrada, an
// installment sometimes paid), some cancelled; bills of every category left open, paid or
// cancelled; receivables entered by hand; manual entries on random days. The model kept
// beside them says what each report must show.
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { PAYABLE_CATEGORIES } from '../../shared/constants';
import { addDays } from '../../shared/dates';
import { splitCentavos } from '../../shared/money';
import type { Db } from '../db/client';
import {
  accountsPayable,
  accountsReceivable,
  cashFlowEntries,
  customers,
  products,
  saleItems,
  sales,
} from '../db/schema';
import { expenseLinesOf } from '../reports/dre';
import { HAND_TODAY } from './hand-store';
import type { api, Json, TestContext } from './helpers';
import { atClock, makeCustomer, makeProduct, type ProductFixture } from './sales-fixtures';

type Http = ReturnType<typeof api>;

/** A call that must succeed: its data (or body). */
async function ok(res: Promise<{ status: number; body: Json }>) {
  const r = await res;
  if (r.status >= 300) throw new Error(`loja aleatória: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data ?? r.body;
}

export const TODAY = HAND_TODAY;
export const day = (back: number) => addDays(TODAY, -back);
const reais = (c: number) => c / 100;
const METHODS = ['cash', 'credit_card', 'debit_card', 'pix', 'transfer', 'crediario'] as const;

const centavos = (max: number) => fc.integer({ min: 1, max });
const saleArb = fc.record({
  back: fc.integer({ min: 0, max: 20 }),
  hour: fc.integer({ min: 0, max: 23 }),
  method: fc.constantFrom(...METHODS),
  lines: fc.array(
    fc.record({
      product: fc.integer({ min: 0, max: 2 }),
      quantity: fc.integer({ min: 1, max: 3 }),
      price: fc.integer({ min: 0, max: 9_999 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  entradaPct: fc.constantFrom(0, 0, 25, 50, 100),
  parcelas: fc.integer({ min: 1, max: 3 }),
  payFirstBack: fc.option(fc.integer({ min: 0, max: 20 })),
  cancelled: fc.boolean(),
});
const accountArb = fc.record({
  category: fc.constantFrom(...PAYABLE_CATEGORIES),
  amount: centavos(50_000),
  dueBack: fc.integer({ min: -10, max: 20 }),
  fate: fc.constantFrom('open', 'paid', 'cancelled'),
  paidBack: fc.integer({ min: 0, max: 20 }),
});
const entryArb = fc.record({
  back: fc.integer({ min: 0, max: 20 }),
  type: fc.constantFrom('income', 'expense'),
  category: fc.constantFrom(...PAYABLE_CATEGORIES, 'Vendas'),
  amount: centavos(30_000),
});
export const storeArb = fc.record({
  costs: fc.tuple(fc.nat(5_000), fc.nat(5_000), fc.nat(5_000)),
  sales: fc.array(saleArb, { maxLength: 7 }),
  payables: fc.array(accountArb, { maxLength: 7 }),
  receivables: fc.array(accountArb, { maxLength: 3 }),
  entries: fc.array(entryArb, { maxLength: 5 }),
  range: fc.record({ back: fc.integer({ min: 0, max: 25 }), length: fc.integer({ min: 1, max: 30 }) }),
  chartDays: fc.integer({ min: 1, max: 30 }),
});
export type RandomStore = typeof storeArb extends fc.Arbitrary<infer T> ? T : never;

/** What the model knows: dated sales, bills, receivables and the cash book. */
export interface Model {
  sales: { day: string; total: number; cost: number; cancelled: boolean }[];
  bills: { due: string; category: string; amount: number; fate: string }[];
  /** Receivables entered by hand (not a sale's). */
  receivables: { due: string; amount: number; fate: string }[];
  /** Open receivables of every kind (sales' installments too): amount and due date. */
  open: { due: string; amount: number }[];
  cash: { day: string; amount: number }[];
  manual: { day: string; type: string; category: string; amount: number }[];
}

async function resetStore(db: Db, tenantId: string) {
  for (const table of [cashFlowEntries, accountsReceivable, saleItems, sales, accountsPayable, products, customers]) {
    await db.delete(table).where(eq(table.tenantId, tenantId));
  }
}

export async function buildRandomStore(ctx: TestContext, http: Http, store: RandomStore): Promise<Model> {
  const tenantId = ctx.other.tenant.id;
  await resetStore(ctx.db, tenantId);
  const model: Model = { sales: [], bills: [], receivables: [], open: [], cash: [], manual: [] };
  const items: ProductFixture[] = [];
  for (const cost of store.costs) items.push(await makeProduct(ctx.db, tenantId, { stock: 10_000, cost }));
  const customer = await makeCustomer(ctx.db, tenantId);

  const prices = new Map<number, number>();
  for (const drawn of store.sales) {
    // The till sells at the product's price: each product is repriced to its first
    // line's price before the sale (when it was sold: the server keeps a device's time
    // only within 7 days of receipt), and its other lines take that price too.
    const first = new Map<number, number>();
    for (const l of drawn.lines) if (!first.has(l.product)) first.set(l.product, l.price);
    const s = { ...drawn, lines: drawn.lines.map((l) => ({ ...l, price: first.get(l.product)! })) };
    const saleDay = day(s.back);
    const soldAt = `${saleDay}T${String(s.hour).padStart(2, '0')}:00:00-03:00`;
    for (const [product, price] of first) {
      if (prices.get(product) === price) continue;
      await atClock(soldAt, () => ok(http.put(`/api/products/${items[product]!.id}`, { sale_price: reais(price) })));
      prices.set(product, price);
    }
    const total = s.lines.reduce((sum, l) => sum + l.quantity * l.price, 0);
    const cost = s.lines.reduce((sum, l) => sum + l.quantity * items[l.product]!.cost, 0);
    const crediario = s.method === 'crediario';
    const entrada = crediario ? Math.floor((total * s.entradaPct) / 100) : 0;
    const sold = await atClock(soldAt, () =>
      ok(
        http.post('/api/sales', {
          customer_id: customer.id,
          items: s.lines.map((l) => ({
            product_id: items[l.product]!.id,
            quantity: l.quantity,
            unit_price: reais(l.price),
          })),
          payment_method: s.method,
          // Hours after noon today are later than the clock (more than 5 minutes): the
          // server files them at receipt, noon, with a clock conflict.
          sold_at: soldAt,
          ...(crediario
            ? {
                crediario: {
                  entrada: reais(entrada),
                  parcelas: s.parcelas,
                  vencimentos: Array.from({ length: s.parcelas }, (_, i) => addDays(saleDay, 30 * (i + 1))),
                },
              }
            : {}),
        }),
      ),
    );
    model.sales.push({ day: saleDay, total, cost, cancelled: s.cancelled });
    const own = crediario ? entrada : total;
    if (own > 0) model.cash.push({ day: saleDay, amount: own });
    const parts = crediario
      ? splitCentavos(total - entrada, s.parcelas)
          .map((amount, i) => ({ amount, due: addDays(saleDay, 30 * (i + 1)) }))
          .filter((p) => p.amount > 0)
      : [];
    if (parts.length > 0 && s.payFirstBack !== null) {
      const [first] = await ctx.db
        .select({ id: accountsReceivable.id })
        .from(accountsReceivable)
        .where(and(eq(accountsReceivable.tenantId, tenantId), eq(accountsReceivable.saleId, sold.id)))
        .orderBy(accountsReceivable.installmentNumber);
      await ok(http.patch(`/api/accounts-receivable/${first!.id}/mark-as-paid`, { payment_date: day(s.payFirstBack) }));
      model.cash.push({ day: day(s.payFirstBack), amount: parts.shift()!.amount });
    }
    if (s.cancelled) {
      await ok(http.put(`/api/sales/${sold.id}/cancel`, { reason: 'Cliente desistiu' }));
      if (own > 0) model.cash.push({ day: TODAY, amount: -own }); // the reversal, dated the cancel
    } else {
      model.open.push(...parts);
    }
  }

  for (const b of store.payables) {
    const due = day(b.dueBack);
    const bill = await ok(
      http.post('/api/accounts-payable', {
        supplier_name: 'Fornecedor',
        description: 'Conta',
        amount: reais(b.amount),
        due_date: due,
        category: b.category,
      }),
    );
    if (b.fate === 'paid') {
      await ok(http.post(`/api/accounts-payable/${bill.id}/mark-as-paid`, { payment_date: day(b.paidBack) }));
      model.cash.push({ day: day(b.paidBack), amount: -b.amount });
    }
    if (b.fate === 'cancelled') await ok(http.post(`/api/accounts-payable/${bill.id}/cancel`));
    model.bills.push({ due, category: b.category, amount: b.amount, fate: b.fate });
  }

  for (const r of store.receivables) {
    const due = day(r.dueBack);
    const account = await ok(
      http.post('/api/accounts-receivable', { description: 'Conta avulsa', amount: reais(r.amount), due_date: due }),
    );
    if (r.fate === 'paid') {
      await ok(http.patch(`/api/accounts-receivable/${account.id}/mark-as-paid`, { payment_date: day(r.paidBack) }));
      model.cash.push({ day: day(r.paidBack), amount: r.amount });
    }
    if (r.fate === 'cancelled') await ok(http.patch(`/api/accounts-receivable/${account.id}/cancel`));
    if (r.fate === 'open') model.open.push({ due, amount: r.amount });
    model.receivables.push({ due, amount: r.amount, fate: r.fate });
  }

  for (const e of store.entries) {
    await ok(
      http.post('/api/cash-flow', {
        date: day(e.back),
        type: e.type,
        category: e.category,
        amount: reais(e.amount),
        description: 'Lançamento',
      }),
    );
    model.cash.push({ day: day(e.back), amount: e.type === 'income' ? e.amount : -e.amount });
    model.manual.push({ day: day(e.back), type: e.type, category: e.category, amount: e.amount });
  }
  return model;
}

/** The DRE the rules give for [start, end], from the model (centavos). */
export function expectedDre(model: Model, start: string, end: string) {
  const inRange = (d: string) => d >= start && d <= end;
  const sold = model.sales.filter((s) => !s.cancelled && inRange(s.day));
  const expenses: { category: string; amount: number }[] = [];
  const add = (category: string, amount: number) => expenses.push({ category, amount });
  for (const b of model.bills) if (b.fate !== 'cancelled' && inRange(b.due)) add(b.category, b.amount);
  let otherRevenue = 0;
  for (const m of model.manual) {
    if (!inRange(m.day)) continue;
    if (m.type === 'income') otherRevenue += m.amount;
    else add(m.category, m.amount);
  }
  for (const r of model.receivables) if (r.fate !== 'cancelled' && inRange(r.due)) otherRevenue += r.amount;
  return {
    sales: sold.reduce((sum, s) => sum + s.total, 0),
    count: sold.length,
    cost: sold.reduce((sum, s) => sum + s.cost, 0),
    otherRevenue,
    lines: expenseLinesOf(expenses),
  };
}
