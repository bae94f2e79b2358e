// Inventário in the real Chromium against the real server: an admin opens a count of the
// products a filter finds, scans one product three times (typed fast with Enter, as a
// scanner does) and types the count of another, a cashier sells one of the scanned product
// meanwhile, the admin finishes, and the stock is the count less the sale, with one
// 'Inventário' movement per difference. At 390 px and on a desktop.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot } from './support/browser';
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

describe('Inventário: a count with a sale in the middle', () => {
  RUNS.forEach((run) => {
    it(`${run.width} px`, async () => {
      const tag = `Inv${run.width}`;
      const make = async (name: string, barcode: string | null, stock: number) =>
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
        await page.goto(`${server.demoUrl}/inventario`);
        await page.getByRole('heading', { name: 'Inventário', exact: true }).waitFor();
        await page.getByLabel('Filtro (opcional)').click();
        await page.keyboard.type(tag);
        await page.getByRole('button', { name: 'Iniciar inventário' }).click();
        await page.getByRole('group', { name: 'Produtos no inventário' }).getByText('2', { exact: true }).waitFor();

        // Three reads of the scanner: 3 counted.
        const field = page.getByLabel('Ler ou buscar produto');
        const code = run.width === 1280 ? '7891234567895' : '96385074';
        for (let i = 1; i <= 3; i++) {
          await field.click();
          await page.keyboard.type(code, { delay: 5 });
          await page.keyboard.press('Enter');
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
