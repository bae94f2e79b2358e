// Importar produtos in the real Chromium against the real server: an admin imports an XLSX,
// then a CSV saved as Excel in pt-BR saves it (Windows-1252, ';'), sees the errors by line,
// fixes the column Balcão guessed for the price, confirms only the valid rows; then an
// imported product sells at the till with the network off and reaches the server once. At
// a phone, a tablet and a desktop width, in pt-BR and en-US. Screenshots in test-results/e2e.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpfCheckDigits } from '../../src/shared/documents';
import { withGtinCheckDigit } from '../../src/shared/gtin';
import { excelCsv, xlsxOf } from '../../src/server/imports/sheet-fixtures';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot, waitForServiceWorker, type Page } from './support/browser';
import { idbCount, storedCaixa, until } from './support/idb';
import { overflow } from './support/layout';
import { addProduct, chooseCustomer, demoLists, finish, openTill, signIn, tillReady } from './support/till';
import { addDays, formatDate, todayIso } from '../../src/shared/dates';
import { fileServer } from './support/suite';

const RUNS = [
  { width: 390, height: 844, lang: 'pt-BR' },
  { width: 820, height: 1180, lang: 'en-US' },
  { width: 1280, height: 800, lang: 'pt-BR' },
] as const;

const server = fileServer();
const folder = mkdtempSync(join(tmpdir(), 'import-e2e-'));

interface Listed {
  id: string;
  sku: string;
  name: string;
  current_stock: number;
  sale_price: number;
  barcode: string | null;
}

async function productOf(token: string, sku: string): Promise<Listed | undefined> {
  const res = await api<{ data: { products: Listed[] } }>(server, 'GET', `/api/products?search=${sku}&limit=10`, {
    token,
  });
  return res.body.data.products.find((p) => p.sku === sku);
}

async function pickFile(page: Page, path: string) {
  await page.getByLabel('Planilha (.xlsx ou .csv)').setInputFiles(path);
}

async function confirmImport(page: Page, rows: number, kind = 'products') {
  const answer = page.waitForResponse(
    (r) => r.url().includes(`/api/imports/${kind}?`) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: `Importar ${rows} ${rows === 1 ? 'linha' : 'linhas'}` }).click();
  expect((await answer).status()).toBe(201);
  await page.getByText('Importação concluída:', { exact: false }).first().waitFor();
}

describe('Importar produtos: XLSX and an Excel pt-BR CSV into the catalogue, sold offline', () => {
  RUNS.forEach((run, index) => {
    it(`${run.width} px, ${run.lang}`, async () => {
      const tag = `${run.width}${run.lang.slice(0, 2)}`;
      const token = await loginToken(server, 'admin@demo.com');
      const ean = withGtinCheckDigit(`78912345${String(index).padStart(4, '0')}`);
      const xlsx = join(folder, `catalogo-${tag}.xlsx`);
      writeFileSync(
        xlsx,
        await xlsxOf([
          ['Código', 'Descrição', 'Preço', 'Estoque', 'Cód. barras'],
          [`XL-${tag}`, `Jaqueta Planilha ${tag}`, 199.9, 4, ean],
        ]),
      );
      const csv = join(folder, `estoque-${tag}.csv`);
      writeFileSync(
        csv,
        excelCsv([
          ['Código', 'Descrição', 'Preço', 'Preço novo', 'Qtd', 'Tamanho'],
          [`IMP-${tag}-1`, `Calça Importação ${tag}`, '12,5O', '89,90', '7', 'M'],
          [`IMP-${tag}-2`, `Blusa Importação ${tag}`, '10,00', '1.234,56', '3', 'G'],
          [`IMP-${tag}-3`, `Meia Importação ${tag}`, '5,00', '9,90', '-2', 'U'],
        ]),
      );

      const browser = await openBrowser({ width: run.width, height: run.height }, { lang: run.lang });
      try {
        const page = await browser.context.newPage();
        await signIn(server, page, 'admin@demo.com');
        await page.goto(`${server.demoUrl}/produtos`);
        await page.getByRole('heading', { name: 'Gestão de Produtos' }).waitFor();
        await page.getByRole('button', { name: 'Importar' }).click();
        await page.getByRole('heading', { name: 'Importar produtos' }).waitFor();

        // The XLSX: every column guessed, one new product.
        await pickFile(page, xlsx);
        await page.getByText('1 novo', { exact: true }).waitFor();
        await screenshot(page, `import-${tag}-xlsx-previa`);
        await confirmImport(page, 1);
        expect(await productOf(token, `XL-${tag}`)).toMatchObject({
          name: `Jaqueta Planilha ${tag}`,
          sale_price: 199.9,
          current_stock: 4,
          barcode: ean,
        });

        // The CSV: 'Preço' is taken for the sale price, and two rows have errors.
        await pickFile(page, csv);
        await page.getByText('1 novo', { exact: true }).waitFor();
        await page.getByText('2 com erro', { exact: true }).waitFor();
        const errors = page.getByRole('list', { name: 'Erros da planilha' });
        await errors.getByText('Linha 2, Preço de venda: "12,5O" não é um valor').waitFor();
        await errors.getByText('Linha 4, Estoque: "-2" não pode ser negativo').waitFor();
        // Windows-1252 read as such: the sample under 'Produto' is 'Calça', not 'Cal\uFFFDa'.
        await page.getByText(`ex.: Calça Importação ${tag}`).waitFor();
        await screenshot(page, `import-${tag}-csv-erros`);

        // The owner points the sale price at 'Preço novo': the sheet is read again.
        await page.getByLabel('Preço de venda').selectOption({ label: 'D: Preço novo' });
        await page.getByText('2 novos', { exact: true }).waitFor();
        await page.getByText('1 com erro', { exact: true }).waitFor();
        expect(await errors.getByText(/12,5O/).count()).toBe(0);
        await screenshot(page, `import-${tag}-csv-mapeamento`);
        await confirmImport(page, 2);
        await page.getByRole('list', { name: 'Importações anteriores' }).getByText(`estoque-${tag}.csv`).waitFor();
        await screenshot(page, `import-${tag}-concluida`);
        expect(await productOf(token, `IMP-${tag}-2`)).toMatchObject({
          name: `Blusa Importação ${tag}`,
          sale_price: 1234.56,
          current_stock: 3,
        });
        expect(await productOf(token, `IMP-${tag}-3`)).toBeUndefined();

        // The same file again changes nothing: Balcão says so before anything is sent.
        await pickFile(page, csv);
        await page.getByText(/Esta planilha já foi importada por Administrador Demo/).waitFor();
        expect(await page.getByRole('button', { name: /^Importar \d+ linhas?$/ }).isDisabled()).toBe(true);

        if (index !== RUNS.length - 1) return;
        // An imported product sells at the till with the network off.
        const { customers } = await demoLists(server, token, 1);
        const customer = customers[0]!;
        await openTill(server, page);
        await waitForServiceWorker(page);
        await browser.context.setOffline(true);
        await page.reload();
        await tillReady(page);
        await chooseCustomer(page, customer.name);
        const blusa = (await productOf(token, `IMP-${tag}-2`))!;
        await addProduct(page, blusa, 1);
        await page.getByLabel('Forma de pagamento').selectOption('cash');
        await finish(page);
        expect(await idbCount(page, 'outbox')).toBe(1);
        await screenshot(page, `import-${tag}-venda-offline`);
        await browser.context.setOffline(false);
        await until(async () => (await idbCount(page, 'outbox')) === 0, 'entrega da venda', 90_000);
        expect(await productOf(token, `IMP-${tag}-2`)).toMatchObject({ current_stock: 2 });
      } finally {
        await browser.close();
      }
    });
  });
});

describe('Importar clientes: a CSV of customers by CPF, with their credit limits', () => {
  it('1280 px, pt-BR', async () => {
    const token = await loginToken(server, 'admin@demo.com');
    const cpf = `271828182${cpfCheckDigits('271828182')}`;
    const csv = join(folder, 'clientes.csv');
    writeFileSync(
      csv,
      excelCsv([
        ['Nome', 'CPF', 'Celular', 'Cidade', 'UF', 'Limite de crédito'],
        [
          'Joana Importada',
          `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
          '(81) 99999-0000',
          'Olinda',
          'PE',
          '2.500,00',
        ],
        ['Sem Nome Válido', '111.111.111-11', '', '', '', ''],
      ]),
    );
    const browser = await openBrowser({ width: 1280, height: 800 }, { lang: 'pt-BR' });
    try {
      const page = await browser.context.newPage();
      await signIn(server, page, 'admin@demo.com');
      await page.goto(`${server.demoUrl}/clientes`);
      await page.getByRole('button', { name: 'Importar' }).click();
      await page.getByRole('heading', { name: 'Importar clientes' }).waitFor();
      await pickFile(page, csv);
      await page.getByText('1 novo', { exact: true }).waitFor();
      await page
        .getByRole('list', { name: 'Erros da planilha' })
        .getByText('Linha 3, CPF/CNPJ: "111.111.111-11" não é um CPF nem um CNPJ válido')
        .waitFor();
      expect(await page.getByText('Estoque da planilha').count()).toBe(0);
      await screenshot(page, 'import-clientes-previa');
      await confirmImport(page, 1, 'customers');
      const res = await api<{ data: { customers: { name: string; document: string; credit_limit: number }[] } }>(
        server,
        'GET',
        `/api/customers?search=${cpf}&limit=10`,
        { token },
      );
      expect(res.body.data.customers).toEqual([
        expect.objectContaining({ name: 'Joana Importada', document: cpf, credit_limit: 2500 }),
      ]);

      // Round trip: Clientes' 'Exportar' file read back by 'Importar' changes nothing.
      await page.goto(`${server.demoUrl}/clientes`);
      await page.getByText('Joana Importada').first().waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exportar' }).click();
      const exported = join(folder, (await download).suggestedFilename());
      await (await download).saveAs(exported);
      await page.getByRole('button', { name: 'Importar' }).click();
      await pickFile(page, exported);
      await page.getByText('0 novos', { exact: true }).waitFor();
      await page.getByText('0 a atualizar', { exact: true }).waitFor();
      await page.getByText('0 com erro', { exact: true }).waitFor();
      await screenshot(page, 'import-clientes-ida-e-volta');
    } finally {
      await browser.close();
    }
  });
});

describe('Importar crediário em aberto: the carnês in progress, one instalment then received at the till', () => {
  it('390 px, pt-BR', async () => {
    const token = await loginToken(server, 'admin@demo.com');
    const terms = await api(server, 'PUT', '/api/settings', {
      token,
      body: { late_fee_percent: 2, late_interest_monthly_percent: 1 },
    });
    expect(terms.status).toBe(200);
    const cpf = `314159265${cpfCheckDigits('314159265')}`;
    // A carnê of three: the first paid before Balcão, the second 30 days late, the third ahead.
    const due = [addDays(todayIso(), -30), addDays(todayIso(), 0)].map((d) => formatDate(d));
    const csv = join(folder, 'carnes.csv');
    writeFileSync(
      csv,
      excelCsv([
        ['Cliente', 'CPF', 'Descrição', 'Parcela', 'Valor', 'Vencimento'],
        ['Odete Carnê', cpf, 'Carnê 5501', '2/3', '100,00', due[0]!],
        ['Odete Carnê', cpf, 'Carnê 5501', '3/3', '100,00', due[1]!],
        ['Odete Carnê', cpf, 'Carnê 5501', '3/3', '100,00', '31/02/2026'],
      ]),
    );
    const browser = await openBrowser({ width: 390, height: 844 }, { lang: 'pt-BR' });
    try {
      const page = await browser.context.newPage();
      await signIn(server, page, 'admin@demo.com');
      await page.goto(`${server.demoUrl}/receber`);
      await page.getByRole('button', { name: 'Importar crediário em aberto' }).click();
      await page.getByRole('heading', { name: 'Importar crediário em aberto' }).waitFor();
      await pickFile(page, csv);
      await page.getByText('2 novos', { exact: true }).waitFor();
      await page.getByText('Total: R$ 200,00', { exact: true }).waitFor();
      await page.getByText('1 cliente novo', { exact: true }).waitFor();
      // Open crediário only adds instalments: no 'a atualizar' count.
      expect(await page.getByText(/a atualizar$/).count()).toBe(0);
      await page
        .getByRole('list', { name: 'Erros da planilha' })
        .getByText('Linha 4, Vencimento: "31/02/2026" não é uma data (use dd/mm/aaaa)')
        .waitFor();
      expect(await overflow(page)).toEqual({ page: null, regions: [] });
      await screenshot(page, 'import-crediario-previa-390');
      await confirmImport(page, 2, 'receivables');
      await page.getByRole('button', { name: 'Voltar para Contas a Receber' }).waitFor();

      // At the till: the caixa open, the instalment 30 days late received in cash.
      await openTill(server, page);
      await page.goto(`${server.demoUrl}/receber`);
      await page.getByPlaceholder('Nome ou CPF do cliente').click();
      await page.keyboard.type('Odete');
      const row = page
        .locator('tr')
        .filter({ has: page.getByText('Parcela 2/3 - Carnê 5501', { exact: true }) })
        .first();
      await row.getByRole('button', { name: 'Registrar Pagamento' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmar Pagamento' });
      await dialog.getByLabel('Forma de pagamento').selectOption('cash');
      // Multa 2% = 2,00; juros 1% a month for 30 days = 1,00.
      await dialog.getByTestId('receipt-figures').getByText('R$ 103,00').waitFor();
      await screenshot(page, 'import-crediario-receber-390');
      await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
      await dialog.waitFor({ state: 'detached' });
      await until(async () => (await idbCount(page, 'outbox')) === 0, 'recebimento no servidor', 60_000);
      const caixa = await storedCaixa(page);
      const served = await api<{ data: { installments_by_method: unknown[] } }>(
        server,
        'GET',
        `/api/cash-sessions/${caixa.id}`,
        { token },
      );
      expect(served.body.data.installments_by_method).toEqual([{ method: 'cash', count: 1, amount: 103 }]);
    } finally {
      await browser.close();
    }
  });
});
