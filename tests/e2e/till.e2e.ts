// The till never stops selling, in the real Chromium against the real server:
// the cashier's tablet loses the network, sells three times (one crediário with
// entrada), is closed and reopened offline with the three sales still queued, then the
// network returns and each sale reaches the server exactly once. Another tablet sees
// the new stock after its pull.
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../src/server/db/client';
import { describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { screenshot, waitForServiceWorker } from './support/browser';
import { idbCount, idbProductCount, until } from './support/idb';
import {
  addProduct,
  type ApiProduct,
  chooseCustomer,
  confirmPix,
  demoLists,
  finish,
  openTill,
  shownStock,
  signIn,
  tillReady,
} from './support/till';
import { fileBrowser, fileServer } from './support/suite';

const server = fileServer();
// A tablet in landscape, like the store's.
const tabletA = fileBrowser({ width: 1180, height: 820 });
const tabletB = fileBrowser({ width: 1180, height: 820 });

describe('PDV offline', () => {
  it('vende três vezes sem rede e entrega cada venda uma única vez', async () => {
    const adminToken = await loginToken(server, 'admin@demo.com');
    const { products, customers } = await demoLists(server, adminToken, 3);
    const stocked = products.filter((p) => p.current_stock >= 5);
    const [x, y, z] = stocked;
    if (!x || !y || !z) throw new Error('o catálogo demo precisa de três produtos com estoque');
    const [ana, bruno, carla] = customers;
    if (!ana || !bruno || !carla) throw new Error('o demo precisa de três clientes');

    // Tablet B: another till in the same store, online, mirror loaded with today's stock.
    const pageB = await tabletB.context.newPage();
    await signIn(server, pageB, 'admin@demo.com');
    await openTill(server, pageB);
    await until(async () => (await idbProductCount(pageB)) >= products.length, 'espelho B');
    expect(await shownStock(pageB, x)).toBe(x.current_stock);

    // Tablet A: the cashier, online long enough to install the app and mirror the catalogue.
    const page = await tabletA.context.newPage();
    await signIn(server, page, 'caixa@demo.com');
    await openTill(server, page);
    await waitForServiceWorker(page);
    await until(async () => (await idbProductCount(page)) >= products.length, 'espelho A');
    await screenshot(page, '10-pdv-online');

    // The internet drops. The cashier reloads: the app still opens and sells.
    await tabletA.context.setOffline(true);
    await page.reload();
    await tillReady(page);
    await page.getByText('Offline', { exact: true }).first().waitFor();

    await chooseCustomer(page, ana.name);
    await addProduct(page, x, 2);
    await page.getByLabel('Forma de pagamento').selectOption('cash');
    await finish(page);

    await chooseCustomer(page, bruno.name);
    await addProduct(page, y, 1);
    await page.getByLabel('Forma de pagamento').selectOption('pix');
    // Pix finishes when the cashier confirms it arrived (no key here: the till says so).
    await confirmPix(page);
    await page.getByText(/Venda finalizada! Cliente:/).waitFor();

    await chooseCustomer(page, carla.name);
    await addProduct(page, z, 1);
    await addProduct(page, x, 1);
    await page.getByLabel('Forma de pagamento').selectOption('crediario');
    await page.getByLabel('Número de parcelas').selectOption('3');
    await page.getByLabel('Quer adicionar uma entrada?').check();
    await page.getByLabel('Valor da entrada').fill('10');
    await screenshot(page, '11-pdv-offline-crediario');
    await finish(page);

    expect(await idbCount(page, 'outbox')).toBe(3);
    // The till shows the server's stock minus what it sold and has not delivered.
    expect(await shownStock(page, x)).toBe(x.current_stock - 3);
    await screenshot(page, '12-pdv-offline-tres-pendentes');

    // The tablet is closed (battery, crash) and opened again, still offline.
    await page.close();
    const reopened = await tabletA.context.newPage();
    await openTill(server, reopened);
    expect(await idbCount(reopened, 'outbox')).toBe(3);
    await reopened.getByText('3 pendentes').first().waitFor();
    await screenshot(reopened, '13-pdv-reaberto-offline');

    // Nothing reached the server meanwhile.
    const before = await api<{ data: { sales: unknown[] } }>(server, 'GET', '/api/sales', { token: adminToken });
    expect(before.body.data.sales).toHaveLength(0);

    // The network returns: the outbox drains by itself.
    await tabletA.context.setOffline(false);
    await until(async () => (await idbCount(reopened, 'outbox')) === 0, 'entrega das vendas', 90_000);
    await screenshot(reopened, '14-pdv-sincronizado');

    const after = await api<{
      data: { sales: { id: string; payment_method: string; total: number; crediario: unknown; offline: boolean }[] };
    }>(server, 'GET', '/api/sales', { token: adminToken });
    const sales = after.body.data.sales;
    expect(sales).toHaveLength(3);
    expect(sales.every((s) => s.offline)).toBe(true);
    const crediario = sales.find((s) => s.payment_method === 'crediario');
    expect(crediario?.crediario).toMatchObject({ entrada: 10, parcelas: 3 });
    expect(crediario?.total).toBeCloseTo(z.sale_price + x.sale_price, 2);

    const stockNow = async (p: ApiProduct) =>
      (await api<{ data: ApiProduct }>(server, 'GET', `/api/products/${p.id}`, { token: adminToken })).body.data
        .current_stock;
    expect(await stockNow(x)).toBe(x.current_stock - 3);
    expect(await stockNow(y)).toBe(y.current_stock - 1);
    expect(await stockNow(z)).toBe(z.current_stock - 1);

    // Tablet B pulls (as it does when the network comes back) and sees the new stock.
    await pageB.evaluate(() => window.dispatchEvent(new Event('online')));
    await until(async () => (await shownStock(pageB, x)) === x.current_stock - 3, 'estoque novo no tablet B');
    await screenshot(pageB, '15-tablet-b-estoque-novo');

    // The receivables of the crediário sale, read from the server's own database once
    // the server has stopped (PGlite serves one process at a time).
    await server.stop({ keepData: true });
    const db = new PGlite(`${server.dataDir}/pglite`, { extensions: PGLITE_EXTENSIONS });
    try {
      const rows = await db.query<{ amount: string; status: string }>(
        'select amount::text, status from accounts_receivable where sale_id = $1 order by installment_number',
        [crediario!.id],
      );
      expect(rows.rows).toHaveLength(3);
      const centavos = rows.rows.reduce((sum, r) => sum + Number(r.amount), 0);
      expect(centavos + 1000).toBe(Math.round((z.sale_price + x.sale_price) * 100));
      expect(rows.rows.every((r) => r.status === 'pending')).toBe(true);
    } finally {
      await db.close();
    }
  });
});
