// Inventário in the real Chromium against the real server: an admin opens a count of the
// products a filter finds, scans one product three times (typed fast with Enter, as a
// scanner does) and types the count of another, a cashier sells one of the scanned product
// meanwhile, the admin finishes, and the stock is the count less the sale, with one
// 'Inventário' movement per difference. At 390 px and on a desktop. And a tablet that loses
// the connection in the middle of the count: it scans and types offline, is reloaded, and
// the counts it kept are sent when the connection is back.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot, waitForServiceWorker, type Page } from './support/browser';
import { idbKeys, until } from './support/idb';
import { overflow } from './support/layout';
import { signIn } from './support/till';
import { fileServer } from './support/suite';

const RUNS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

let admin: string;
let cashier: string;

const server = fileServer();

beforeAll(async () => {
  admin = await loginToken(server, 'admin@demo.com');
  cashier = await loginToken(server, 'caixa@demo.com');
});

interface Product {
  id: string;
  current_stock: number;
}

const stockOf = async (id: string) =>
  (await api<{ data: Product }>(server, 'GET', `/api/products/${id}`, { token: admin })).body.data.current_stock;

const makeProduct = async (tag: string, name: string, barcode: string | null, stock: number) =>
  (
    await api<{ data: Product }>(server, 'POST', '/api/products', {
      token: admin,
      body: {
        sku: `${tag}-${name}`,
        name: `${tag} ${name}`,
        barcode,
        current_stock: stock,
        cost_price: 4,
        sale_price: 10,
      },
    })
  ).body.data;

/** Opens a count of the products `tag` finds, from /inventario. */
async function openCount(page: Page, tag: string) {
  await page.goto(`${server.demoUrl}/inventario`);
  await page.getByRole('heading', { name: 'Inventário', exact: true }).waitFor();
  await page.getByLabel('Filtro (opcional)').click();
  await page.keyboard.type(tag);
  await page.getByRole('button', { name: 'Iniciar inventário' }).click();
  await page.getByRole('group', { name: 'Produtos no inventário' }).getByText('2', { exact: true }).waitFor();
}

/** A scanner's read in the count's field: the code typed fast, and Enter. */
async function scanCode(page: Page, code: string) {
  await page.getByLabel('Ler ou buscar produto').click();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

describe('Inventário: a count with a sale in the middle', () => {
  RUNS.forEach((run) => {
    it(`${run.width} px`, async () => {
      const tag = `Inv${run.width}`;
      const make = (name: string, barcode: string | null, stock: number) => makeProduct(tag, name, barcode, stock);
      const scanned = await make('Lido', run.width === 1280 ? '7891234567895' : '96385074', 5);
      const typed = await make('Digitado', null, 10);
      const customer = (
        await api<{ data: { id: string } }>(server, 'POST', '/api/customers', {
          token: admin,
          body: { name: `Cliente ${tag}` },
        })
      ).body.data;

      const browser = await openBrowser({ width: run.width, height: run.height });
      try {
        const page = await browser.context.newPage();
        await signIn(server, page, 'admin@demo.com');
        await openCount(page, tag);

        // Three reads of the scanner: 3 counted.
        const code = run.width === 1280 ? '7891234567895' : '96385074';
        for (let i = 1; i <= 3; i++) {
          await scanCode(page, code);
          await expect.poll(() => page.getByLabel(`Contado de ${tag} Lido`).inputValue()).toBe(String(i));
        }
        // Typed: 8 of the 10 the system has.
        await page.getByLabel(`Contado de ${tag} Digitado`).click();
        await page.keyboard.type('8');
        await page.keyboard.press('Enter');
        await page.getByRole('group', { name: 'Com diferença' }).getByText('2', { exact: true }).waitFor();
        await page.getByRole('group', { name: 'Diferença a custo' }).getByText('-R$ 16,00').waitFor();
        expect(await overflow(page)).toEqual({ page: null, regions: [] });
        await screenshot(page, `stock-count-1-counted-${run.width}`);

        // Meanwhile the till sells one of the scanned product (counted before the sale).
        const sale = await api(server, 'POST', '/api/sales', {
          token: cashier,
          body: {
            customer_id: customer.id,
            items: [{ product_id: scanned.id, quantity: 1, unit_price: 10 }],
            payment_method: 'cash',
          },
        });
        expect(sale.status).toBe(201);

        await page.getByRole('button', { name: 'Finalizar inventário' }).click();
        const dialog = page.getByRole('alertdialog', { name: 'Finalizar inventário' });
        await dialog.getByText('2 produto(s) com diferença').waitFor();
        await screenshot(page, `stock-count-2-finish-${run.width}`);
        await dialog.getByRole('button', { name: 'Finalizar' }).click();
        await page.getByText('Inventário finalizado').first().waitFor();
        await page.getByRole('button', { name: 'Iniciar inventário' }).waitFor();
        await page.getByRole('table', { name: 'Inventários anteriores' }).getByText('Finalizado').first().waitFor();

        // Scanned: 3 on the shelf when counted, 1 sold since: 2. Typed: 8.
        expect(await stockOf(scanned.id)).toBe(2);
        expect(await stockOf(typed.id)).toBe(8);
        const moves = await api<{ data: { movements: { kind: string; quantity: number; reason: string }[] } }>(
          server,
          'GET',
          `/api/products/${scanned.id}/stock-movements`,
          { token: admin },
        );
        expect(moves.body.data.movements.filter((m) => m.kind === 'count')).toEqual([
          expect.objectContaining({ quantity: -2, reason: 'Inventário' }),
        ]);
        await screenshot(page, `stock-count-3-done-${run.width}`);
      } finally {
        await browser.close();
      }
    });
  });
});

describe('Inventário offline: a tablet that loses the connection', () => {
  it('820 px: what was counted stays on the tablet through a reload and is sent when the connection is back', async () => {
    const tag = 'InvSemRede';
    const scanned = await makeProduct(tag, 'Lido', '7890001112221', 6);
    const typed = await makeProduct(tag, 'Digitado', null, 4);
    const browser = await openBrowser({ width: 820, height: 1180 });
    try {
      const page = await browser.context.newPage();
      await signIn(server, page, 'admin@demo.com');
      await waitForServiceWorker(page);
      await openCount(page, tag);
      // The count's lines on the device (as any screen's last answer), and the catalogue the scans look in.
      await page.getByLabel(`Contado de ${tag} Digitado`).waitFor();
      await until(async () => (await idbKeys(page, 'queryCache')).some((k) => k.includes('"lines"')), 'linhas salvas');
      await until(async () => (await idbKeys(page, 'meta')).includes('mirror.complete'), 'catálogo no aparelho');

      await browser.context.setOffline(true);
      for (let i = 1; i <= 2; i++) {
        await scanCode(page, '7890001112221');
        await expect.poll(() => page.getByLabel(`Contado de ${tag} Lido`).inputValue()).toBe(String(i));
      }
      await page.getByLabel(`Contado de ${tag} Digitado`).click();
      await page.keyboard.type('3');
      await page.keyboard.press('Enter');
      const waiting = page.getByRole('status').filter({ hasText: 'aguardando envio' });
      await waiting.getByText(/^2 contagem\(ns\)/).waitFor();
      expect(await page.getByRole('button', { name: 'Finalizar inventário' }).isDisabled()).toBe(true);

      // A reload without a connection: the counts are still there.
      await page.reload();
      await page.getByRole('heading', { name: 'Inventário', exact: true }).waitFor();
      await waiting.getByText(/^2 contagem\(ns\)/).waitFor();
      expect(await page.getByLabel(`Contado de ${tag} Lido`).inputValue()).toBe('2');
      expect(await page.getByLabel(`Contado de ${tag} Digitado`).inputValue()).toBe('3');
      expect(await overflow(page)).toEqual({ page: null, regions: [] });
      await screenshot(page, 'stock-count-4-offline-820');

      // Back online: sent, and the server compares them with the stock when they were counted.
      await browser.context.setOffline(false);
      await waiting.waitFor({ state: 'detached', timeout: 60_000 });
      await page.getByRole('group', { name: 'Com diferença' }).getByText('2', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Finalizar inventário' }).click();
      await page
        .getByRole('alertdialog', { name: 'Finalizar inventário' })
        .getByRole('button', { name: 'Finalizar' })
        .click();
      await page.getByText('Inventário finalizado').first().waitFor();
      expect(await stockOf(scanned.id)).toBe(2);
      expect(await stockOf(typed.id)).toBe(3);
    } finally {
      await browser.close();
    }
  });
});
