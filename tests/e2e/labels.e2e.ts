// Etiquetas in the real Chromium against the real server: an admin picks products (by
// typing their name, and one by a scanner's code and Enter), sets how many labels, and
// prints on a Pimaco 6180 sheet (Carta), an A4 sheet of 3 x 10 and a 40 x 25 mm roll. The
// print is rendered to PDF as the browser sends it to paper (print media, the page size of
// the stylesheet): pdfinfo gives the paper and the pages, pdftotext the names and prices,
// and zbarimg reads the bars off the PDF rendered at 600 dpi. At 390 px the screen fits.
// Produtos hands Etiquetas the products its search leaves on screen.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { nfeXml } from '../../src/server/test/nfe-xml';
import { api, loginToken } from './support/api';
import { ARTIFACTS_DIR, openBrowser, screenshot, type Page } from './support/browser';
import { overflow } from './support/layout';
import { signIn } from './support/till';
import { fileServer } from './support/suite';

const run = promisify(execFile);

let token: string;

const PRODUCTS = [
  {
    sku: 'ETQ-CAM-01',
    name: 'Camiseta Etiqueta',
    size: 'M',
    color: 'Azul',
    barcode: '7891234567895',
    sale_price: 49.9,
  },
  { sku: 'ETQ-MEIA-02', name: 'Meia Etiqueta', size: '', color: 'Preta', barcode: '96385074', sale_price: 12.5 },
  { sku: 'ETQ-BONE-03', name: 'Boné Etiqueta', size: 'U', color: '', barcode: null, sale_price: 35 },
];
const READS = ['EAN-13:7891234567895', 'EAN-8:96385074', 'CODE-128:ETQ-BONE-03'];

const server = fileServer();

beforeAll(async () => {
  token = await loginToken(server, 'admin@demo.com');
  for (const p of PRODUCTS) {
    const created = await api(server, 'POST', '/api/products', { token, body: { ...p, current_stock: 5 } });
    expect(created.status).toBe(201);
  }
});

/** The print as Chromium lays it out for paper, saved as a PDF in the artifacts folder. */
async function printPdf(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = join(process.cwd(), ARTIFACTS_DIR, `${name}.pdf`);
  await page.emulateMedia({ media: 'print' });
  writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  await page.emulateMedia({ media: 'screen' });
  return file;
}

/** The PDF's pages and their paper in whole millimetres (Chromium rounds a page to CSS pixels). */
async function pdfInfo(file: string): Promise<{ pages: number; size_mm: [number, number] }> {
  const { stdout } = await run('pdfinfo', [file]);
  const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout)!;
  const mm = (pt: string) => Math.round((Number(pt) * 25.4) / 72);
  return { pages: Number(/Pages:\s+(\d+)/.exec(stdout)![1]), size_mm: [mm(w!), mm(h!)] };
}

async function pdfText(file: string): Promise<string> {
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

/** What zbarimg reads on pages first..last of the PDF drawn at 600 dpi, sorted. */
async function pdfCodes(file: string, first: number, last: number): Promise<string[]> {
  const prefix = file.replace(/\.pdf$/, '');
  await run('pdftoppm', ['-r', '600', '-gray', '-f', String(first), '-l', String(last), '-png', file, prefix]);
  const { stdout } = await run('sh', ['-c', `zbarimg -q ${prefix}-*.png || test $? = 4`]);
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .sort();
}

async function chooseFormat(page: Page, name: RegExp) {
  const select = page.getByLabel('Etiqueta', { exact: true });
  const value = await select.locator('option', { hasText: name }).getAttribute('value');
  await select.selectOption(value!);
  await expect.poll(() => page.locator('[data-print-labels]').getAttribute('data-print-labels')).toBe(value);
}

/** The admin signed in on a fresh browser of `viewport` (then at `route`, if not null), handed to `use`; closed after. */
async function asAdmin(
  viewport: { width: number; height: number },
  route: string | null,
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const browser = await openBrowser(viewport);
  try {
    const page = await browser.context.newPage();
    await signIn(server, page, 'admin@demo.com');
    if (route) await page.goto(`${server.demoUrl}${route}`);
    await use(page);
  } finally {
    await browser.close();
  }
}

describe('Etiquetas: price labels with barcodes on sheets and on a roll', () => {
  it('desktop: sheet Pimaco 6180, A4 and the 40 x 25 mm roll, read back by a scanner', async () => {
    await asAdmin({ width: 1280, height: 900 }, null, async (page) => {
      await page.getByRole('link', { name: 'Etiquetas' }).click();
      await page.getByRole('heading', { name: 'Etiquetas' }).waitFor();
      const search = page.getByPlaceholder('Buscar produto por código ou nome...');
      await search.and(page.locator('[aria-busy="true"]')).waitFor({ state: 'detached', timeout: 60_000 });

      // By name: pick from the dropdown.
      for (const name of ['Camiseta Etiqueta', 'Meia Etiqueta']) {
        await search.click();
        await page.keyboard.type(name);
        await page.getByRole('option', { name: new RegExp(name) }).click();
      }
      // By a scanner: the SKU typed fast and Enter adds it.
      await search.click();
      await page.keyboard.type('ETQ-BONE-03', { delay: 5 });
      await page.getByRole('option', { name: /Boné Etiqueta/ }).waitFor();
      await page.keyboard.press('Enter');
      const rows = page.getByRole('table', { name: 'Produtos das etiquetas' }).locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(3);

      // 31 shirts + 1 + 1 from the second place of a used sheet: 33 labels, two sheets.
      await page.getByLabel('Etiquetas de Camiseta Etiqueta').click();
      await page.keyboard.type('31');
      await page.getByLabel('Começar na etiqueta nº').click();
      await page.keyboard.type('2');
      await page.getByText('33 etiqueta(s) em 2 folha(s)').waitFor();
      await screenshot(page, 'labels-1-pimaco-1280');

      // 'Imprimir' asks the browser to print (the dialog itself is the browser's).
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => void ((window as unknown as { printed: number }).printed += 1);
      });
      await page.getByRole('button', { name: 'Imprimir' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

      const sheet = await printPdf(page, 'labels-pimaco-6180');
      expect(await pdfInfo(sheet)).toEqual({ pages: 2, size_mm: [216, 279] }); // Carta
      const sheetText = await pdfText(sheet);
      expect(sheetText).not.toContain('Buscar produto');
      expect(sheetText).not.toContain('Imprimir');
      expect(sheetText.match(/Camiseta Etiqueta/g)).toHaveLength(31);
      expect(sheetText).toContain('R$ 49,90');
      expect(sheetText).toContain('R$ 12,50');
      expect(sheetText).toContain('R$ 35,00');
      expect(sheetText).toContain('M / Azul');
      // The second sheet holds the last shirts, the socks and the cap: every kind of code on it.
      expect(await pdfCodes(sheet, 2, 2)).toEqual(expect.arrayContaining(READS));

      await chooseFormat(page, /Folha A4/);
      await page.getByText('33 etiqueta(s) em 2 folha(s)').waitFor();
      const a4 = await printPdf(page, 'labels-a4');
      expect(await pdfInfo(a4)).toEqual({ pages: 2, size_mm: [210, 297] });

      // The roll: one label a page of 40 x 25 mm; the shirts down to one.
      await chooseFormat(page, /Rolo/);
      await page.getByLabel('Etiquetas de Camiseta Etiqueta').click();
      await page.keyboard.type('1');
      await page.getByText('3 etiqueta(s) no rolo').waitFor();
      await screenshot(page, 'labels-2-rolo-1280');
      const roll = await printPdf(page, 'labels-rolo');
      expect(await pdfInfo(roll)).toEqual({ pages: 3, size_mm: [40, 25] });
      const rollText = await pdfText(roll);
      for (const p of PRODUCTS) expect(rollText).toContain(p.name);
      expect((await pdfCodes(roll, 1, 3)).sort()).toEqual([...READS].sort());
    });
  });

  it('390 px: the screen fits and the preview shows the sheet', async () => {
    await asAdmin({ width: 390, height: 844 }, '/etiquetas', async (page) => {
      const search = page.getByPlaceholder('Buscar produto por código ou nome...');
      await search.and(page.locator('[aria-busy="true"]')).waitFor({ state: 'detached', timeout: 60_000 });
      await search.click();
      await page.keyboard.type('7891234567895', { delay: 5 });
      await page.getByRole('option', { name: /Camiseta Etiqueta/ }).waitFor();
      await page.keyboard.press('Enter');
      await page.getByText('1 etiqueta(s) em 1 folha(s)').waitFor();
      await page.getByRole('group', { name: 'Prévia das etiquetas' }).locator('[data-label]').first().waitFor();
      expect(await overflow(page)).toEqual({ page: null, regions: [] });
      await screenshot(page, 'labels-3-390');
    });
  });

  it('from Produtos: the products the search leaves on screen, one label each', async () => {
    await asAdmin({ width: 1280, height: 900 }, '/produtos', async (page) => {
      await page.getByLabel('Buscar produtos').click();
      await page.keyboard.type('ETQ-');
      await page.getByRole('table', { name: 'Produtos' }).getByText('Boné Etiqueta').waitFor();
      await page.getByRole('button', { name: 'Etiquetas', exact: true }).click();
      await page.getByRole('heading', { name: 'Etiquetas' }).waitFor();
      const rows = page.getByRole('table', { name: 'Produtos das etiquetas' }).locator('tbody tr');
      await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(PRODUCTS.length);
      for (const p of PRODUCTS) expect(await page.getByLabel(`Etiquetas de ${p.name}`).inputValue()).toBe('1');
      await page.getByText(`${PRODUCTS.length} etiqueta(s) em 1 folha(s)`).waitFor();
    });
  });

  it('after an NF-e entry: one label per unit that came in, for products just created', async () => {
    const { xml } = nfeXml({
      number: 9901,
      supplier_cnpj: '44555666000181',
      recipient_cnpj: '11222333000181',
      lines: [
        {
          code: 'ETQ-NFE-1',
          description: 'CANECA ETIQUETA NFE',
          quantity: '3.0000',
          unit_cost: '10.0000000000',
          total_cents: 30_00,
        },
        {
          code: 'ETQ-NFE-2',
          description: 'PRATO ETIQUETA NFE',
          quantity: '2.0000',
          unit_cost: '5.0000000000',
          total_cents: 10_00,
        },
      ],
      duplicatas: [{ number: '001', due_date: '2030-01-10', amount_cents: 40_00 }],
    });
    const file = join(mkdtempSync(join(tmpdir(), 'labels-nfe-')), 'nfe.xml');
    writeFileSync(file, xml);
    await asAdmin({ width: 1280, height: 900 }, '/entradas', async (page) => {
      await page.getByLabel('Arquivo XML da NF-e').setInputFiles(file);
      await page.getByRole('table', { name: 'Itens da NF-e' }).getByText('CANECA ETIQUETA NFE').waitFor();
      await page.getByRole('button', { name: 'Criar produtos para os itens sem produto' }).click();
      await page.getByRole('button', { name: 'Confirmar entrada' }).click();
      await page.getByRole('table', { name: 'Produtos da entrada' }).waitFor();
      await page.getByRole('button', { name: 'Imprimir etiquetas' }).click();
      await page.getByRole('heading', { name: 'Etiquetas' }).waitFor();
      await expect
        .poll(() => page.getByLabel('Etiquetas de CANECA ETIQUETA NFE').inputValue(), { timeout: 60_000 })
        .toBe('3');
      expect(await page.getByLabel('Etiquetas de PRATO ETIQUETA NFE').inputValue()).toBe('2');
      await page.getByText('5 etiqueta(s) em 1 folha(s)').waitFor();
      const pdf = await printPdf(page, 'labels-nfe');
      const text = await pdfText(pdf);
      expect(text.match(/CANECA ETIQUETA NFE/g)).toHaveLength(3);
      expect(text.match(/PRATO ETIQUETA NFE/g)).toHaveLength(2);
      await screenshot(page, 'labels-4-nfe-1280');
    });
  });
});
