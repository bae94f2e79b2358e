// Entrada de Mercadorias in the real Chromium against the real server: an admin uploads a
// supplier's NF-e (two lines: one sold by the box with qTrib, two duplicatas), links the
// first line by hand to an existing product, creates a product from the second with a sale
// price typed, confirms, and sees the stock, the costs and the new payables. Then a note
// with ICMS-ST, IPI and discounts and no duplicatas: each line's cost with what it
// includes, and the admin saying 'Já paga' or typing a due date. At a phone, a tablet and
// a desktop width, in pt-BR and en-US. Screenshots in test-results/e2e.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, todayIso } from '../../src/shared/dates';
import { nfeXml } from '../../src/server/test/nfe-xml';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot } from './support/browser';
import { overflow } from './support/layout';
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

describe('Entrada de Mercadorias: a note with taxes on top and no duplicatas', () => {
  RUNS.forEach((run, index) => {
    const paid = index !== 1;
    it(`${run.width} px, ${run.lang}: ${paid ? "'Já paga'" : 'a due date typed'}`, async () => {
      const tag = `${run.width}${run.lang.slice(0, 2)}`;
      const number = 850 + index;
      // 52,56 + ST 5,48 - 2,46 = 55,58 for 24 (2,32 each); 192,37 + IPI 1,40 - 8,99 = 184,78 for 13 (14,21).
      const { xml } = nfeXml({
        number,
        supplier_cnpj: SUPPLIER_CNPJ,
        recipient_cnpj: STORE_CNPJ,
        lines: [
          {
            code: `DET-${tag}`,
            description: `DETERGENTE NEUTRO 500ML ${tag}`,
            quantity: '24.0000',
            unit_cost: '2.1900000000',
            total_cents: 52_56,
            st_cents: 5_48,
            discount_cents: 2_46,
          },
          {
            code: `SACO-${tag}`,
            description: `SACO PARA LIXO 100L ${tag}`,
            unit: 'PCT',
            quantity: '13.0000',
            unit_cost: '14.7976923077',
            total_cents: 192_37,
            ipi_cents: 1_40,
            discount_cents: 8_99,
          },
        ],
        payments: [{ form: '15', amount_cents: 240_36, term: '1' }],
      });
      const file = join(folder, `nfe-pag-${tag}.xml`);
      writeFileSync(file, xml);

      const browser = await openBrowser({ width: run.width, height: run.height }, { lang: run.lang });
      try {
        const page = await browser.context.newPage();
        await signIn(server, page, 'admin@demo.com');
        await page.goto(`${server.demoUrl}/entradas`);
        await page.getByRole('heading', { name: 'Entrada de Mercadorias' }).waitFor();
        await page.getByLabel('Arquivo XML da NF-e').setInputFiles(file);
        const lines = page.getByRole('table', { name: 'Itens da NF-e' });
        await lines.getByText(`DETERGENTE NEUTRO 500ML ${tag}`).waitFor();
        // Each line's cost with what it includes, whichever way the table folds.
        const detergent = lines.getByRole('list', { name: 'Custo do item 1 inclui' }).filter({ visible: true });
        expect((await detergent.textContent())?.replace(/\s/g, ' ')).toBe(
          'Produtos R$ 52,56+ ICMS-ST R$ 5,48− Desconto R$ 2,46',
        );
        const bags = lines.getByRole('list', { name: 'Custo do item 2 inclui' }).filter({ visible: true });
        expect((await bags.textContent())?.replace(/\s/g, ' ')).toContain('+ IPI R$ 1,40');
        expect(
          await lines
            .getByText(/R\$\s2,32/)
            .filter({ visible: true })
            .count(),
        ).toBe(1);
        expect(
          await lines
            .getByText(/R\$\s14,21/)
            .filter({ visible: true })
            .count(),
        ).toBe(1);
        await page.getByText('Custo das mercadorias').waitFor();

        // The payment the note declares; nothing chosen yet: the confirm waits.
        const declared = page.getByRole('list', { name: 'Pagamento declarado na nota' });
        expect((await declared.textContent())?.replace(/\s/g, ' ')).toBe('Boleto bancário: R$ 240,36 · a prazo');
        await page.getByRole('button', { name: 'Criar produtos para os itens sem produto' }).click();
        const confirm = page.getByRole('button', { name: 'Confirmar entrada' });
        expect(await confirm.isDisabled()).toBe(true);
        await page.getByText('Diga se a nota já foi paga ou quando vence.').last().waitFor();

        const due = '2099-12-10';
        if (paid) {
          await page.getByRole('radio', { name: 'Já paga' }).click();
          expect(await page.getByLabel('Data do pagamento', { exact: true }).inputValue()).toBe(formatDate(todayIso()));
          await page.getByLabel('Forma de pagamento').selectOption('pix');
        } else {
          await page.getByRole('radio', { name: 'A pagar' }).click();
          expect(await confirm.isDisabled()).toBe(true);
          await page.getByLabel('Vencimento', { exact: true }).click();
          await page.keyboard.type('10122099');
          expect(await page.getByLabel('Vencimento', { exact: true }).inputValue()).toBe('10/12/2099');
        }
        const plan = page.getByRole('table', { name: 'Contas a pagar da NF-e' });
        await plan
          .getByText(paid ? `Paga em ${formatDate(todayIso())}` : formatDate(due))
          .filter({ visible: true })
          .waitFor();
        expect(await confirm.isDisabled()).toBe(false);
        expect((await overflow(page)).page).toBeNull();
        await screenshot(page, `nfe-pag-${tag}-previa`);

        const answer = page.waitForResponse(
          (r) => r.url().endsWith('/api/stock-entries') && r.request().method() === 'POST',
        );
        await confirm.click();
        expect((await answer).status()).toBe(201);
        await page.getByRole('table', { name: 'Produtos da entrada' }).waitFor();
        await screenshot(page, `nfe-pag-${tag}-resultado`);

        const payables = await api<{ data: { accountsPayable: Record<string, unknown>[] } }>(
          server,
          'GET',
          `/api/accounts-payable?search=${encodeURIComponent(`NF-e ${number}/1`)}&limit=10`,
          { token },
        );
        expect(payables.body.data.accountsPayable).toEqual([
          expect.objectContaining(
            paid
              ? { amount: 240.36, status: 'paid', payment_date: todayIso(), payment_method: 'pix' }
              : { amount: 240.36, status: 'pending', due_date: due },
          ),
        ]);
      } finally {
        await browser.close();
      }
    });
  });
});
