// Receipts and the carnê, in the real Chromium against the real server: a cashier finishes
// a cash sale and prints the receipt; the page is rendered to PDF through the app's print
// stylesheet (print media, the CSS page size) and read back with poppler: the page is the
// roll's width (80 mm, then 58 mm), every word lies inside it, the text is at least 9 pt,
// and it says 'Documento sem valor fiscal'. Offline, a crediário sale in 6 instalments
// prints its receipt and a carnê of three slips per A4 page. window.print is replaced by
// a counter, so no dialog blocks the browser.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { screenshot, waitForServiceWorker, type Page } from './support/browser';
import { idbProductCount, until } from './support/idb';
import { overflow } from './support/layout';
import { fileBrowser, fileServer } from './support/suite';
import { pdfInfo, pdfText, pdfWords, printedPdf as printPdf } from './support/print';
import { addProduct, chooseCustomer, finish, openTill, signIn, demoLists } from './support/till';
import type { ApiCustomer, ApiProduct } from './support/till';

const server = fileServer();
const browser = fileBrowser({ width: 1280, height: 860 });
let page: Page;
let adminToken: string;
let products: ApiProduct[];
let customers: ApiCustomer[];

const MM_TO_PT = 72 / 25.4;
const A4_PT = { width: 595.28, height: 841.89 };

async function setSettings(body: Record<string, unknown>) {
  const res = await api(server, 'PUT', '/api/settings', {
    token: adminToken,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body,
  });
  expect(res.status).toBe(200);
}

/** The till reloaded (it reads the store's settings when it opens). */
async function reloadTill() {
  await page.reload();
  await page.getByText('PDV - Ponto de Venda').waitFor();
}

/** A sale on the till to `customer` of each product in its quantity, paid by `method` (not finished yet). */
async function startSale(customer: ApiCustomer, method: string, ...lines: [ApiProduct, number][]) {
  await chooseCustomer(page, customer.name);
  for (const [product, quantity] of lines) await addProduct(page, product, quantity);
  await page.getByLabel('Forma de pagamento').selectOption(method);
}

/** Types as a person does: click into the field, then the keys. */
async function typeInto(label: string, text: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** How often the app asked the browser to print (window.print is counted, not shown). */
const printCalls = () => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls);

const printedPdf = (name: string) => printPdf(page, name);
const text = pdfText;
const words = pdfWords;

/** The receipt on its roll: the page as wide as the paper, one page, every word inside, text >= 9 pt. */
function expectOnRoll(path: string, widthMm: number) {
  const info = pdfInfo(path);
  // Chromium rounds the page to its own units: within 0.2 mm of the roll.
  expect(Math.abs(info.width - widthMm * MM_TO_PT)).toBeLessThan(0.6);
  expect(info.pages).toBe(1);
  const all = words(path);
  expect(all.length).toBeGreaterThan(20);
  for (const w of all) {
    expect(w.xMin, w.word).toBeGreaterThanOrEqual(0);
    expect(w.xMax, w.word).toBeLessThanOrEqual(info.width);
    expect(w.yMax, w.word).toBeLessThanOrEqual(info.height);
    // A word's box is its font's ascent to descent: about 1.15 × the size for these fonts.
    expect(w.yMax - w.yMin, w.word).toBeGreaterThanOrEqual(9 * 1.1);
  }
}

/** The receipt the app printed, rendered as `name` and checked on its roll: its text. */
async function receiptOnRoll(name: string, widthMm: number): Promise<string> {
  const path = await printedPdf(name);
  expectOnRoll(path, widthMm);
  return text(path);
}

beforeAll(async () => {
  adminToken = await loginToken(server, 'admin@demo.com');
  const demo = await demoLists(server, adminToken, 3);
  products = demo.products.filter((p) => p.current_stock >= 10 && p.sale_price > 20);
  customers = demo.customers;
  if (products.length < 2 || customers.length < 2) throw new Error('o demo precisa de produtos e clientes');
  page = await browser.context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { printCalls: number; cspViolations: string[] };
    w.printCalls = 0;
    window.print = () => {
      w.printCalls++;
    };
    // The page size goes in without an inline <style>, which the policy would block.
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(e.violatedDirective));
  });
  await signIn(server, page, 'caixa@demo.com');
  await openTill(server, page);
  await until(async () => (await idbProductCount(page)) >= demo.products.length, 'espelho');
});

describe('Recibo e carnê', () => {
  it('o caixa finaliza uma venda em dinheiro e imprime o recibo de 80 mm', async () => {
    const [x, y] = products;
    await startSale(customers[0]!, 'cash', [x!, 2], [y!, 1]);
    const total = 2 * x!.sale_price + y!.sale_price;
    const received = Math.ceil(total / 50) * 50 + 50;
    await typeInto('Valor recebido', `${received},00`);
    await finish(page);
    const bar = page.getByRole('region', { name: 'Venda finalizada' });
    await bar.getByRole('button', { name: 'Imprimir recibo' }).click();
    await until(async () => (await printCalls()) === 1, 'window.print');
    await screenshot(page, 'receipt-01-after-sale');

    const printed = await receiptOnRoll('receipt-80mm', 80);
    const brl = (reais: number) => `R$ ${reais.toFixed(2).replace('.', ',')}`;
    expect(printed).toContain('Loja Demo');
    expect(printed).toContain('CNPJ 11.222.333/0001-81');
    expect(printed).toContain('Operador: Caixa Demo');
    expect(printed).toContain(`Cliente: ${customers[0]!.name}`);
    expect(printed).toMatch(/Venda #(?:[A-Z]{1,3}-)?\d{4,}/);
    expect(printed).toMatch(/Data: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(printed).toContain(`2 x ${brl(x!.sale_price)}`);
    expect(printed).toContain(`1 x ${brl(y!.sale_price)}`);
    expect(printed).toMatch(new RegExp(`TOTAL\\s+${brl(total).replace(/[.$]/g, '\\$&')}`));
    expect(printed).toMatch(new RegExp(`Recebido\\s+${brl(received).replace(/[.$]/g, '\\$&')}`));
    expect(printed).toMatch(new RegExp(`Troco\\s+${brl(received - total).replace(/[.$]/g, '\\$&')}`));
    expect(printed).toContain('Documento sem valor fiscal');
    // Nothing of the screen behind it is printed.
    expect(printed).not.toContain('Resumo da Venda');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });

  it('em papel de 58 mm, com impressão automática, o recibo cabe na largura', async () => {
    await setSettings({ receipt_paper_width: '58mm', receipt_auto_print: true });
    await reloadTill();
    const before = await printCalls();
    const [x] = products;
    await startSale(customers[1]!, 'debit_card', [x!, 3]);
    await finish(page);
    // Printed by itself, once.
    await until(async () => (await printCalls()) === before + 1, 'impressão automática');
    const printed = await receiptOnRoll('receipt-58mm', 58);
    expect(printed).toContain('Cartão de Débito');
    expect(printed).toContain('Documento sem valor fiscal');
  });

  it('sem rede, um crediário em 6 parcelas imprime o recibo e o carnê, três parcelas por página A4', async () => {
    await setSettings({ receipt_paper_width: '80mm', receipt_auto_print: false });
    await reloadTill();
    // Offline from the start: the app opens from the service worker, and the store's data
    // and settings for the receipt come from what the device kept.
    await waitForServiceWorker(page);
    await browser.context.setOffline(true);
    await reloadTill();
    await page.getByText('Offline', { exact: true }).first().waitFor();
    const [, y] = products;
    await startSale(customers[0]!, 'crediario', [y!, 4]);
    await page.getByLabel('Número de parcelas').selectOption('6');
    await finish(page);
    const bar = page.getByRole('region', { name: 'Venda finalizada' });

    const calls = await printCalls();
    await bar.getByRole('button', { name: 'Imprimir recibo' }).click();
    await until(async () => (await printCalls()) === calls + 1, 'window.print');
    const printedReceipt = await receiptOnRoll('receipt-crediario-offline', 80);
    // The store's data came from the device's cache: the network is off.
    expect(printedReceipt).toContain('CNPJ 11.222.333/0001-81');
    expect(printedReceipt).toContain('Crediário: 6 parcela(s)');
    expect(printedReceipt.match(/\d\/6 · venc\. \d{2}\/\d{2}\/\d{4}/g)).toHaveLength(6);

    await bar.getByRole('button', { name: 'Imprimir carnê' }).click();
    await until(async () => (await printCalls()) === calls + 2, 'window.print');
    const carne = await printedPdf('carne-a4');
    const info = pdfInfo(carne);
    expect(info.width).toBeCloseTo(A4_PT.width, 0);
    expect(info.height).toBeCloseTo(A4_PT.height, 0);
    expect(info.pages).toBe(2);
    for (const [n, expected] of [
      [1, ['1/6', '2/6', '3/6']],
      [2, ['4/6', '5/6', '6/6']],
    ] as const) {
      const onPage = text(carne, n);
      // Each slip prints its instalment twice: the store's stub and the customer's part.
      const slips = [...new Set(onPage.match(/\b\d\/6\b/g))];
      expect(slips).toEqual(expected);
      expect(onPage.match(/Parcela\s+\d\/6/g)).toHaveLength(3);
      expect(onPage.match(/Documento sem valor fiscal/g)).toHaveLength(3);
    }
    // On a phone the bar and its buttons fit the width.
    await page.setViewportSize({ width: 390, height: 844 });
    await bar.scrollIntoViewIfNeeded();
    expect(await overflow(page)).toEqual({ page: null, regions: [] });
    await screenshot(page, 'receipt-02-bar-390');
    await page.setViewportSize({ width: 1280, height: 860 });
    await browser.context.setOffline(false);
  });
});
