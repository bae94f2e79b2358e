// The Content-Security-Policy blocks nothing the app needs, in the real
// Chromium against the real server: every screen is walked as the admin (login,
// dashboard, a sale made offline and delivered by the service worker's app, products,
// customers, the cash chart, receivables, payables, reports, settings) and any violation
// fails the test, however it shows: a 'securitypolicyviolation' event in the page, a
// console message, or a report the browser sent to the server (report-uri, logged).
import { describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { screenshot, waitForServiceWorker, type Page } from './support/browser';
import { idbCount, idbProductCount, until } from './support/idb';
import {
  addProduct,
  chooseCustomer,
  finish,
  signIn,
  tillReady,
  type ApiCustomer,
  type ApiProduct,
} from './support/till';
import { fileBrowser, fileServer } from './support/suite';

const CSP_LOG = 'violação de Content-Security-Policy';

const server = fileServer();
const browser = fileBrowser({ width: 1280, height: 800 });

interface Watch {
  console: string[];
  violations: () => Promise<string[]>;
}

/** Records the page's CSP violation events and its console errors and CSP messages. */
async function watch(page: Page): Promise<Watch> {
  const messages: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error' || /Content Security Policy|Refused to/i.test(text))
      messages.push(`${msg.type()}: ${text}`);
  });
  page.on('pageerror', (err) => messages.push(`pageerror: ${err.message}`));
  return {
    console: messages,
    violations: () =>
      page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => ['página fechada']),
  };
}

async function expectClean(page: Page, w: Watch, where: string) {
  expect(await w.violations(), `${where}: securitypolicyviolation`).toEqual([]);
  expect(w.console, `${where}: console`).toEqual([]);
  expect(server.output(), `${where}: relatório no servidor`).not.toContain(CSP_LOG);
  await screenshot(page, `csp-${where.replace(/\W+/g, '-')}`);
}

async function openFromMenu(page: Page, label: string, heading: string) {
  const link = page.getByRole('navigation').getByRole('link', { name: label, exact: true });
  await link.hover();
  await link.click();
  await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
}

describe('Content-Security-Policy', () => {
  it('nenhuma tela, nem o service worker, esbarra na política', async () => {
    await browser.context.addInitScript({
      content: `window.__csp = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber));`,
    });
    const adminToken = await loginToken(server, 'admin@demo.com');
    const catalogue = await api<{ data: { products: ApiProduct[] } }>(server, 'GET', '/api/products?limit=200', {
      token: adminToken,
    });
    const product = catalogue.body.data.products.find((p) => p.current_stock >= 2);
    const people = await api<{ data: { customers: ApiCustomer[] } }>(server, 'GET', '/api/customers?limit=1', {
      token: adminToken,
    });
    const customer = people.body.data.customers[0];
    if (!product || !customer) throw new Error('o demo precisa de um produto com estoque e um cliente');

    const page = await browser.context.newPage();
    const w = await watch(page);
    const first = await page.goto(`${server.demoUrl}/login`);
    expect(first?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.getByText('Loja Demo').first().waitFor();
    await expectClean(page, w, 'login');
    await signIn(server, page, 'admin@demo.com');
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).first().waitFor();
    await expectClean(page, w, 'dashboard');

    // Nova Venda: the service worker installs and the catalogue mirrors; the network
    // drops, the page reloads from the worker's shell, a sale is made and queued.
    await openFromMenu(page, 'Nova Venda', 'Nova Venda');
    await waitForServiceWorker(page);
    await until(async () => (await idbProductCount(page)) >= catalogue.body.data.products.length, 'espelho');
    await tillReady(page); // the device's caixa opened while online
    await browser.context.setOffline(true);
    await page.reload();
    await tillReady(page);
    await chooseCustomer(page, customer.name);
    await addProduct(page, product, 1);
    await page.getByLabel('Forma de pagamento').selectOption('cash');
    await finish(page);
    expect(await idbCount(page, 'outbox')).toBe(1);
    // Offline, failed requests are expected console errors: only CSP ones count here.
    expect(await w.violations(), 'venda offline').toEqual([]);
    expect(w.console.filter((m) => /Content Security Policy|Refused to/i.test(m))).toEqual([]);
    w.console.length = 0;
    await browser.context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await until(async () => (await idbCount(page, 'outbox')) === 0, 'entrega da venda', 90_000);
    await expectClean(page, w, 'vendas');

    await openFromMenu(page, 'Produtos', 'Gestão de Produtos');
    await page.getByText(product.name).first().waitFor();
    await expectClean(page, w, 'produtos');

    await openFromMenu(page, 'Clientes', 'Clientes');
    await page.getByText(customer.name).first().waitFor();
    await expectClean(page, w, 'clientes');

    // The cash chart (Recharts, its own chunk) draws the day of the sale.
    await openFromMenu(page, 'Fluxo de Caixa', 'Fluxo de Caixa');
    await page.locator('[data-testid="cash-flow-chart"] svg .recharts-line').first().waitFor();
    await expectClean(page, w, 'fluxo-caixa');

    await openFromMenu(page, 'Contas a Receber', 'Contas a Receber');
    await expectClean(page, w, 'receber');
    await openFromMenu(page, 'Contas a Pagar', 'Contas a Pagar');
    await expectClean(page, w, 'pagar');
    await openFromMenu(page, 'Relatórios Financeiros', 'Relatórios Financeiros');
    await expectClean(page, w, 'relatorios');
    await openFromMenu(page, 'Configurações', 'Configurações');
    await expectClean(page, w, 'configuracoes');

    // A fresh load of a deep link, now from the service worker's shell, with the policy
    // it was cached with.
    await page.goto(`${server.demoUrl}/fluxo-caixa`);
    await page.locator('[data-testid="cash-flow-chart"] svg .recharts-line').first().waitFor();
    await expectClean(page, w, 'fluxo-caixa-recarregado');
  });

  it('o manifesto tem id, atalhos, launch_handler e capturas do tamanho declarado', async () => {
    const res = await fetch(`${server.origin}/manifest.webmanifest`, {
      headers: { host: `demo.localhost:${server.port}` },
    });
    const manifest = (await res.json()) as {
      id: string;
      start_url: string;
      launch_handler: { client_mode: string };
      shortcuts: { name: string; url: string }[];
      screenshots: { src: string; sizes: string; form_factor: string }[];
    };
    expect(manifest.id).toBe('/');
    expect(manifest.start_url).toBe('/');
    expect(manifest.launch_handler).toEqual({ client_mode: 'focus-existing' });
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Nova Venda', '/vendas'],
      ['Contas a Receber', '/receber'],
    ]);
    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    const page = await browser.context.newPage();
    await page.goto(`${server.demoUrl}/`);
    for (const shot of manifest.screenshots) {
      const size = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return `${img.naturalWidth}x${img.naturalHeight}`;
      }, shot.src);
      expect(size, shot.src).toBe(shot.sizes);
    }
    await page.close();
  });

  it('a violação de verdade é vista pelos três caminhos (o teste acima pode falhar)', async () => {
    const page = await browser.context.newPage();
    const w = await watch(page);
    await page.goto(`${server.demoUrl}/`);
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).first().waitFor();
    // What an injected script would try: an inline script and a foreign image.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.body.append(s);
      const img = document.createElement('img');
      img.src = 'https://example.com/x.png';
      document.body.append(img);
    });
    await until(async () => server.output().includes(CSP_LOG), 'relatório no servidor', 15_000);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    const violations = await w.violations();
    expect(violations.some((v) => v.startsWith('script-src'))).toBe(true);
    expect(violations.some((v) => v.startsWith('img-src'))).toBe(true);
    expect(w.console.some((m) => /Content Security Policy/.test(m))).toBe(true);
    await page.close();
  });
});
