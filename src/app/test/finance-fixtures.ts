// Payables, receivables and cash-flow entries as the finance API sends them (reais in
// JSON), and handlers that serve them on the fake server.
import { expect } from 'vitest';
import type { FakeRequest, FakeServer } from './fake-server';

let sequence = 0;
function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

export type Json = Record<string, unknown>;

/** Records of one kind: each with a fresh id under `prefix`, the `defaults`, then its overrides. */
function jsonMaker(prefix: string, defaults: Json) {
  return (overrides: Json = {}) =>
    ({ id: nextId(prefix), ...structuredClone(defaults), ...overrides }) as Json & { id: string };
}

export const payableJson = jsonMaker('20000000', {
  supplier_name: 'Fornecedor Alfa',
  description: 'Conta de luz',
  amount: 150,
  due_date: '2027-03-05',
  payment_method: null,
  category: 'Utilidades',
  reference_number: null,
  notes: null,
  status: 'pending',
  payment_date: null,
});

export const receivableJson = jsonMaker('30000000', {
  description: 'Parcela 1/3',
  customer_id: null,
  customer: { name: 'Maria Silva', document: '52998224725' },
  amount: 100,
  due_date: '2027-03-05',
  status: 'pending',
  payment_method: 'crediario',
  reference_number: null,
  notes: null,
  sale_id: null,
  installment_number: null,
  payment_date: null,
});

export const cashEntryJson = jsonMaker('40000000', {
  date: '2027-03-05',
  type: 'income',
  description: 'Lançamento',
  category: 'Vendas',
  amount: 10,
  sale_id: null,
  account_payable_id: null,
  account_receivable_id: null,
});

export function pagination(page: number, limit: number, total: number, payables = false) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { page, limit, total, totalPages, ...(payables ? { total_pages: totalPages } : {}) };
}

export const ok = (data: unknown) => ({ body: { success: true, data } });

export function refusal(status: number, error: string, code = 'CONFLICT') {
  return { status, body: { success: false, error, code } };
}

/** POST `path` creates: it answers 201 with the record `json` makes of what was sent. */
export function answerCreates(server: FakeServer, path: string, json: (sent: Json) => Json): void {
  server.on('POST', path, ({ body }) => ({ status: 201, ...ok(json(body as Json)) }));
}

/**
 * The body of the first create POSTed to `path`. A create names its own id, and that id
 * is its Idempotency-Key.
 */
export function sentCreate(server: FakeServer, path: string): Json {
  const [post] = server.callsTo('POST', path);
  const body = post!.body as Json;
  expect(post!.headers['Idempotency-Key']).toBe(body.id);
  return body;
}

/** Query parameters of a request, as an object (absent ones absent). */
export function queryOf(request: FakeRequest): Record<string, string> {
  return Object.fromEntries(request.url.searchParams.entries());
}

export interface PayablesApi {
  accounts: Json[];
  /** pages the server claims (the accounts are served on every page) */
  totalPages: number;
  stats: Json;
  overdueCount: number;
}

export const PAYABLE_STATS = {
  total_pending: 1234.56,
  total_overdue: 350,
  total_paid: 99.9,
  count_pending: 1,
  count_overdue: 2,
  count_paid: 3,
};

/** Serves GET /api/accounts-payable, /statistics and /overdue from `state` (read at each call). */
export function servePayables(server: FakeServer, state: PayablesApi): void {
  server.on('GET', '/api/accounts-payable', ({ url }) => {
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const total = Math.max(state.accounts.length, (state.totalPages - 1) * limit + 1);
    return ok({
      accountsPayable: state.accounts,
      pagination: {
        ...pagination(page, limit, total, true),
        totalPages: state.totalPages,
        total_pages: state.totalPages,
      },
    });
  });
  server.on('GET', '/api/accounts-payable/statistics', () => ok(state.stats));
  server.on('GET', '/api/accounts-payable/overdue', () => ({
    body: { success: true, data: [], count: state.overdueCount },
  }));
}

export interface ReceivablesApi {
  accounts: Json[];
  /** what pagination.total says (default: the accounts' count) */
  total?: number;
  stats: Json;
}

export const RECEIVABLE_STATS = { total_pending: 2500.75, total_overdue: 480, count_pending: 7 };

/** Serves GET /api/accounts-receivable and /statistics from `state` (read at each call). */
export function serveReceivables(server: FakeServer, state: ReceivablesApi): void {
  server.on('GET', '/api/accounts-receivable', ({ url }) => {
    const limit = Number(url.searchParams.get('limit'));
    const total = state.total ?? state.accounts.length;
    return ok({ accountsReceivable: state.accounts, pagination: pagination(1, limit, total) });
  });
  server.on('GET', '/api/accounts-receivable/statistics', () => ok(state.stats));
  server.on('GET', '/api/accounts-receivable/overdue', () => {
    const overdue = state.accounts.filter((a) => a.status === 'overdue');
    return { body: { success: true, data: overdue, count: overdue.length } };
  });
}

export interface CashFlowApi {
  entries: Json[];
  totalPages: number;
  summary: Json;
  chart: Json[];
}

export const CASH_SUMMARY = { initial_balance: 1000, total_income: 250.5, total_expenses: 1300, final_balance: -49.5 };

/** Serves GET /api/cash-flow and /chart from `state` (read at each call). */
export function serveCashFlow(server: FakeServer, state: CashFlowApi): void {
  server.on('GET', '/api/cash-flow', ({ url }) => {
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    return ok({
      entries: state.entries,
      pagination: { page, limit, total: state.entries.length, totalPages: state.totalPages },
      summary: state.summary,
    });
  });
  server.on('GET', '/api/cash-flow/chart', () => ok(state.chart));
}
