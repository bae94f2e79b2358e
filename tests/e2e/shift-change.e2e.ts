// A shift change with a backlog, in the real Chromium against the real server: the
// morning cashier opens the caixa and sells with the internet down, signs out, and the
// afternoon cashier signs in on the same tablet when the network is back. The queue drains
// under the afternoon cashier's session, yet the caixa and the sale are the morning
// cashier's: no 'cash_session' conflict, and Histórico de Vendas shows who sold.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from './support/browser';
import { api, loginToken } from './support/api';
import { screenshot, waitForServiceWorker } from './support/browser';
import { idbCount, idbProductCount, until } from './support/idb';
import { addProduct, chooseCustomer, demoLists, finish, openCaixa, openTill, signIn } from './support/till';
import { fileBrowser, fileServer } from './support/suite';
import { goToHistory, openSale } from './support/history';

const server = fileServer();
const tablet = fileBrowser({ width: 1180, height: 820 });

/** Signs in as a person does: clicks into each field and types. */
async function typeSignIn(page: Page, email: string, password: string) {
  await page.getByText('Loja Demo').first().waitFor();
  await page.getByLabel('E-mail').click();
  await page.keyboard.type(email);
  await page.getByLabel('Senha').click();
  await page.keyboard.type(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${server.demoUrl}/`);
}

describe('Troca de turno com vendas na fila', () => {
  it('a venda offline da caixa da manhã, entregue na sessão da caixa da tarde, fica no caixa dela sem conflito', async () => {
    const admin = await loginToken(server, 'admin@demo.com');
    const made = await api<{ data: { id: string } }>(server, 'POST', '/api/users', {
      token: admin,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { name: 'Caixa da Tarde', email: 'tarde@demo.com', role: 'user', password: 'tarde123' },
    });
    expect(made.status).toBe(201);
    const { products, customers } = await demoLists(server, admin, 1);
    const product = products.find((p) => p.current_stock >= 2);
    const customer = customers[0];
    if (!product || !customer) throw new Error('o demo precisa de um produto com estoque e um cliente');

    // The morning cashier, online long enough to install the app and mirror the catalogue.
    const page = await tablet.context.newPage();
    await signIn(server, page, 'caixa@demo.com');
    await openTill(server, page, { caixa: false });
    await waitForServiceWorker(page);
    await until(async () => (await idbProductCount(page)) >= products.length, 'espelho do catálogo');

    // The internet drops: the caixa is opened and a sale made, both queued.
    await tablet.context.setOffline(true);
    await openCaixa(page);
    await chooseCustomer(page, customer.name);
    await addProduct(page, product, 1);
    await page.getByLabel('Forma de pagamento').selectOption('cash');
    await finish(page);
    expect(await idbCount(page, 'outbox')).toBe(2);

    // End of the shift: the morning cashier signs out; the network is back; the afternoon cashier signs in.
    await page.getByTitle('Sair').click();
    // The till warns of the queued sale, which goes out at the next sign-in.
    await page
      .getByRole('alertdialog')
      .getByText(/serão enviadas no próximo login/)
      .waitFor();
    await page.getByRole('button', { name: 'Sair mesmo assim' }).click();
    await page.waitForURL(/\/login/);
    await tablet.context.setOffline(false);
    await page.reload();
    await typeSignIn(page, 'tarde@demo.com', 'tarde123');
    await until(async () => (await idbCount(page, 'outbox')) === 0, 'entrega da fila na sessão da tarde', 90_000);

    const morning = await api<{ data: { id: string } }>(server, 'GET', '/api/auth/me', {
      token: await loginToken(server, 'caixa@demo.com'),
    });
    const morningId = morning.body.data.id;
    const sales = await api<{
      data: { sales: { id: string; number: string; created_by: string; cash_session_id: string }[] };
    }>(server, 'GET', '/api/sales', { token: admin });
    expect(sales.body.data.sales).toHaveLength(1);
    const sale = sales.body.data.sales[0]!;
    expect(sale.created_by).toBe(morningId);
    const session = await api<{ data: { opened_by: string } }>(
      server,
      'GET',
      `/api/cash-sessions/${sale.cash_session_id}`,
      { token: admin },
    );
    expect(session.body.data.opened_by).toBe(morningId);
    const conflicts = await api<{ data: { conflicts: unknown[] } }>(server, 'GET', '/api/sale-conflicts', {
      token: admin,
    });
    expect(conflicts.body.data.conflicts).toHaveLength(0);

    // The admin's Histórico de Vendas says who sold it.
    await page.getByTitle('Sair').click();
    await page.waitForURL(/\/login/);
    await typeSignIn(page, 'admin@demo.com', 'demo123');
    await goToHistory(server, page);
    await openSale(page, sale.number);
    const detail = page.getByTestId('sale-detail');
    await detail.getByText('Caixa Demo').waitFor();
    expect(await detail.getByText('Caixa da Tarde').count()).toBe(0);
    for (const [width, height] of [
      [1280, 800],
      [820, 1180],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await detail.getByText('Caixa Demo').waitFor();
      await screenshot(page, `90-troca-de-turno-venda-${width}`);
    }
  });
});
