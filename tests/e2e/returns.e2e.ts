// Trocas e Devoluções in the real Chromium against the real server, on an 820 px tablet:
// offline, the cashier sells, returns one item of that sale for vale-troca (found by its
// number before the sale reached the server), and uses the vale in a new sale; back
// online everything arrives once and the customer's balance is the same on the server and
// on the device. Over the cashier's limit an admin present approves, and the sale's detail
// in the history says who ('Aprovada por <nome>').
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, apiSale, loginToken } from './support/api';
import { openBrowser, screenshot } from './support/browser';
import { idbCount, until } from './support/idb';
import { overflow } from './support/layout';
import { addProduct, chooseCustomer, finish, openTill, signIn } from './support/till';
import {
  chooseOneToReturn,
  deviceRef,
  fileCounter,
  reais,
  returnsCounter,
  saleReturns,
  sellOnDevice,
  shownBRL,
  storeCreditBalance,
  typeInto,
} from './support/returns';
import { fileBrowser, fileServer } from './support/suite';
import { goToHistory, openSale } from './support/history';

const server = fileServer();
const tablet = fileBrowser({ width: 820, height: 1180 });
/** The dearest product with stock to spare, one cheaper, and the first customer. */
const counter = fileCounter(tablet, async (page) => {
  const { adminToken, stocked, customers } = await returnsCounter(server, page);
  const expensive = stocked.at(-1);
  const cheap = stocked.findLast((p) => expensive && p.sale_price < expensive.sale_price);
  const customer = customers[0];
  if (!expensive || !cheap || !customer) throw new Error('o demo precisa de produtos e clientes');
  return { adminToken, expensive, cheap, customer };
});

async function count(path: string): Promise<number> {
  const res = await api<{ data: { pagination: { total: number } } }>(server, 'GET', path, {
    token: counter.adminToken,
  });
  return res.body.data.pagination.total;
}

const serverBalance = () => storeCreditBalance(server, counter.adminToken, counter.customer.id);

describe('Trocas e Devoluções (tablet 820 px)', () => {
  it('offline: devolve um item para vale-troca, usa o vale numa venda nova; online, o saldo confere no servidor e no aparelho', async () => {
    const { page, adminToken, expensive, cheap, customer } = counter;
    const salesBefore = await count('/api/sales?limit=1');
    const balanceBefore = await serverBalance();
    await tablet.context.setOffline(true);
    await page.getByText('Offline', { exact: true }).first().waitFor();

    // A sale of 2 units, made offline.
    const saleId = await sellOnDevice(page, customer, expensive, 2);

    // One unit back for vale-troca, found by the sale's number, still offline.
    await chooseOneToReturn(page, deviceRef(saleId), expensive, 'Não serviu');
    await page.getByLabel('Devolver o valor em').selectOption('vale_troca');
    await expect
      .poll(async () => shownBRL(await page.getByTestId('return-value').textContent()))
      .toBe(`R$ ${reais(expensive.sale_price)}`);
    await screenshot(page, 'returns-01-dialogo-820');
    await page.getByRole('button', { name: 'Confirmar devolução' }).click();
    await page.getByText('Devolução registrada').first().waitFor();
    expect(await idbCount(page, 'outbox')).toBe(2);

    // The vale pays a new sale of the cheaper product, offline.
    await chooseCustomer(page, customer.name);
    const credit = balanceBefore + expensive.sale_price;
    await expect
      .poll(async () => shownBRL(await page.getByTestId('store-credit-balance').textContent()))
      .toBe(`R$ ${reais(credit)}`);
    await addProduct(page, cheap, 1);
    await page.getByLabel(/Usar vale-troca/).check();
    await screenshot(page, 'returns-02-vale-na-venda-820');
    await finish(page);
    expect(await idbCount(page, 'outbox')).toBe(3);
    const expected = Math.round((credit - cheap.sale_price) * 100) / 100;
    await chooseCustomer(page, customer.name);
    await expect
      .poll(async () => shownBRL(await page.getByTestId('store-credit-balance').textContent()))
      .toBe(`R$ ${reais(expected)}`);
    expect(await serverBalance()).toBe(balanceBefore);

    // Back online: everything arrives once, in order.
    await tablet.context.setOffline(false);
    await until(async () => (await idbCount(page, 'outbox')) === 0, 'entrega da fila', 90_000);
    expect(await count('/api/sales?limit=1')).toBe(salesBefore + 2);
    const returns = await saleReturns<{ amount: number; refund_method: string }>(server, adminToken, saleId);
    expect(returns.map((r) => [r.amount, r.refund_method])).toEqual([[expensive.sale_price, 'vale_troca']]);
    expect(await serverBalance()).toBe(expected);
    // The device shows the server's balance once the mirror has it.
    await page.reload();
    await openTill(server, page);
    await chooseCustomer(page, customer.name);
    await expect
      .poll(async () => shownBRL(await page.getByTestId('store-credit-balance').textContent()), { timeout: 30_000 })
      .toBe(`R$ ${reais(expected)}`);
    await screenshot(page, 'returns-03-saldo-online-820');

    // At 390 px the dialog fits without sideways scrolling (the sale found on the server now).
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      const p = await phone.context.newPage();
      await signIn(server, p, 'caixa@demo.com');
      await openTill(server, p);
      await p.getByRole('button', { name: 'Trocas e Devoluções' }).click();
      await typeInto(p, 'Número da venda', saleId);
      await p.getByRole('button', { name: 'Buscar venda' }).click();
      await p.getByText('Vendidas 2 · devolvidas 1').waitFor();
      await screenshot(p, 'returns-04-dialogo-390');
      expect(await overflow(p)).toEqual({ page: null, regions: [] });
    } finally {
      await phone.close();
    }
  });

  it('acima do limite do caixa: online um administrador presente entra e aprova; offline a tela avisa e o servidor marca', async () => {
    const { page, adminToken, expensive, customer } = counter;
    const set = await api(server, 'PUT', '/api/settings', {
      token: adminToken,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { cashier_max_return: 1000 },
    });
    expect(set.status).toBe(200);
    // The till reads the store's settings when it opens.
    await openTill(server, page);
    const cashierToken = await loginToken(server, 'caixa@demo.com');
    const { id: saleId, number } = await apiSale(server, cashierToken, {
      customer_id: customer.id,
      payment_method: 'pix',
      items: [{ product_id: expensive.id, quantity: 2, unit_price: expensive.sale_price }],
    });
    const returnOne = () => chooseOneToReturn(page, saleId, expensive, 'Defeito');

    await returnOne();
    // The dialog names the sale by the number on its receipt.
    await page.getByRole('dialog').getByText(`#${number}`, { exact: true }).waitFor();
    await page.getByText(/^Devoluções acima de R\$\s10,00 precisam de um administrador\./).waitFor();
    await page.getByRole('button', { name: 'Confirmar devolução' }).click();
    await page.getByText('Informe o e-mail e a senha de um administrador.').waitFor();
    await typeInto(page, 'E-mail do administrador', 'admin@demo.com');
    await typeInto(page, 'Senha do administrador', 'demo123');
    await screenshot(page, 'returns-05-aprovacao-admin-820');
    await page.getByRole('button', { name: 'Confirmar devolução' }).click();
    await page.getByText('Devolução registrada').first().waitFor();

    // The connection drops with the next return on screen (a sale of the server's is found online).
    await returnOne();
    await tablet.context.setOffline(true);
    await page.getByText('Offline', { exact: true }).first().waitFor();
    await page.getByText(/um administrador precisa aprovar. Sem conexão/).waitFor();
    expect(await page.getByLabel('E-mail do administrador').count()).toBe(0);
    await page.getByRole('button', { name: 'Confirmar devolução' }).click();
    // Queued on the device (the first return's toast may still be on screen: not proof).
    await until(async () => (await idbCount(page, 'outbox')) >= 1, 'devolução na fila');
    await tablet.context.setOffline(false);
    await until(async () => (await idbCount(page, 'outbox')) === 0, 'entrega da devolução', 90_000);

    const returns = await saleReturns<{ offline: boolean; limit_conflict: boolean }>(server, adminToken, saleId);
    expect(returns.map((r) => [r.offline, r.limit_conflict]).sort()).toEqual([
      [false, false],
      [true, true],
    ]);

    // The sale's detail in Histórico de Vendas names the admin who approved the first one.
    await goToHistory(server, page);
    await openSale(page, number);
    const listed = page.getByTestId('sale-returns');
    await listed.getByText('Aprovada por Administrador Demo', { exact: true }).waitFor();
    expect(await listed.getByText(/^Aprovada por/).count()).toBe(1);
    await listed.getByText('Acima do limite sem aprovação (em conflito)').waitFor();
    await screenshot(page, 'returns-06-aprovada-por-820');
  });
});
