// What a financial screen showed is on the device at once, in the real Chromium against the
// real server: signed in as the admin, Contas a Receber, Contas a Pagar, Fluxo de Caixa, the
// Dashboard and Relatórios are opened one after another by their addresses (a bookmark, a
// shortcut of the installed app, a reload), each left as soon as its rows show; the
// connection drops 2 s after the last; each is opened again offline and shows its rows, and
// the bill is paid offline. Run many times over (OFFLINE_SCREENS_RUNS, 20 unless given), each
// on a fresh browser profile: a screen left a moment too early must never come back empty.
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot, waitForServiceWorker, type Page } from './support/browser';
import { signIn } from './support/till';
import { fileServer } from './support/suite';

const RUNS = Number(process.env.OFFLINE_SCREENS_RUNS ?? 20);
/** How long a screen opened offline has to show what it showed online. */
const OFFLINE_SHOW_MS = 10_000;

const server = fileServer();

beforeAll(async () => {
  const token = await loginToken(server, 'admin@demo.com');
  const today = todayIso();
  const bill = await api(server, 'POST', '/api/accounts-payable', {
    token,
    body: {
      supplier_name: 'Energia Paulista',
      description: 'Conta de luz de outubro',
      amount: 412.37,
      due_date: addDays(today, 2),
      category: 'Utilidades',
    },
  });
  expect(bill.status).toBe(201);
  const customers = await api<{ data: { customers: { id: string }[] } }>(server, 'GET', '/api/customers?limit=1', {
    token,
  });
  const due = await api(server, 'POST', '/api/accounts-receivable', {
    token,
    body: {
      description: 'Ajuste de barra',
      customer_id: customers.body.data.customers[0]!.id,
      amount: 58.9,
      due_date: addDays(today, 2),
    },
  });
  expect(due.status).toBe(201);
  const entry = await api(server, 'POST', '/api/cash-flow', {
    token,
    body: { date: today, type: 'income', description: 'Troco inicial', category: 'Vendas', amount: 200 },
  });
  expect(entry.status).toBe(201);
});

/** Each screen by its address and what shows that its data is there. */
const SCREENS: { path: string; rows: (page: Page) => ReturnType<Page['locator']> }[] = [
  { path: '/receber', rows: (page) => page.locator('tr', { hasText: 'Ajuste de barra' }) },
  { path: '/pagar', rows: (page) => page.locator('tr', { hasText: 'Energia Paulista' }) },
  { path: '/fluxo-caixa', rows: (page) => page.locator('tr', { hasText: 'Troco inicial' }) },
  { path: '/', rows: (page) => page.getByRole('group', { name: 'Vendas Hoje' }) },
  { path: '/relatorios-financeiros', rows: (page) => page.getByText('Receita Total', { exact: true }) },
];

/** One run of the sequence on a fresh profile; the screens that came back empty. */
async function run(index: number): Promise<string[]> {
  const browser = await openBrowser({ width: 1280, height: 860 });
  const missed: string[] = [];
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await signIn(server, page, 'admin@demo.com');
    await waitForServiceWorker(page);
    for (const screen of SCREENS) {
      await page.goto(`${server.demoUrl}${screen.path}`);
      await screen.rows(page).first().waitFor();
    }
    await page.waitForTimeout(2_000);
    await browser.context.setOffline(true);
    for (const screen of SCREENS) {
      await page.goto(`${server.demoUrl}${screen.path}`);
      const shown = await screen
        .rows(page)
        .first()
        .waitFor({ timeout: OFFLINE_SHOW_MS })
        .then(() => true)
        .catch(() => false);
      if (!shown) {
        missed.push(`execução ${index}: ${screen.path} sem dados offline`);
        await screenshot(page, `offline-screens-falta-${index}${screen.path.replace(/\//g, '-')}`);
      }
    }
    // The bill shown offline can be paid offline.
    await page.goto(`${server.demoUrl}/pagar`);
    const bill = page.locator('tr', { hasText: 'Energia Paulista' }).first();
    const billShown = await bill
      .waitFor({ timeout: OFFLINE_SHOW_MS })
      .then(() => true)
      .catch(() => false);
    if (!billShown) missed.push(`execução ${index}: a conta a pagar não aparece para ser paga offline`);
    else {
      await bill.getByRole('button', { name: 'Marcar como Pago' }).click();
      const dialog = page.getByRole('dialog', { name: 'Marcar como Pago' });
      await dialog.getByRole('button', { name: 'Marcar como Pago' }).click();
      await bill.getByText('Não sincronizado').waitFor();
      expect(await bill.textContent()).toContain('Pago');
      if (index === 0) await screenshot(page, 'offline-screens-pago-offline');
    }
  } finally {
    await browser.close();
  }
  return missed;
}

describe('telas financeiras abertas e deixadas logo', () => {
  it(`voltam com seus dados sem rede, ${RUNS} vezes seguidas`, { timeout: RUNS * 60_000 }, async () => {
    const missed: string[] = [];
    for (let i = 0; i < RUNS; i++) missed.push(...(await run(i)));
    expect(missed).toEqual([]);
  });
});
