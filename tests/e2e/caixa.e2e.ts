// The till session in the real Chromium against the real server: a cashier on an 820 px
// tablet opens the caixa, sells in cash, makes a sangria, loses the network, sells by debit card,
// closes the caixa blind with a difference; back online, every change arrives once and
// the server's session has exactly the figures the device showed. At 390 px Nova Venda
// with the caixa fits without sideways scrolling.
import { describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot } from './support/browser';
import { idbCount, idbProductCount, storedCaixa, until } from './support/idb';
import { overflow } from './support/layout';
import { addProduct, chooseCustomer, finish, openTill, signIn, demoPair, typeMoney } from './support/till';
import { fileBrowser, fileServer } from './support/suite';
import { pdfInfo, pdfText, pdfWords, PT_PER_MM, printedPdf } from './support/print';

const server = fileServer();
const tablet = fileBrowser({ width: 820, height: 1180 });

describe('Caixa', () => {
  it('abre, vende, faz sangria, fecha às cegas offline e o servidor recebe o mesmo caixa', async () => {
    const adminToken = await loginToken(server, 'admin@demo.com');
    const { products, x, y, ana, bruno } = await demoPair(server, adminToken, 5);

    const page = await tablet.context.newPage();
    await signIn(server, page, 'caixa@demo.com');
    await openTill(server, page, { caixa: false });
    await until(async () => (await idbProductCount(page)) >= products.length, 'espelho');

    // Abrir Caixa with R$ 100,00 of change.
    await page.getByText('Caixa fechado').waitFor();
    await screenshot(page, 'caixa-01-abrir');
    await page.getByLabel('Fundo de troco').click();
    await page.keyboard.type('100,00');
    await page.getByRole('button', { name: 'Abrir Caixa' }).click();
    await page.getByText('Caixa aberto', { exact: true }).waitFor();

    // A cash sale, then a sangria of R$ 30,00.
    await chooseCustomer(page, ana.name);
    await addProduct(page, x, 1);
    await page.getByLabel('Forma de pagamento').selectOption('cash');
    await finish(page);
    await page.getByRole('button', { name: 'Sangria' }).click();
    await typeMoney(page, 'Valor', '30,00');
    await page.getByLabel('Motivo').fill('Cofre');
    await page.getByRole('button', { name: 'Registrar' }).click();
    await page.getByText('Sangria registrada').first().waitFor();

    // The network drops: a debit card sale, then the blind close R$ 2,50 short in cash.
    await tablet.context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await chooseCustomer(page, bruno.name);
    await addProduct(page, y, 1);
    await page.getByLabel('Forma de pagamento').selectOption('debit_card');
    await finish(page);
    await page.getByRole('button', { name: 'Fechar Caixa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fechar Caixa' });
    expect(await dialog.getByText('Esperado').count()).toBe(0);
    const cashCents = 10_000 + Math.round(x.sale_price * 100) - 3000 - 250;
    await typeMoney(page, 'Dinheiro contado', (cashCents / 100).toFixed(2).replace('.', ','));
    await typeMoney(page, 'Cartão de Débito', y.sale_price.toFixed(2).replace('.', ','));
    await screenshot(page, 'caixa-02-fechamento-cego');
    await page.getByRole('button', { name: 'Confirmar fechamento' }).click();
    await page.getByTestId('caixa-fechamento').waitFor();
    await page.getByText('Quebra de caixa').first().waitFor();
    await screenshot(page, 'caixa-03-fechado');
    const device = await storedCaixa(page);
    expect(device.difference).toBe(-250);

    // Back online: open, sales, sangria and close reach the server once, in order.
    await tablet.context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await until(async () => (await idbCount(page, 'outbox')) === 0, 'entrega do caixa', 90_000);
    const served = await api<{ data: { figures: { method: string; expected: number; counted: number }[] } & object }>(
      server,
      'GET',
      `/api/cash-sessions/${device.id}`,
      { token: adminToken },
    );
    expect(served.status).toBe(200);
    const asDevice = device.figures!.map((f) => ({
      method: f.method,
      expected: f.expected / 100,
      counted: f.counted / 100,
      difference: f.difference / 100,
    }));
    expect(served.body.data).toMatchObject({ status: 'closed', difference: -2.5, sales_count: 2 });
    expect(served.body.data.figures).toEqual(asDevice);
    // The admin's Caixas shows the session as the device did.
    const desk = await openBrowser({ width: 1280, height: 800 });
    try {
      const adminPage = await desk.context.newPage();
      await signIn(server, adminPage, 'admin@demo.com');
      await adminPage.goto(`${server.demoUrl}/caixas`);
      const row = adminPage.getByRole('table', { name: 'Caixas' }).getByRole('row').nth(1);
      await row.getByText('Fechado').waitFor();
      expect(((await row.textContent()) ?? '').replace(/\s/g, ' ')).toContain('-R$ 2,50');
      await row.getByRole('button').click();
      const report = adminPage.getByRole('table', { name: 'Esperado e contado' });
      await report.waitFor();
      const labels: Record<string, string> = { cash: 'Dinheiro', debit_card: 'Cartão de Débito' };
      for (const f of asDevice.filter((line) => labels[line.method])) {
        const text = (await report.getByRole('row').filter({ hasText: labels[f.method] }).textContent()) ?? '';
        for (const v of [f.expected, f.counted, f.difference]) {
          expect(text).toContain(Math.abs(v).toFixed(2).replace('.', ','));
        }
      }
      await adminPage.getByText('Sangria · Cofre').waitFor();
      await screenshot(adminPage, 'caixa-05-admin-caixas');

      // 'Imprimir 80 mm': the report alone, on a page as wide as the roll, with its figures.
      await adminPage.evaluate(() => {
        window.print = () => undefined; // the dialog would block; the page stays as printed
      });
      await adminPage.getByRole('button', { name: 'Imprimir 80 mm' }).click();
      const roll = await printedPdf(adminPage, 'caixa-06-fechamento-80mm');
      const rollInfo = pdfInfo(roll);
      expect(Math.abs(rollInfo.width - 80 * PT_PER_MM)).toBeLessThan(0.6);
      expect(rollInfo.pages).toBe(1);
      for (const word of pdfWords(roll)) expect(word.xMax, word.word).toBeLessThanOrEqual(rollInfo.width);
      const printed = pdfText(roll).replace(/\s+/g, ' ');
      for (const words of ['Dinheiro', 'Débito', 'Sangria', '2,50', 'Vendas por forma de pagamento', 'venda(s)'])
        expect(printed).toContain(words);
      expect(printed).not.toContain('Imprimir A4');
      await adminPage.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    } finally {
      await desk.close();
    }
    await page.getByRole('button', { name: 'Concluir' }).click();
    await page.getByTestId('caixa-fechamento').waitFor({ state: 'detached' });
    await page.getByTestId('caixa-gate').waitFor();

    // A phone: the caixa and the till fit the width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Fundo de troco').waitFor();
    expect(await overflow(page)).toEqual({ page: null, regions: [] });
    await screenshot(page, 'caixa-04-390');
  });
});
