// Entrada de Mercadorias in the real Chromium against the real server: an admin uploads a
// supplier's NF-e (two lines: one sold by the box with qTrib, two duplicatas), links the
// first line by hand to an existing product, creates a product from the second with a sale
// price typed, confirms, and sees the stock, the costs and the new payables. At a phone, a
// tablet and a desktop width, in pt-BR and en-US. Screenshots in test-results/e2e.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { nfeXml } from '../../src/server/test/nfe-xml';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot } from './support/browser';
import { signIn } from './support/till';
import { fileServer } from './support/suite';

const RUNS = [
  { width: 390, height: 844, lang: 'pt-BR' },
  { width: 820, height: 1180, lang: 'en-US' },
  { width: 1280, height: 800, lang: 'pt-BR' },
] as const;

const STORE_CNPJ = '11222333000181';
const SUPPLIER_CNPJ = '44555666000181';

let token: string;
const folder = mkdtempSync(join(tmpdir(), 'nfe-e2e-'));

const server = fileServer();

beforeAll(async () => {
  token = await loginToken(server, 'admin@demo.com');
});

describe('Entrada de Mercadorias: an NF-e into stock, costs and payables', () => {
  RUNS.forEach((run, index) => {
    it(`${run.width} px, ${run.lang}`, async () => {
      const tag = `${run.width}${run.lang.slice(0, 2)}`;
      const linked = await api<{ data: { id: string } }>(server, 'POST', '/api/products', {
        token,
        body: {
          sku: `VINC-${tag}`,
          name: `Refrigerante Vínculo ${tag}`,
          current_stock: 4,
          cost_price: 6,
          sale_price: 9.9,
        },
      });
      expect(linked.status).toBe(201);
      const { xml } = nfeXml({
        number: 800 + index,
        supplier_cnpj: SUPPLIER_CNPJ,
        recipient_cnpj: STORE_CNPJ,
        lines: [
          {
            code: `REF-${tag}`,
            description: 'REFRIGERANTE COLA 2L',
            quantity: '12.0000',
            unit_cost: '7.0000000000',
            total_cents: 84_00,
          },
          {
            code: `AGUA-${tag}`,
            description: `AGUA MINERAL 500ML CX12 ${tag}`,
            unit: 'CX',
            quantity: '2.0000',
            unit_cost: '18.0000000000',
            total_cents: 36_00,
            tax_unit: 'UN',
            tax_quantity: '24.0000',
            tax_unit_cost: '1.5000000000',
          },
        ],
        duplicatas: [
          { number: '001', due_date: '2030-01-10', amount_cents: 60_01 },
          { number: '002', due_date: '2030-02-09', amount_cents: 59_99 },
        ],
      });
      const file = join(folder, `nfe-${tag}.xml`);
      writeFileSync(file, xml);

      const browser = await openBrowser({ width: run.width, height: run.height }, { lang: run.lang });
      try {
        const page = await browser.context.newPage();
        await signIn(server, page, 'admin@demo.com');
        await page.goto(`${server.demoUrl}/entradas`);
        await page.getByRole('heading', { name: 'Entrada de Mercadorias' }).waitFor();
        await page.getByLabel('Arquivo XML da NF-e').setInputFiles(file);
        const lines = page.getByRole('table', { name: 'Itens da NF-e' });
        await lines.getByText('REFRIGERANTE COLA 2L').waitFor();
        expect(await lines.getByText('24 un. no estoque').filter({ visible: true }).count()).toBe(1);
        await screenshot(page, `nfe-${tag}-previa`);

        // Line 1 linked by hand to the existing product.
        await page.getByRole('button', { name: 'Vincular item 1' }).click();
        const search = page.getByRole('searchbox', { name: 'Buscar produto' });
        await search.click();
        await page.keyboard.type(`Vínculo ${tag}`);
        await page.getByRole('button', { name: new RegExp(`Refrigerante Vínculo ${tag}`) }).click();
        await lines.getByText('Vinculado').waitFor();

        // Line 2 becomes a new product with the sale price typed.
        await page.getByRole('button', { name: 'Criar produto do item 2' }).click();
        const price = page.getByLabel('Preço de venda');
        await price.click();
        await page.keyboard.type('2,99');
        await screenshot(page, `nfe-${tag}-criar-produto`);
        await page.getByRole('button', { name: 'Salvar' }).click();
        await lines.getByText('Produto novo').waitFor();

        const answer = page.waitForResponse(
          (r) => r.url().endsWith('/api/stock-entries') && r.request().method() === 'POST',
        );
        await page.getByRole('button', { name: 'Confirmar entrada' }).click();
        expect((await answer).status()).toBe(201);
        const moved = page.getByRole('table', { name: 'Produtos da entrada' });
        await moved.waitFor();
        const movedText = (await moved.textContent()) ?? '';
        // 4 + 12 at (4 x 6,00 + 84,00) / 16 = 6,75; the new product: 24 units at 1,50.
        expect(movedText).toContain(`Refrigerante Vínculo ${tag}`);
        expect(movedText).toContain('16');
        expect(movedText).toMatch(/R\$\s6,75/);
        expect(movedText).toContain(`AGUA MINERAL 500ML CX12 ${tag}`);
        expect(movedText).toMatch(/R\$\s1,50/);
        const bills = (await page.getByRole('table', { name: 'Contas a pagar da NF-e' }).textContent()) ?? '';
        expect(bills).toMatch(/NF-e 80\d\/1 - parcela 001 de 2/);
        expect(bills).toMatch(/R\$\s60,01/);
        expect(bills).toMatch(/R\$\s59,99/);
        await screenshot(page, `nfe-${tag}-resultado`);

        // The bills are in Contas a Pagar, under their own category.
        const payables = await api<{ data: { accountsPayable: { category: string; amount: number }[] } }>(
          server,
          'GET',
          `/api/accounts-payable?search=${encodeURIComponent(`NF-e ${800 + index}/1`)}&limit=10`,
          { token },
        );
        expect(payables.body.data.accountsPayable.map((p) => [p.category, p.amount]).sort()).toEqual([
          ['Mercadorias para revenda', 59.99],
          ['Mercadorias para revenda', 60.01],
        ]);
        await page.goto(`${server.demoUrl}/pagar`);
        await page.getByRole('heading', { name: 'Contas a Pagar' }).waitFor();
        await screenshot(page, `nfe-${tag}-contas-a-pagar`);
      } finally {
        await browser.close();
      }
    });
  });
});
