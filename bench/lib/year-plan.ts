// The year of history, decided in JavaScript (seeded, so every run writes the same store)
// as columns of small numbers and days; year-store.ts turns them into the app's rows in
// SQL. Days are São Paulo days ('YYYY-MM-DD'); instants are epoch milliseconds.
import { PAYABLE_CATEGORIES } from '../../src/shared/constants';
import { PAYABLE_PAYMENT_METHODS } from '../../src/shared/contract/accounts';
import { addDays, startOfDayUtc, todayIso } from '../../src/shared/dates';
import { MANUAL_RECEIVABLES, PAYABLES } from './year-names';
import { pick, seeded } from './stats';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface YearSizes {
  /** Products added (the demo store has ~60 more). */
  products: number;
  sales: number;
  /** Crediário installments plus manual receivables. */
  receivables: number;
  payables: number;
  /** Customers added (the demo store has 25 more). */
  customers: number;
}

export function yearSizes(scale: number): YearSizes {
  const of = (n: number) => Math.max(3, Math.round(n * scale));
  return {
    products: of(50_000),
    sales: of(100_000),
    receivables: of(20_000),
    payables: of(5_000),
    customers: of(2_000),
  };
}

/** Sale methods by code (the order year-store.ts maps them back in). */
export const SALE_METHODS = ['cash', 'pix', 'debit_card', 'credit_card', 'crediario'] as const;
export const CREDIARIO = SALE_METHODS.indexOf('crediario');
/** Share of receivables that are manual (not installments of a sale). */
const MANUAL_SHARE = 0.1;
/** Installments of a crediário sale: 1 to 6, fewer more often. */
const PARCELAS_WEIGHTS = [30, 25, 20, 12, 8, 5];
const CANCEL_SHARE = 0.02;

export interface SalesPlan {
  soldMs: number[];
  createdMs: number[];
  cancelMs: (number | null)[];
  /** 1-based index into the store's customers (year-store.ts numbers them). */
  customer: number[];
  method: number[];
  parcelas: number[];
  /** Entrada as a percentage of the total (0: none). */
  entradaPct: number[];
  offline: boolean[];
  byAdmin: boolean[];
}
export interface ItemsPlan {
  sale: number[];
  position: number[];
  /** 1-based product number (SKU BX-000001 is 1). */
  product: number[];
  quantity: number[];
}
export interface InstallmentsPlan {
  sale: number[];
  number: number[];
  due: string[];
  paid: (string | null)[];
}
/** Payables and manual receivables. */
export interface AccountsPlan {
  /** Payables: the supplier; receivables: a customer index, or null. */
  party: (string | number | null)[];
  category: string[];
  description: string[];
  amount: number[];
  due: string[];
  createdMs: number[];
  paid: (string | null)[];
  cancelMs: (number | null)[];
  method: (string | null)[];
  reference: (string | null)[];
}
export interface YearPlan {
  today: string;
  sales: SalesPlan;
  items: ItemsPlan;
  installments: InstallmentsPlan;
  payables: AccountsPlan;
  manual: AccountsPlan;
}

const int = (random: () => number, lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const clampDay = (day: string, lo: string, hi: string) => (day < lo ? lo : day > hi ? hi : day);
const weighted = (random: () => number, weights: number[]) => {
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i++) if ((r -= weights[i]!) < 0) return i;
  return weights.length - 1;
};

/** An instant during store hours (09:00 to 21:00 São Paulo) of one of the last 365 days, before now. */
function saleInstant(random: () => number, today: string, nowMs: number): number {
  for (;;) {
    const at = startOfDayUtc(addDays(today, -int(random, 0, 364))).getTime() + 9 * HOUR_MS + random() * 12 * HOUR_MS;
    if (at < nowMs - 60_000) return Math.floor(at);
  }
}

/** Installment counts (weighted 1 to 6) adding up to exactly `total`. */
function parcelasSummingTo(total: number, random: () => number): number[] {
  const counts: number[] = [];
  let left = total;
  while (left > 0) {
    const n = Math.min(left, 1 + weighted(random, PARCELAS_WEIGHTS));
    counts.push(n);
    left -= n;
  }
  return counts;
}

/** `k` distinct indices of 0..n-1 (partial Fisher-Yates). */
function distinct(n: number, k: number, random: () => number): number[] {
  const all = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (n - i));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, k);
}

function planSales(sizes: YearSizes, customers: number, today: string, nowMs: number) {
  const random = seeded(11);
  const count = sizes.sales;
  const soldMs = Array.from({ length: count }, () => saleInstant(random, today, nowMs)).sort((a, b) => a - b);
  const installmentsTotal = Math.min(sizes.receivables - Math.round(sizes.receivables * MANUAL_SHARE), count * 6);
  const counts = parcelasSummingTo(installmentsTotal, random);
  const parcelasOf = new Map(distinct(count, Math.min(count, counts.length), random).map((i, k) => [i, counts[k]!]));

  const sales: SalesPlan = {
    soldMs,
    createdMs: [],
    cancelMs: [],
    customer: [],
    method: [],
    parcelas: [],
    entradaPct: [],
    offline: [],
    byAdmin: [],
  };
  const items: ItemsPlan = { sale: [], position: [], product: [], quantity: [] };
  const installments: InstallmentsPlan = { sale: [], number: [], due: [], paid: [] };
  const itemRandom = seeded(12);
  const payRandom = seeded(13);
  for (let i = 0; i < count; i++) {
    const sold = soldMs[i]!;
    const offline = random() < 0.2;
    sales.offline.push(offline);
    sales.createdMs.push(offline ? Math.min(nowMs - 1000, sold + int(random, 60_000, 3 * HOUR_MS)) : sold);
    const cancelled = random() < CANCEL_SHARE;
    sales.cancelMs.push(cancelled ? Math.min(nowMs - 1000, sold + Math.floor(random() * 14 * DAY_MS)) : null);
    sales.customer.push(int(random, 1, customers));
    sales.byAdmin.push(random() < 0.2);
    const parcelas = parcelasOf.get(i) ?? 0;
    sales.parcelas.push(parcelas);
    sales.method.push(parcelas > 0 ? CREDIARIO : weighted(random, [25, 35, 20, 20]));
    sales.entradaPct.push(parcelas > 0 && random() < 0.3 ? pick([10, 20, 30, 50], random) : 0);

    const chosen = new Set<number>();
    const lines = int(itemRandom, 1, 3);
    while (chosen.size < Math.min(lines, sizes.products)) chosen.add(int(itemRandom, 1, sizes.products));
    [...chosen].forEach((product, position) => {
      items.sale.push(i + 1);
      items.position.push(position);
      items.product.push(product);
      items.quantity.push(int(itemRandom, 1, 3));
    });

    // Due dates as the till sets them (every 30 days from the day of the sale). Paid
    // mostly around the due date, sometimes early; never for a cancelled sale (it is
    // cancelled within 14 days, before the first due date).
    const saleDay = todayIso(sold);
    for (let n = 1; n <= parcelas; n++) {
      const due = addDays(saleDay, 30 * n);
      let paid: string | null = null;
      if (!cancelled && due < today && payRandom() < 0.85)
        paid = clampDay(addDays(due, int(payRandom, -5, 20)), saleDay, today);
      else if (!cancelled && due >= today && payRandom() < 0.1)
        paid = clampDay(addDays(today, -int(payRandom, 0, 20)), saleDay, today);
      installments.sale.push(i + 1);
      installments.number.push(n);
      installments.due.push(due);
      installments.paid.push(paid);
    }
  }
  return { sales, items, installments };
}

/** What one account is about, and its range in reais. */
interface AccountKind {
  party: string | number | null;
  category: string;
  description: string;
  reais: [number, number];
  method: () => string;
}

/**
 * Accounts due over the year and the next 60 days. Past due: mostly paid around the due
 * date, some cancelled, the rest overdue; still to come: mostly pending, some paid early
 * or cancelled. Paid and cancelled instants never after now.
 */
function planAccounts(
  count: number,
  seed: number,
  today: string,
  nowMs: number,
  describe: (random: () => number) => AccountKind,
): AccountsPlan {
  const random = seeded(seed);
  const plan: AccountsPlan = {
    party: [],
    category: [],
    description: [],
    amount: [],
    due: [],
    createdMs: [],
    paid: [],
    cancelMs: [],
    method: [],
    reference: [],
  };
  for (let j = 0; j < count; j++) {
    const about = describe(random);
    plan.party.push(about.party);
    plan.category.push(about.category);
    plan.description.push(about.description);
    plan.amount.push(int(random, about.reais[0], about.reais[1]) * 100 + int(random, 0, 99));
    const due = addDays(today, int(random, -365, 60));
    const createdDay = clampDay(addDays(due, -int(random, 5, 40)), addDays(today, -400), today);
    const created = Math.min(nowMs - 2000, startOfDayUtc(createdDay).getTime() + int(random, 9, 18) * HOUR_MS);
    const r = random();
    const past = due < today;
    const paid = past ? r < 0.85 : r < 0.1;
    const cancelled = !paid && (past ? r < 0.93 : r > 0.9);
    plan.due.push(due);
    plan.createdMs.push(created);
    plan.paid.push(
      paid
        ? clampDay(past ? addDays(due, int(random, -5, 10)) : addDays(today, -int(random, 0, 10)), createdDay, today)
        : null,
    );
    const cancelBy = Math.min(nowMs - 1000, startOfDayUtc(due).getTime() + 10 * DAY_MS);
    plan.cancelMs.push(cancelled ? created + Math.floor(random() * Math.max(1000, cancelBy - created)) : null);
    plan.method.push(paid || random() < 0.5 ? about.method() : null);
    plan.reference.push(random() < 0.6 ? `NF ${100_000 + j}` : null);
  }
  return plan;
}

/** The whole year, for a store with `customers` customers (numbered 1..customers). */
export function planYear(sizes: YearSizes, customers: number, now: Date): YearPlan {
  const today = todayIso(now);
  const nowMs = now.getTime();
  const { sales, items, installments } = planSales(sizes, customers, today, nowMs);
  const payables = planAccounts(sizes.payables, 14, today, nowMs, (random) => {
    const category = pick(PAYABLE_CATEGORIES, random);
    const kind = PAYABLES[category];
    return {
      party: pick(kind.suppliers, random),
      category,
      description: pick(kind.descriptions, random),
      reais: kind.reais,
      method: () => pick(PAYABLE_PAYMENT_METHODS, random),
    };
  });
  const manualCount = sizes.receivables - installments.sale.length;
  const manual = planAccounts(Math.max(0, manualCount), 15, today, nowMs, (random) => ({
    party: random() < 0.8 ? int(random, 1, customers) : null,
    category: '',
    description: pick(MANUAL_RECEIVABLES, random),
    reais: [40, 1_500],
    method: () => pick(['cash', 'pix', 'transfer', 'debit_card', 'credit_card'], random),
  }));
  return { today, sales, items, installments, payables, manual };
}
