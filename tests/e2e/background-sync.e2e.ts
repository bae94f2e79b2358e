// Background Sync: a sale made offline is delivered by the service worker while no page
// of the app is open (the browser fires 'sync' when the network is back; here the test
// fires it through the DevTools protocol, as the browser would).
import { describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { screenshot, waitForServiceWorker, type Page } from './support/browser';
import { idbCount, idbProductCount, until } from './support/idb';
import { fileBrowser, fileServer } from './support/suite';
import { openCaixa } from './support/till';

const server = fileServer();
const tablet = fileBrowser({ width: 1180, height: 820 });

async function sellOne(page: Page, customer: string, sku: string) {
  await page.getByPlaceholder('Buscar cliente por nome ou CPF...').fill(customer);
  await page
    .getByRole('option', { name: new RegExp(customer) })
    .first()
    .click();
  await page.getByPlaceholder('Buscar produto por código ou nome...').fill(sku);
  await page
    .getByRole('option', { name: new RegExp(sku) })
    .first()
    .click();
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await page.getByRole('button', { name: 'Finalizar Venda' }).click();
  await page.getByText(/Venda finalizada! Cliente:/).waitFor();
}

describe('Background Sync', () => {
  it('o service worker entrega a venda com o app fechado', async () => {
    const admin = await loginToken(server, 'admin@demo.com');
    const products = await api<{ data: { products: { sku: string; current_stock: number }[] } }>(
      server,
      'GET',
      '/api/products?limit=200',
      { token: admin },
    );
    const product = products.body.data.products.find((p) => p.current_stock > 2)!;
    const customers = await api<{ data: { customers: { name: string }[] } }>(server, 'GET', '/api/customers?limit=1', {
      token: admin,
    });
    const customer = customers.body.data.customers[0]!.name;

    const page = await tablet.context.newPage();
    await page.goto(`${server.demoUrl}/login`);
    await page.getByLabel('E-mail').fill('caixa@demo.com');
    await page.getByLabel('Senha').fill('demo123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${server.demoUrl}/`);
    await page.goto(`${server.demoUrl}/vendas`);
    await waitForServiceWorker(page);
    await until(async () => (await idbProductCount(page)) >= products.body.data.products.length, 'espelho');
    await openCaixa(page);

    await tablet.context.setOffline(true);
    await sellOne(page, customer, product.sku);
    expect(await idbCount(page, 'outbox')).toBe(1);
    await screenshot(page, '20-venda-offline-antes-de-fechar');

    // The app is closed; only a blank tab remains to speak the DevTools protocol.
    const blank = await tablet.context.newPage();
    await page.close();
    const cdp = await tablet.context.newCDPSession(blank);
    const registration = new Promise<string>((resolve) => {
      cdp.on(
        'ServiceWorker.workerRegistrationUpdated',
        (event: { registrations: { registrationId: string; scopeURL: string }[] }) => {
          const found = event.registrations.find((r) => r.scopeURL.startsWith(server.demoUrl));
          if (found) resolve(found.registrationId);
        },
      );
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;

    await tablet.context.setOffline(false);
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: server.demoUrl,
      registrationId,
      tag: 'balcao-outbox',
      lastChance: false,
    });
    await until(async () => {
      const sales = await api<{ data: { sales: unknown[] } }>(server, 'GET', '/api/sales', { token: admin });
      return sales.body.data.sales.length === 1;
    }, 'venda entregue pelo service worker');
    // The worker also removed the delivered row (read from a same-origin page that runs
    // no app code, so nothing but the worker could have sent it).
    await blank.goto(`${server.demoUrl}/health`);
    expect(await idbCount(blank, 'outbox')).toBe(0);
  });
});
