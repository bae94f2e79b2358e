// What the reports' browser tests share: the store they read (a few sales, one of them six
// days old, a paid and an overdue bill, made through the API), the API's figures, and how
// the Dashboard and Relatórios Financeiros show them (cards, statement lines, downloads).
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { beforeAll, expect } from 'vitest';
import { addDays, todayIso } from '../../../src/shared/dates';
import { formatBRL, toCentavos } from '../../../src/shared/money';
import { parseCsv } from '../../../src/app/test/csv-parse';
import { api, loginToken } from './api';
import { screenshot, type Page } from './browser';
import type { RunningServer } from './server';
import type { ApiCustomer, ApiProduct } from './till';

const pct = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const percent = (v: number) => `${pct.format(v)}%`;
/** Reais from the API as the screen writes them. */
export const brl = (reais: number) => formatBRL(toCentavos(reais));
export const norm = (t: string | null) => (t ?? '').replace(/\s+/g, ' ').trim();
export const range30 = () => ({ start: addDays(todayIso(), -29), end: todayIso() });

export interface ReportsStore {
  admin: string;
  products: ApiProduct[];
  get<T>(path: string, token?: string): Promise<T>;
}

/** Signs the admin in and writes the store's few sales and bills; the API's reads with the admin's token. */
export async function reportsStore(server: RunningServer): Promise<ReportsStore> {
  const admin = await loginToken(server, 'admin@demo.com');
  async function get<T>(path: string, token = admin): Promise<T> {
    const res = await api<{ data: T }>(server, 'GET', path, { token });
    expect(res.status, path).toBe(200);
    return res.body.data;
  }
  async function post(path: string, body: unknown): Promise<{ id: string }> {
    const res = await api<{ data: { id: string } }>(server, 'POST', path, {
      token: admin,
      body,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body.data;
  }
  const list = await get<{ products: ApiProduct[] }>('/api/products?limit=5');
  const products = list.products;
  const customer = (await get<{ customers: ApiCustomer[] }>('/api/customers?limit=1')).customers[0]!;
  const sale = (p: ApiProduct, quantity: number, payment_method: string, extra: object = {}) =>
    post('/api/sales', {
      customer_id: customer.id,
      items: [{ product_id: p.id, quantity, unit_price: p.sale_price }],
      payment_method,
      ...extra,
    });
  await sale(products[0]!, 2, 'cash');
  await sale(products[1]!, 1, 'pix');
  await sale(products[2]!, 3, 'credit_card');
  // A sale six days ago (it reached the server late, from a till that was offline; the
  // server keeps a device's time up to 7 days back, SALE_SOLD_AT_PAST_MAX_MS).
  const past = new Date(Date.now() - 6 * 86_400_000).toISOString();
  await sale(products[0]!, 1, 'debit_card', { offline: true, sold_at: past, id: randomUUID() });
  await post('/api/accounts-payable', {
    supplier_name: 'Tecidos Paulista',
    description: 'Malha de algodão',
    amount: 350.4,
    due_date: addDays(todayIso(), -5),
    category: 'Matéria-prima',
  });
  const light = await post('/api/accounts-payable', {
    supplier_name: 'Energia Paulista',
    description: 'Conta de luz',
    amount: 180.25,
    due_date: addDays(todayIso(), -2),
    category: 'Utilidades',
  });
  await post(`/api/accounts-payable/${light.id}/mark-as-paid`, { payment_date: todayIso() });
  return { admin, products, get };
}

/** The file's store on its own server (fileServer), written before the file's first test. */
export function fileReportsStore(server: RunningServer): ReportsStore {
  const store = {} as ReportsStore;
  beforeAll(async () => {
    Object.assign(store, await reportsStore(server));
  });
  return store;
}

export async function fullShot(page: Page, name: string) {
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollHeight + (main.getBoundingClientRect().top || 0) : document.body.scrollHeight;
  });
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, Math.ceil(height)) });
  await screenshot(page, name);
  await page.setViewportSize(size);
}

/** Nothing wider than the window: neither the page nor the app's scrolling <main>. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const sizes = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      main: main.scrollWidth - main.clientWidth,
    };
  });
  expect(sizes, where).toEqual({ page: 0, main: 0 });
}

export const card = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true });
export const cardValue = async (page: Page, title: string) =>
  norm(await card(page, title).getByTestId('metric-value').textContent());
export const figure = async (page: Page, label: string) =>
  norm(await page.getByRole('group', { name: label, exact: true }).getByTestId('figure-value').textContent());
/** A statement's or table's row by its heading cell (exact), e.g. 'Total do Ativo'. */
export const rowOf = (page: Page, label: string) =>
  page.getByRole('rowheader', { name: label, exact: true }).locator('xpath=ancestor::tr[1]');
/** A statement line's value as it shows (on a phone the DRE's share folds under it, hidden here). */
export const lineValue = async (page: Page, label: string) =>
  norm(await rowOf(page, label).getByRole('cell').first().innerText());

export async function download(
  page: Page,
  click: () => Promise<void>,
): Promise<{ bytes: Buffer; rows: string[][]; name: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = readFileSync((await file.path())!);
  return { bytes, rows: parseCsv(bytes.toString('utf8')), name: file.suggestedFilename() };
}

export interface Metrics {
  sales: { today: number; thisWeek: number };
  revenue: { today: number; thisMonth: number; total: number; growth: number };
  customers: { total: number };
  products: { total: number };
  financial: { accountsPayable: { total: number; overdue: number }; accountsReceivable: { total: number } };
}
