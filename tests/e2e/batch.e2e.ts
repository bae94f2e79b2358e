// The outbox delivers queued sales together (POST /api/sales/batch), in the real
// Chromium against the real server: of three sales made offline, one names a customer
// the admin removed meanwhile. The server refuses that one alone; the other two are
// delivered, and the refused one stays, visible, in the Sincronização panel.
import { describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot } from './support/browser';
import { idbCount, until } from './support/idb';
import { addProduct, chooseCustomer, demoLists, finish, openTill, signIn } from './support/till';
import type { ApiCustomer, ApiProduct } from './support/till';
import { fileServer } from './support/suite';

const server = fileServer();

describe('fila em lote', () => {
  it('uma venda recusada no lote não segura as outras', async () => {
    const adminToken = await loginToken(server, 'admin@demo.com');
    // A customer the admin will remove while the tablet is offline.
    const created = await api<{ data: ApiCustomer }>(server, 'POST', '/api/customers', {
      token: adminToken,
      body: { name: 'Cliente Removido Depois' },
    });
    const gone = created.body.data;
    const { products, customers } = await demoLists(server, adminToken, 3);
    const p = products.find((row) => row.current_stock >= 5);
    if (!p) throw new Error('o catálogo demo precisa de um produto com estoque');
    const [ana] = customers.filter((c) => c.id !== gone.id);
    if (!ana) throw new Error('o demo precisa de clientes');
    const salesBefore = await api<{ data: { pagination: { total: number } } }>(server, 'GET', '/api/sales', {
      token: adminToken,
    });

    const tabletC = await openBrowser({ width: 1180, height: 820 });
    const { context } = tabletC;
    const page = await context.newPage();
    await signIn(server, page, 'caixa@demo.com');
    await openTill(server, page);
    await until(async () => (await idbCount(page, 'customers')) >= 4, 'clientes no espelho');
    // Requests of the page and of its service worker (which may be the one to deliver).
    const batches: string[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/sales')) {
        batches.push(new URL(request.url()).pathname);
      }
    });

    await context.setOffline(true);
    await page.getByText('Offline', { exact: true }).first().waitFor();
    for (const customer of [ana, gone, ana]) {
      await chooseCustomer(page, customer.name);
      await addProduct(page, p, 1);
      await finish(page);
    }
    await page.getByText('3 pendentes').first().waitFor();
    const deleted = await api(server, 'DELETE', `/api/customers/${gone.id}`, { token: adminToken });
    expect(deleted.status).toBe(200);

    await context.setOffline(false);
    await until(async () => (await idbCount(page, 'outbox')) === 1, 'duas vendas entregues, uma recusada');
    // The three went together; the server answered each one.
    expect(batches).toEqual(['/api/sales/batch']);
    await page.getByText('1 com erro').first().waitFor();
    await page.getByTestId('sync-status').click();
    const panel = page.getByRole('dialog', { name: 'Sincronização' });
    await panel.getByText('Cliente não encontrado.').first().waitFor();
    await screenshot(page, '16-lote-com-uma-venda-recusada');

    const salesAfter = await api<{ data: { pagination: { total: number } } }>(server, 'GET', '/api/sales', {
      token: adminToken,
    });
    expect(salesAfter.body.data.pagination.total).toBe(salesBefore.body.data.pagination.total + 2);
    const product = await api<{ data: ApiProduct }>(server, 'GET', `/api/products/${p.id}`, { token: adminToken });
    expect(product.body.data.current_stock).toBe(p.current_stock - 2);
    await tabletC.close();
  });
});
