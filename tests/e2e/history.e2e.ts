// Histórico de Vendas in the real Chromium against the real server, on a phone (390 px):
// the admin sells at the till (the number on screen is the one the sale gets), finds the
// sale in the history by typing its number, opens the detail and cancels it with a reason;
// the history and the detail fit without sideways scrolling. Offline, the admin cancels a
// sale with a reason: the screen says it will be sent, and back online it arrives once
// (stock back, one reversal in the cash book).
import { describe, expect, it } from 'vitest';
import { nameWithVariant } from '../../src/shared/product-variant';
import { api, apiSale, loginToken } from './support/api';
import { screenshot, type Page } from './support/browser';
import { idbCount, until } from './support/idb';
import { overflow } from './support/layout';
import { addProduct, chooseCustomer, demoLists, finish, openTill, signIn, type ApiProduct } from './support/till';
import { fileBrowser, fileServer } from './support/suite';
import { openSale } from './support/history';

const server = fileServer();
const phone = fileBrowser({ width: 390, height: 844 });
/** A second phone, with its own sign-in and its own outbox. */
const offlinePhone = fileBrowser({ width: 390, height: 844 });

/** A demo product with `minStock` units or more and a demo customer. */
async function productAndCustomer(token: string, minStock: number) {
  const { products, customers } = await demoLists(server, token, 1);
  const product = products.find((p) => p.current_stock >= minStock);
  const customer = customers[0];
  if (!product || !customer) throw new Error('o demo precisa de um produto com estoque e de um cliente');
  return { product, customer };
}

async function stockOf(token: string, product: ApiProduct): Promise<number> {
  return (await api<{ data: ApiProduct }>(server, 'GET', `/api/products/${product.id}`, { token })).body.data
    .current_stock;
}

/** Cancels the open sale with `reason`, through the confirmation. */
async function cancelWith(page: Page, reason: string) {
  await page.getByRole('button', { name: 'Cancelar venda' }).click();
  const prompt = page.getByRole('alertdialog');
  await prompt.getByLabel('Motivo do cancelamento').click();
  await page.keyboard.type(reason);
  await prompt.getByRole('button', { name: 'Cancelar venda' }).click();
}

describe('Histórico de Vendas', () => {
  it('vende, encontra a venda pelo número, abre o detalhe e cancela (390 px)', async () => {
    const token = await loginToken(server, 'admin@demo.com');
    const { product, customer } = await productAndCustomer(token, 3);

    const page = await phone.context.newPage();
    await signIn(server, page, 'admin@demo.com');
    await openTill(server, page);
    // The till got its code from the server: the number the sale will get.
    const shown = page.getByTestId('sale-number');
    await expect.poll(async () => (await shown.textContent()) ?? '', { timeout: 20_000 }).toMatch(/^#[A-Z]+-0001$/);
    const number = ((await shown.textContent()) ?? '').slice(1);
    await chooseCustomer(page, customer.name);
    await addProduct(page, product, 2);
    await finish(page);
    await expect.poll(async () => (await shown.textContent()) ?? '').toBe(`#${number.replace(/0001$/, '0002')}`);

    await page.goto(`${server.demoUrl}/historico-vendas`);
    await page.getByRole('heading', { name: 'Histórico de Vendas' }).waitFor();
    const field = page.getByLabel('Número da venda');
    await field.click();
    await page.keyboard.type(number.toLowerCase().replace('-000', ''));
    const row = page.getByRole('button', { name: `Venda #${number}` });
    await row.waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Vendas' }).getByRole('button').count()).toBe(1);
    await screenshot(page, 'history-390');
    expect(await overflow(page)).toEqual({ page: null, regions: [] });

    await row.click();
    const detail = page.getByTestId('sale-detail');
    await detail.waitFor();
    await detail.getByText(customer.name).waitFor();
    // The line names the variant sold, as the receipt does.
    await detail
      .getByText(`2 x ${nameWithVariant(product.name, { size: product.size, color: product.color })}`)
      .waitFor();
    expect(await overflow(page)).toEqual({ page: null, regions: [] });
    await screenshot(page, 'history-detail-390');

    await page.getByRole('button', { name: 'Cancelar venda' }).click();
    const prompt = page.getByRole('alertdialog');
    await prompt.getByText('Tem certeza que deseja cancelar esta venda?').waitFor();
    // The reason is required.
    await prompt.getByRole('button', { name: 'Cancelar venda' }).click();
    await prompt.getByText(/Informe o motivo do cancelamento/).waitFor();
    await prompt.getByLabel('Motivo do cancelamento').click();
    await page.keyboard.type('Cliente desistiu da compra');
    await prompt.getByRole('button', { name: 'Cancelar venda' }).click();
    await page.getByText('Venda cancelada', { exact: true }).waitFor();
    await detail.getByText('Cliente desistiu da compra').waitFor({ timeout: 20_000 });
    await detail.getByText('Cancelada', { exact: true }).waitFor();
    await screenshot(page, 'history-cancelled-390');

    // On the server: cancelled once, stock back.
    const found = await api<{ data: { sales: { id: string; sale_status: string; cancel_reason: string }[] } }>(
      server,
      'GET',
      `/api/sales?number=${number}`,
      { token },
    );
    expect(found.body.data.sales).toHaveLength(1);
    expect(found.body.data.sales[0]).toMatchObject({
      sale_status: 'cancelled',
      cancel_reason: 'Cliente desistiu da compra',
    });
    expect(await stockOf(token, product)).toBe(product.current_stock);
  });

  it('offline, o administrador cancela com motivo; com a conexão de volta o cancelamento chega uma vez', async () => {
    const token = await loginToken(server, 'admin@demo.com');
    const { product, customer } = await productAndCustomer(token, 3);
    const stock = await stockOf(token, product);
    const { id, number } = await apiSale(server, token, {
      customer_id: customer.id,
      payment_method: 'cash',
      items: [{ product_id: product.id, quantity: 2, unit_price: product.sale_price }],
    });
    expect(await stockOf(token, product)).toBe(stock - 2);

    const page = await offlinePhone.context.newPage();
    await signIn(server, page, 'admin@demo.com');
    await page.goto(`${server.demoUrl}/historico-vendas`);
    await page.getByRole('heading', { name: 'Histórico de Vendas' }).waitFor();
    await openSale(page, number);

    await offlinePhone.context.setOffline(true);
    await page.getByText('Offline', { exact: true }).first().waitFor();
    await cancelWith(page, 'Troca de forma de pagamento');
    // Not done yet: said so, in the toast and on the detail.
    await page.getByText('Cancelamento salvo', { exact: true }).waitFor();
    await page.getByText(`Venda #${number}. Salvo neste dispositivo; será enviado quando a conexão voltar.`).waitFor();
    await page.getByText('Cancelamento salvo neste dispositivo; será enviado quando a conexão voltar.').waitFor();
    expect(await page.getByText('Venda cancelada', { exact: true }).count()).toBe(0);
    await screenshot(page, 'history-offline-cancel-390');
    expect(await idbCount(page, 'outbox')).toBe(1);
    const still = await api<{ data: { sale_status: string } }>(server, 'GET', `/api/sales/${id}`, { token });
    expect(still.body.data.sale_status).toBe('completed');

    await offlinePhone.context.setOffline(false);
    await until(async () => (await idbCount(page, 'outbox')) === 0, 'entrega do cancelamento', 90_000);
    const after = await api<{ data: { sale_status: string; cancel_reason: string } }>(
      server,
      'GET',
      `/api/sales/${id}`,
      {
        token,
      },
    );
    expect(after.body.data).toMatchObject({ sale_status: 'cancelled', cancel_reason: 'Troca de forma de pagamento' });
    expect(await stockOf(token, product)).toBe(stock);
    // One reversal of the sale's income in the cash book.
    const book = await api<{ data: { entries: { sale_id: string | null; type: string; amount: number }[] } }>(
      server,
      'GET',
      '/api/cash-flow?limit=100',
      { token },
    );
    const ofSale = book.body.data.entries.filter((e) => e.sale_id === id);
    const total = Math.round(product.sale_price * 200) / 100;
    expect(ofSale.map((e) => [e.type, e.amount]).sort()).toEqual([
      ['expense', total],
      ['income', total],
    ]);
  });
});
