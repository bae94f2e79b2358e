// A barcode scanner at the till, in the real Chromium at 820 px (a tablet in portrait):
// the scanner types the code and Enter a few ms a key into whatever has the focus
// (support/scanner.ts). Each scan adds one unit, a second scan one more to the same line,
// an unknown code says so; online and then offline from the mirror, and both sales are
// finished.
import { describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { screenshot, waitForServiceWorker, type Page } from './support/browser';
import { idbProductCount, until } from './support/idb';
import { scanBarcode } from './support/scanner';
import { chooseCustomer, finish, openTill, signIn, tillReady, type ApiCustomer, type ApiProduct } from './support/till';
import { fileBrowser, fileServer } from './support/suite';

const server = fileServer();
const tablet = fileBrowser({ width: 820, height: 1180 });

const lineQuantity = (page: Page, name: string) => page.getByLabel(`Quantidade de ${name}`).inputValue();

describe('PDV com leitor de código de barras', () => {
  it('lê códigos online e offline e vende', async () => {
    const adminToken = await loginToken(server, 'admin@demo.com');
    const catalogue = await api<{ data: { products: (ApiProduct & { barcode: string | null })[] } }>(
      server,
      'GET',
      '/api/products?limit=200',
      { token: adminToken },
    );
    const [x, y] = catalogue.body.data.products.filter((p) => p.current_stock >= 5 && p.barcode);
    if (!x || !y) throw new Error('o catálogo demo precisa de dois produtos com código de barras e estoque');
    const people = await api<{ data: { customers: ApiCustomer[] } }>(server, 'GET', '/api/customers?limit=2', {
      token: adminToken,
    });
    const [ana, bruno] = people.body.data.customers;
    if (!ana || !bruno) throw new Error('o demo precisa de dois clientes');

    const page = await tablet.context.newPage();
    await signIn(server, page, 'caixa@demo.com');
    await openTill(server, page);
    await waitForServiceWorker(page);
    await until(async () => (await idbProductCount(page)) >= catalogue.body.data.products.length, 'espelho');

    // Online. The focus in Quantidade: the scan still goes to the products.
    await page.getByLabel('Quantidade', { exact: true }).click();
    await scanBarcode(page, x.barcode!);
    const items = page.getByRole('table', { name: 'Itens da Venda' });
    await items.getByText(x.name).first().waitFor();
    expect(await page.getByLabel('Quantidade', { exact: true }).inputValue()).toBe('1');
    expect(await page.getByRole('listbox').count()).toBe(0);
    await scanBarcode(page, x.barcode!);
    await until(async () => (await lineQuantity(page, x.name)) === '2', 'segunda leitura na mesma linha');
    await scanBarcode(page, '7891234567895');
    await page.getByText('Código 7891234567895 não encontrado').first().waitFor();
    await screenshot(page, 'scanner-820-online');
    await chooseCustomer(page, ana.name);
    await finish(page);

    // Offline: the mirror answers. The focus in the customer search.
    await tablet.context.setOffline(true);
    await page.reload();
    await tillReady(page);
    await page.getByPlaceholder('Buscar cliente por nome ou CPF...').click();
    await scanBarcode(page, y.barcode!);
    await items.getByText(y.name).first().waitFor();
    expect(await page.getByPlaceholder('Buscar cliente por nome ou CPF...').inputValue()).toBe('');
    await scanBarcode(page, y.barcode!);
    await until(async () => (await lineQuantity(page, y.name)) === '2', 'segunda leitura offline');
    await chooseCustomer(page, bruno.name);
    await screenshot(page, 'scanner-820-offline');
    await finish(page);
    await tablet.context.setOffline(false);
  });
});
