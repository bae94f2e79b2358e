// The owner takes the reports away, in the real Chromium against the real server, on the
// store of support/reports.ts: the open report and the products export CSVs that start
// with the BOM and parse back to the API's figures (Margens with every product sold, not
// only the screen's), and the report prints without the app's frame.
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_HEADER } from '../../src/app/features/products/products-csv';
import { csvCentavos } from '../../src/app/test/csv-parse';
import { toCentavos } from '../../src/shared/money';
import { screenshot, type Page } from './support/browser';
import { download, fileReportsStore, range30 } from './support/reports';
import { fileBrowser, fileServer } from './support/suite';
import { signIn } from './support/till';

const server = fileServer();
const desktop = fileBrowser({ width: 1440, height: 900 });
const store = fileReportsStore(server);
const get = <T>(path: string, token?: string) => store.get<T>(path, token);
let page: Page;

/** A column of the products CSV by its heading. */
const column = (heading: (typeof PRODUCT_CSV_HEADER)[number]) => PRODUCT_CSV_HEADER.indexOf(heading);

beforeAll(async () => {
  page = await desktop.context.newPage();
  await signIn(server, page, 'admin@demo.com');
});

describe('Exportar e imprimir os relatórios', () => {
  it('exports the open report and the products as CSVs Excel reads in Brazil, and prints the report alone', async () => {
    const { start, end } = range30();
    const q = `start_date=${start}&end_date=${end}`;
    await page.goto(`${server.demoUrl}/relatorios-financeiros`);
    await page.getByRole('tab', { name: 'DRE' }).click();
    await page.getByRole('row', { name: /Receita Total/ }).waitFor();
    const dreFile = await download(page, () => page.getByRole('button', { name: 'Exportar' }).click());
    expect([...dreFile.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(dreFile.name).toBe(`dre-${start}-a-${end}.csv`);
    const dre = await get<{ revenue: { total_revenue: number }; net_income: number; gross_margin_percentage: number }>(
      `/api/financial-reports/dre?${q}`,
    );
    const line = (label: string) => dreFile.rows.find((r) => r[0] === label)!;
    expect(line('Período').slice(1)).toEqual([start, end].map((d) => d.split('-').reverse().join('/')));
    expect(csvCentavos(line('(=) Receita Total')[1]!)).toBe(toCentavos(dre.revenue.total_revenue));
    expect(csvCentavos(line('(=) Lucro Líquido do Período')[1]!)).toBe(toCentavos(dre.net_income));
    expect(line('(=) Lucro Bruto')[2]).toBe(dre.gross_margin_percentage.toFixed(2).replace('.', ','));

    // Margens: every product sold, not only the screen's first hundred.
    await page.getByRole('tab', { name: 'Margens' }).click();
    await page.getByRole('table', { name: 'Margem por produto' }).waitFor();
    const exportCall = page.waitForRequest(
      (r) => r.url().includes('/margin-analysis') && r.url().includes('limit=100000'),
    );
    const marginFile = await download(page, () => page.getByRole('button', { name: 'Exportar' }).click());
    await exportCall;
    const all = await get<{
      product_count: number;
      product_margins: { product_name: string; sku: string; size: string; color: string; revenue: number }[];
    }>(`/api/financial-reports/margin-analysis?${q}&limit=100000`);
    const header = marginFile.rows.findIndex((r) => r[0] === 'Produto');
    const productRows = marginFile.rows.slice(header + 1);
    expect(productRows).toHaveLength(all.product_count);
    for (const [i, p] of all.product_margins.entries()) {
      expect(productRows[i]!.slice(0, 4)).toEqual([p.product_name, p.sku, p.size, p.color]);
      expect(csvCentavos(productRows[i]![4]!)).toBe(toCentavos(p.revenue));
    }

    // Printing: the report without the sidebar, the top bar or any button.
    await page.getByRole('tab', { name: 'DRE' }).click();
    await page.getByRole('row', { name: /Receita Total/ }).waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#app-sidebar').isVisible()).toBe(false);
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Exportar' }).isVisible()).toBe(false);
    expect(await page.getByRole('row', { name: /Lucro Líquido/ }).isVisible()).toBe(true);
    await screenshot(page, 'reports-15-dre-impressao');
    await page.emulateMedia({ media: 'screen' });

    // Produtos: the list on screen.
    await page.goto(`${server.demoUrl}/produtos`);
    await page.getByText(store.products[0]!.name).first().waitFor();
    const productsFile = await download(page, () => page.getByRole('button', { name: 'Exportar' }).click());
    expect([...productsFile.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const total = (await get<{ pagination: { total: number } }>('/api/products?limit=1')).pagination.total;
    // The admin's list has every column, the cost price's too.
    expect(productsFile.rows[0]).toEqual([...PRODUCT_CSV_HEADER]);
    expect(productsFile.rows).toHaveLength(total + 1);
    const first = await get<{
      sku: string;
      barcode: string | null;
      name: string;
      current_stock: number;
      sale_price: number;
    }>(`/api/products/${store.products[0]!.id}`);
    const row = productsFile.rows.find((r) => r[column('SKU')] === first.sku)!;
    expect(row[column('Código de barras')]).toBe(first.barcode ?? '');
    expect(row[column('Produto')]).toBe(first.name);
    expect(Number(row[column('Estoque atual')])).toBe(first.current_stock);
    expect(csvCentavos(row[column('Preço de venda (R$)')]!)).toBe(toCentavos(first.sale_price));
  });
});
