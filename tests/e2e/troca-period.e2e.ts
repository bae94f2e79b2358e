// Trocas of older sales in the real Chromium against the real server. Two sales of another
// till (made through the API), one moved to 10 days ago and one to 31 (their sold_at written
// in the server's own database while it is stopped, then the server started again on it).
// At the till the cashier types the number of the 10-day sale into Trocas e Devoluções and
// exchanges an item for a dearer one; the 31-day sale is refused with the period said; a
// receipt printed at the till carries its number as a barcode that zbarimg reads, and that
// code, typed in a burst as a scanner does, opens the sale; offline the finder says that only
// this device's sales can be found.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '../../src/server/db/client';
import { api, apiSale, loginToken } from './support/api';
import { ARTIFACTS_DIR, openBrowser, screenshot, type Page } from './support/browser';
import { goToHistory, openSale } from './support/history';
import { idbProductCount, until } from './support/idb';
import { overflow } from './support/layout';
import { printedPdf } from './support/print';
import { cents, exchangeInNewSale, reais, saleReturns, shownBRL, typeInto } from './support/returns';
import { startServer, type RunningServer } from './support/server';
import { addProduct, chooseCustomer, demoLists, finish, openTill, signIn } from './support/till';
import type { ApiCustomer, ApiProduct } from './support/till';

const DAY_MS = 86_400_000;
const PERIOD_PASSED = 'Esta venda passou do prazo de troca de 30 dias.';

let server: RunningServer;
let dataDir: string;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let adminToken: string;
let cheap: ApiProduct;
let dearer: ApiProduct;
let customer: ApiCustomer;
const old = { tenDays: { id: '', number: '' }, thirtyOneDays: { id: '', number: '' } };
let cancelledWithoutReason = { id: '', number: '' };

/** Moves sales back in time in the server's own database (PGlite serves one process: stopped meanwhile). */
async function soldDaysAgo(moves: { id: string; days: number }[]) {
  dataDir = server.dataDir;
  await server.stop({ keepData: true });
  const db = new PGlite(`${dataDir}/pglite`, { extensions: PGLITE_EXTENSIONS });
  try {
    for (const { id, days } of moves) {
      await db.query('update sales set sold_at = $2 where id = $1', [id, new Date(Date.now() - days * DAY_MS)]);
    }
  } finally {
    await db.close();
  }
  server = await startServer({}, { dataDir });
}

beforeAll(async () => {
  server = await startServer();
  adminToken = await loginToken(server, 'admin@demo.com');
  const demo = await demoLists(server, adminToken, 3);
  const stocked = demo.products.filter((p) => p.current_stock >= 10 && p.sale_price > 5);
  stocked.sort((a, b) => a.sale_price - b.sale_price);
  cheap = stocked[0]!;
  dearer = stocked.find((p) => p.sale_price >= cheap.sale_price + 10)!;
  customer = demo.customers[1]!;
  const sell = () =>
    apiSale(server, adminToken, {
      customer_id: customer.id,
      items: [{ product_id: cheap.id, quantity: 2, unit_price: cheap.sale_price }],
      payment_method: 'cash',
    });
  old.tenDays = await sell();
  old.thirtyOneDays = await sell();
  // A cancel a device's outbox delivered without a reason (accepted and flagged).
  cancelledWithoutReason = await sell();
  const cancel = await api(server, 'PUT', `/api/sales/${cancelledWithoutReason.id}/cancel`, {
    token: adminToken,
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    body: { offline: true },
  });
  expect(cancel.status).toBe(200);
  await soldDaysAgo([
    { id: old.tenDays.id, days: 10 },
    { id: old.thirtyOneDays.id, days: 31 },
  ]);
  adminToken = await loginToken(server, 'admin@demo.com');
  browser = await openBrowser({ width: 1280, height: 860 });
  page = await browser.context.newPage();
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await signIn(server, page, 'caixa@demo.com');
  await openTill(server, page);
  await until(async () => (await idbProductCount(page)) >= demo.products.length, 'espelho');
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Opens Trocas e Devoluções and types `number` as a person does, then asks for the sale. */
async function findSale(number: string) {
  await page.getByRole('button', { name: 'Trocas e Devoluções' }).click();
  await typeInto(page, 'Número da venda', number);
  await page.getByRole('button', { name: 'Buscar venda' }).click();
}

describe('Troca de uma venda antiga (caixa, 1280 px)', () => {
  it('o caixa digita o número de uma venda de 10 dias atrás e troca um item por outro mais caro', async () => {
    await findSale(old.tenDays.number);
    await page.getByLabel(`Quantidade a devolver de ${cheap.name}`).waitFor();
    await screenshot(page, 'troca-period-01-venda-10-dias');
    await typeInto(page, `Quantidade a devolver de ${cheap.name}`, '1');
    await typeInto(page, 'Motivo', 'Tamanho errado');
    const banner = await exchangeInNewSale(page);
    expect(shownBRL(await banner.textContent())).toContain(`vale-troca de R$ ${reais(cheap.sale_price)}`);
    await chooseCustomer(page, customer.name);
    await addProduct(page, dearer, 1);
    const rest = (cents(dearer.sale_price) - cents(cheap.sale_price)) / 100;
    await expect.poll(async () => shownBRL(await banner.textContent())).toContain(`Falta pagar R$ ${reais(rest)}`);
    await finish(page);
    await screenshot(page, 'troca-period-02-troca-finalizada');

    const returns = await saleReturns<{ refund_method: string; amount: number }>(
      server,
      adminToken,
      old.tenDays.id,
    );
    expect(returns).toEqual([expect.objectContaining({ refund_method: 'vale_troca', amount: cheap.sale_price })]);
    const today = await api<{ data: { sales: { payments: { method: string; amount: number }[] }[] } }>(
      server,
      'GET',
      `/api/sales?customer_id=${customer.id}&limit=5`,
      { token: adminToken },
    );
    const parts = today.body.data.sales[0]!.payments.map((p) => [p.method, cents(p.amount)]);
    expect(parts).toContainEqual(['store_credit', cents(cheap.sale_price)]);
  });

  it('a venda de 31 dias atrás é recusada com o prazo dito', async () => {
    await page.goto(`${server.demoUrl}/vendas`);
    await page.getByText('PDV - Ponto de Venda').waitFor();
    await findSale(old.thirtyOneDays.number);
    const dialog = page.getByRole('dialog', { name: 'Trocas e Devoluções' });
    await dialog.getByText(PERIOD_PASSED).waitFor();
    expect(await page.getByLabel(`Quantidade a devolver de ${cheap.name}`).count()).toBe(0);
    await screenshot(page, 'troca-period-03-venda-31-dias');
    await page.keyboard.press('Escape');
    expect(await saleReturns(server, adminToken, old.thirtyOneDays.id)).toEqual([]);
  });

  it('o código de barras do recibo, lido como um leitor lê, abre a venda em Trocas e Devoluções', async () => {
    await chooseCustomer(page, customer.name);
    await addProduct(page, cheap, 1);
    await finish(page);
    const bar = page.getByRole('region', { name: 'Venda finalizada' });
    const number = /Venda #(\S+) finalizada/.exec((await bar.textContent()) ?? '')![1]!;
    await bar.getByRole('button', { name: 'Imprimir recibo' }).click();
    const pdf = await printedPdf(page, 'troca-period-04-recibo');
    // The printed page read back at a printer's resolution, as a scanner sees the paper.
    const png = join(ARTIFACTS_DIR, 'troca-period-04-recibo-300dpi');
    execFileSync('pdftoppm', ['-png', '-r', '300', '-singlefile', pdf, png]);
    const read = execFileSync('zbarimg', ['-q', `${png}.png`], { encoding: 'utf8' }).trim().split('\n');
    expect(read).toEqual([`CODE-128:${number}`]);
    await page.getByRole('button', { name: 'Trocas e Devoluções' }).click();
    await page.getByLabel('Número da venda', { exact: true }).click();
    // A scanner types the code and Enter in a burst.
    await page.keyboard.type(number, { delay: 5 });
    await page.keyboard.press('Enter');
    await page.getByLabel(`Quantidade a devolver de ${cheap.name}`).waitFor();
    await screenshot(page, 'troca-period-05-recibo-lido');
    await page.keyboard.press('Escape');
  });

  it('sem conexão, o caixa é avisado de que só as vendas deste aparelho podem ser abertas', async () => {
    await browser.context.setOffline(true);
    try {
      await page.getByText('Offline', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: 'Trocas e Devoluções' }).click();
      const dialog = page.getByRole('dialog', { name: 'Trocas e Devoluções' });
      const note = 'Sem conexão: só as vendas feitas neste aparelho podem ser abertas.';
      await dialog.getByRole('status').getByText(note, { exact: false }).waitFor();
      await typeInto(page, 'Número da venda', old.tenDays.number);
      await page.getByRole('button', { name: 'Buscar venda' }).click();
      await dialog.locator('p[id$="-error"]').getByText(note, { exact: false }).waitFor();
      expect((await overflow(page)).page).toBeNull();
      await screenshot(page, 'troca-period-06-sem-conexao');
      await page.keyboard.press('Escape');
    } finally {
      await browser.context.setOffline(false);
    }
  });

  it('o administrador vê no detalhe do Histórico que o cancelamento chegou sem motivo (820 px)', async () => {
    const tablet = await openBrowser({ width: 820, height: 1180 });
    try {
      const admin = await tablet.context.newPage();
      await signIn(server, admin, 'admin@demo.com');
      await goToHistory(server, admin);
      await openSale(admin, cancelledWithoutReason.number);
      const detail = admin.getByTestId('sale-detail');
      await detail.getByText('Não informado: o cancelamento chegou sem motivo').waitFor();
      await detail.getByText('Cancelamento sem motivo (em aberto)').waitFor();
      expect((await overflow(admin)).page).toBeNull();
      await screenshot(admin, 'troca-period-07-cancelada-sem-motivo-820');
    } finally {
      await tablet.close();
    }
  });
});
