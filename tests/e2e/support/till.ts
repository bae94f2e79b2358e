// The till as the cashier uses it, for the Chromium tests: sign in, open Nova Venda,
// open this device's caixa (a sale needs one), choose a customer, add a product, finish,
// read the stock shown.
import type { Locator } from 'playwright-core';
import { waitForServiceWorker, type Page } from './browser';
import { api } from './api';
import { idbAll, until } from './idb';
import type { RunningServer } from './server';

export interface ApiProduct {
  id: string;
  sku: string;
  name: string;
  size?: string | null;
  color?: string | null;
  current_stock: number;
  sale_price: number;
}

export interface ApiCustomer {
  id: string;
  name: string;
}

/** The longest product line a store may have (name, SKU, size, colour, a six-digit price), for layout tests. */
export const LONG_PRODUCT = {
  sku: 'CAL-JNS-SKN-STN-DESTROYED-46',
  name: 'Calça Jeans Skinny Cintura Alta com Elastano e Lavagem Stone Destroyed',
  size: '46',
  color: 'Azul Índigo',
  current_stock: 5000,
  cost_price: 4000,
  sale_price: 12999.9,
};

export async function signIn(server: RunningServer, page: Page, email: string) {
  await page.goto(`${server.demoUrl}/login`);
  await page.getByText('Loja Demo').first().waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('demo123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${server.demoUrl}/`);
}

/**
 * The till as a store runs it: installed (the service worker controls the page, so every
 * part of the app opens offline) and ready to sell. `caixa: false` leaves this device's
 * caixa as it is (closed, for a test of opening it).
 */
export async function openTill(server: RunningServer, page: Page, options: { caixa?: boolean } = {}) {
  await page.goto(`${server.demoUrl}/vendas`);
  await tillReady(page, options);
  await waitForServiceWorker(page);
}

/**
 * The till is drawn at once; its searches say 'Carregando...' (aria-busy) until the
 * device's catalogue can be searched. Waits for that, as the cashier would, then opens the
 * device's caixa when it is closed (unless `caixa: false`).
 */
export async function tillReady(page: Page, { caixa = true }: { caixa?: boolean } = {}) {
  await page
    .getByText('PDV - Ponto de Venda')
    .waitFor()
    .catch(async (error: Error) => {
      // What the screen showed instead (an error page, a spinner, another route): the failure says so.
      const shown = await page
        .evaluate(() => `${location.pathname}: ${document.body.innerText.slice(0, 600)}`)
        .catch(() => '(a página não respondeu)');
      throw new Error(`${error.message}\nNa tela: ${shown}`);
    });
  await page
    .locator('input[role="combobox"][aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 60_000 });
  if (caixa) await openCaixa(page);
}

/** Outbox entries of the caixa (its opening, movements, close) still on the device. */
async function queuedCaixaEntries(page: Page): Promise<number> {
  return (await idbAll<{ kind?: string }>(page, 'outbox')).filter((e) => e.kind === 'caixa').length;
}

/**
 * Opens this device's caixa with no fundo de troco when it is closed, as the cashier does
 * before the first sale; online, waits until the opening has reached the server, so the
 * sales after it go straight there.
 */
export async function openCaixa(page: Page) {
  const bar = page.getByTestId('caixa-bar');
  const gate = page.locator('[data-testid="caixa-gate"]:not([aria-hidden="true"])');
  await bar.or(gate).first().waitFor();
  if (await bar.isVisible()) return;
  await page.getByRole('button', { name: 'Abrir Caixa' }).click();
  await bar.waitFor();
  if (await page.evaluate(() => navigator.onLine)) {
    await until(async () => (await queuedCaixaEntries(page)) === 0, 'abertura do caixa no servidor');
  }
}

export async function chooseCustomer(page: Page, name: string) {
  await page.getByPlaceholder('Buscar cliente por nome ou CPF...').fill(name);
  await page
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
  await page.getByText(`Cliente selecionado: ${name}`).waitFor();
}

export async function addProduct(page: Page, product: ApiProduct, quantity: number) {
  await page.getByPlaceholder('Buscar produto por código ou nome...').fill(product.sku);
  await page
    .getByRole('option', { name: new RegExp(product.sku) })
    .first()
    .click();
  await page.getByLabel('Quantidade', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await page.getByRole('table', { name: 'Itens da Venda' }).getByText(product.name).first().waitFor();
}

/**
 * 'Pix recebido', brought to the middle of the screen first as a person scrolls to it: at the
 * bottom of the summary it may sit partly under the sticky 'Finalizar Venda' bar, where
 * Chromium's click lands on that bar's (disabled) button and nothing happens.
 */
export async function confirmPix(page: Page) {
  const button = page.getByRole('button', { name: 'Pix recebido' });
  await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await button.click();
}

export async function finish(page: Page) {
  await page.getByRole('button', { name: 'Finalizar Venda' }).click();
  await page.getByText(/Venda finalizada! Cliente:/).waitFor();
}

/** The stock the till shows for a product in the search dropdown. */
export async function shownStock(page: Page, product: ApiProduct): Promise<number> {
  await page.getByPlaceholder('Buscar produto por código ou nome...').fill(product.sku);
  const option = page.getByRole('option', { name: new RegExp(product.sku) }).first();
  const text = (await option.textContent()) ?? '';
  await page.getByPlaceholder('Buscar produto por código ou nome...').fill('');
  const match = /Estoque:\s*(-?\d+)/.exec(text);
  if (!match) throw new Error(`estoque não encontrado em: ${text}`);
  return Number(match[1]);
}

/** The demo store's catalogue (up to 200 products) and its first customers, as an admin lists them. */
export async function demoLists(server: RunningServer, token: string, customers = 2) {
  const catalogue = await api<{ data: { products: ApiProduct[] } }>(server, 'GET', '/api/products?limit=200', {
    token,
  });
  const people = await api<{ data: { customers: ApiCustomer[] } }>(server, 'GET', `/api/customers?limit=${customers}`, {
    token,
  });
  return { products: catalogue.body.data.products, customers: people.body.data.customers };
}

/** Two demo products with at least `minStock` units and two demo customers, as an admin reads them. */
export async function demoPair(server: RunningServer, token: string, minStock: number) {
  const { products, customers } = await demoLists(server, token);
  const [x, y] = products.filter((p) => p.current_stock >= minStock);
  const [ana, bruno] = customers;
  if (!x || !y || !ana || !bruno) throw new Error('o demo precisa de dois produtos com estoque e dois clientes');
  return { products, x, y, ana, bruno };
}

/** Types an amount into a field as a person does: clicks into it, selects what is there, types. */
export async function typeMoney(page: Page, label: string, text: string, scope: Page | Locator = page) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}
