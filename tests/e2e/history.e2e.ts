// Histórico de Vendas in the real Chromium against the real server, on a phone (390 px):
// the admin sells at the till (the number on screen is the one the sale gets), finds the
// sale in the history by typing its number, opens the detail and cancels it with a reason;
// the history and the detail fit without sideways scrolling.
import { describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { screenshot } from './support/browser';
import { overflow } from './support/layout';
import {
  addProduct,
  chooseCustomer,
  finish,
  openTill,
  signIn,
  type ApiCustomer,
  type ApiProduct,
} from './support/till';
import { fileBrowser, fileServer } from './support/suite';

const server = fileServer();
const phone = fileBrowser({ width: 390, height: 844 });

describe('Histórico de Vendas', () => {
  it('vende, encontra a venda pelo número, abre o detalhe e cancela (390 px)', async () => {
    const token = await loginToken(server, 'admin@demo.com');
    const catalogue = await api<{ data: { products: ApiProduct[] } }>(server, 'GET', '/api/products?limit=200', {
      token,
    });
    const product = catalogue.body.data.products.find((p) => p.current_stock >= 3);
    const people = await api<{ data: { customers: ApiCustomer[] } }>(server, 'GET', '/api/customers?limit=1', {
      token,
    });
    const customer = people.body.data.customers[0];
    if (!product || !customer) throw new Error('o demo precisa de um produto com estoque e de um cliente');

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
    await detail.getByText(`2 x ${product.name}`).waitFor();
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
    const after = await api<{ data: ApiProduct }>(server, 'GET', `/api/products/${product.id}`, { token });
    expect(after.body.data.current_stock).toBe(product.current_stock);
  });
});
