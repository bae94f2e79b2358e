// The DANFE NFC-e in the real Chromium against the real server. A sale is made through the
// API; its note is built with the real builder (buildNfce), signed with the test A1
// (createPemSigner, certificates.ts) and written into fiscal_notes while the server is
// stopped (emission itself comes from another branch); the server starts again on the same
// data. The cashier opens the sale in the history and reprints it: 'Imprimir DANFE' prints
// the DANFE through the app's print stylesheet at 80 mm, read back with pdftotext; its QR,
// screenshotted, is read by zbarimg as the note's own qr_code. Then emission is turned on
// for real (test A1, Responsável Técnico, series): 'CPF na nota?' typed by keyboard at 1280,
// 820 and 390 px and in an en-US browser, which reprints the DANFE on a 58 mm roll.
// window.print is counted, not shown.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeA1, removeA1Files } from '../../src/server/fiscal/test/a1-files';
import type { BuiltNfce } from '../../src/shared/fiscal/nfce-xml';
import { SAMPLE_CNPJ } from '../../src/shared/fiscal/test/sample-note';
import { api, apiSale, loginToken } from './support/api';
import { ARTIFACTS_DIR, openBrowser, screenshot, type Page } from './support/browser';
import { overflow } from './support/layout';
import { goToHistory, openSale } from './support/history';
import { buildSaleNote, centavos, NOTE_PROTOCOL, writeNoteStopped } from './support/fiscal-note';
import { EMITTER, saveFiscalSettings, turnEmissionOn } from './support/fiscal-store';
import { idbProductCount, until } from './support/idb';
import { pdfInfo, pdfText, pdfWords, printedPdf } from './support/print';
import { startServer, type RunningServer } from './support/server';
import { fileBrowser } from './support/suite';
import {
  addProduct,
  chooseCustomer,
  demoLists,
  openTill,
  signIn,
  tillReady,
  type ApiProduct,
  type ApiCustomer,
} from './support/till';

const browser = fileBrowser({ width: 1280, height: 860 });
let server: RunningServer;
let page: Page;
let built: BuiltNfce;
let saleNumber: string;
let products: ApiProduct[];
let customers: ApiCustomer[];
let adminToken: string;

const printCalls = () => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls);

beforeAll(async () => {
  server = await startServer();
  const admin = await loginToken(server, 'admin@demo.com');
  adminToken = admin;
  const cashier = await loginToken(server, 'caixa@demo.com');
  const demo = await demoLists(server, admin, 1);
  customers = demo.customers;
  products = demo.products.filter((p) => p.current_stock >= 5 && p.sale_price > 10).slice(0, 2);
  await saveFiscalSettings(server, admin, { emitter: EMITTER });
  const [x, y] = products as [ApiProduct, ApiProduct];
  const total = 2 * centavos(x.sale_price) + centavos(y.sale_price);
  const received = Math.ceil(total / 5000) * 5000 + 5000;
  const sale = await apiSale(server, cashier, {
    customer_id: demo.customers[0]!.id,
    items: [
      { product_id: x.id, quantity: 2, unit_price: x.sale_price },
      { product_id: y.id, quantity: 1, unit_price: y.sale_price },
    ],
    payment_method: 'cash',
    payments: [{ method: 'cash', amount: total / 100, received: received / 100 }],
  });
  saleNumber = sale.number;
  // The note as the builder makes it from this sale (homologação, QR v2 with a CSC).
  built = buildSaleNote(
    [
      [x, 2],
      [y, 1],
    ],
    received,
  );
  expect(built.totals.total).toBe(total);
  server = await writeNoteStopped(server, sale.id, built);

  page = await browser.context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { printCalls: number };
    w.printCalls = 0;
    window.print = () => {
      w.printCalls++;
    };
  });
  await signIn(server, page, 'caixa@demo.com');
  await openTill(server, page);
  await until(async () => (await idbProductCount(page)) >= demo.products.length, 'espelho');
});

afterAll(async () => {
  removeA1Files();
  await server?.stop();
  // The restarted server runs on the first one's data dir, which is then the test's to remove.
  if (server?.dataDir) rmSync(server.dataDir, { recursive: true, force: true });
});

describe('DANFE NFC-e', () => {
  it('reimpressa do histórico, sai em 80 mm com todas as partes, e o QR lido é o da nota', async () => {
    await goToHistory(server, page);
    await openSale(page, saleNumber);
    const detail = page.getByTestId('sale-detail');
    await screenshot(page, 'danfe-01-sale-detail');
    expect(await detail.getByRole('button', { name: 'Imprimir recibo' }).count()).toBe(0);
    await detail.getByRole('button', { name: 'Imprimir DANFE' }).click();
    await until(async () => (await printCalls()) === 1, 'window.print');

    // The QR as printed, before the PDF (whose afterprint takes the document away): the
    // print media shows only the DANFE; zbarimg reads the screenshot.
    await page.emulateMedia({ media: 'print' });
    const qr = page.getByTestId('danfe-qr');
    const box = await qr.boundingBox();
    // At least 25 mm (96 px per inch).
    expect(box!.width).toBeGreaterThanOrEqual((25 / 25.4) * 96);
    await page.setViewportSize({ width: 1280, height: 1800 });
    const png = join(ARTIFACTS_DIR, 'danfe-qr.png');
    await page.evaluate(() => document.documentElement.style.setProperty('zoom', '4'));
    await page.getByTestId('danfe-qr').screenshot({ path: png });
    await page.evaluate(() => document.documentElement.style.removeProperty('zoom'));
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1280, height: 860 });
    const read = execFileSync('zbarimg', ['-q', '--raw', png], { encoding: 'utf8' }).trim();
    expect(read).toBe(built.qr_code);

    const path = await printedPdf(page, 'danfe-80mm');
    const info = pdfInfo(path);
    expect(Math.abs(info.width - (80 * 72) / 25.4)).toBeLessThan(0.6);
    expect(info.pages).toBe(1);
    const printed = pdfText(path);
    const flat = printed.replace(/\s+/g, ' ');
    const [x, y] = products as [ApiProduct, ApiProduct];
    for (const part of [
      'Loja Demo Comércio Ltda',
      'CNPJ: 11.222.333/0001-81 IE: 110042490114',
      'Rua Augusta, 1500 - Consolação - São Paulo/SP - CEP 01304-001',
      'DANFE NFC-e - Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica',
      'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL',
      `${x.sku} `,
      `${y.sku} `,
      'Qtde. total de itens 2',
      'Valor a Pagar R$',
      'FORMA PAGAMENTO VALOR PAGO R$',
      'Dinheiro',
      'Troco R$',
      'Consulte pela Chave de Acesso em',
      'CONSUMIDOR - CPF 529.982.247-25',
      'NFC-e nº 000000042 Série 007',
      `Protocolo de autorização: ${NOTE_PROTOCOL}`,
    ])
      expect(flat, part).toContain(part);
    // The consulta address (it may wrap on the roll) and the key in groups of four.
    expect(printed.replace(/\s+/g, '')).toContain(built.url_chave);
    const groups = built.key.match(/.{4}/g)!;
    expect(flat).toContain(groups.join(' ').slice(0, 24));
    for (const group of groups) expect(flat).toContain(group);
    expect(flat).toContain(`Valor a Pagar R$ ${(built.totals.total / 100).toFixed(2).replace('.', ',')}`);
    expect(flat).toContain(`Troco R$ ${(built.totals.change / 100).toFixed(2).replace('.', ',')}`);
    expect(flat).not.toContain('Documento sem valor fiscal');
    expect(flat).not.toContain('Histórico de Vendas');
  });

  it('com a emissão ligada, o caixa vê "CPF na nota?" e digita o CPF, em 1280, 820 e 390 px, e em en-US', async () => {
    // The store made ready to emit for real: the A1, the Responsável Técnico, each till's series.
    await turnEmissionOn(server, adminToken, makeA1({ cnpj: SAMPLE_CNPJ }));

    await page.goto(`${server.demoUrl}/vendas`);
    await tillReady(page);
    const [x] = products as [ApiProduct];
    await chooseCustomer(page, customers[0]!.name);
    await addProduct(page, x, 1);
    const field = page.getByLabel('CPF na nota?');
    await field.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('5299822472');
    expect(await field.inputValue()).toBe('529.982.247-2');
    await page.keyboard.press('Tab');
    await page.getByText('CPF ou CNPJ inválido').first().waitFor();
    await field.click();
    await page.keyboard.press('End');
    await page.keyboard.type('5');
    expect(await field.inputValue()).toBe('529.982.247-25');
    for (const [width, height] of [
      [1280, 860],
      [820, 1180],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await field.scrollIntoViewIfNeeded();
      expect(await overflow(page), `${width}px`).toEqual({ page: null, regions: [] });
      await screenshot(page, `danfe-02-cpf-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 860 });

    // The store prints on 58 mm rolls: a fresh browser (en-US, a phone) reads the setting.
    const narrow = await api(server, 'PUT', '/api/settings', {
      token: adminToken,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { receipt_paper_width: '58mm' },
    });
    expect(narrow.status).toBe(200);
    const english = await openBrowser({ width: 390, height: 844 }, { lang: 'en-US' });
    try {
      const p = await english.context.newPage();
      await p.addInitScript(() => {
        const w = window as unknown as { printCalls: number };
        w.printCalls = 0;
        window.print = () => {
          w.printCalls++;
        };
      });
      await signIn(server, p, 'caixa@demo.com');
      await openTill(server, p);
      await chooseCustomer(p, customers[0]!.name);
      await addProduct(p, x, 1);
      const typed = p.getByLabel('CPF na nota?');
      await typed.click();
      await p.keyboard.press('ControlOrMeta+A');
      await p.keyboard.type('11222333000181');
      expect(await typed.inputValue()).toBe('11.222.333/0001-81');
      expect(await overflow(p)).toEqual({ page: null, regions: [] });
      await screenshot(p, 'danfe-03-cpf-390-en-US');

      // The DANFE reprinted on the 58 mm roll: as wide as the paper, every word inside.
      await goToHistory(server, p);
      await openSale(p, saleNumber);
      await p.getByTestId('sale-detail').getByRole('button', { name: 'Imprimir DANFE' }).click();
      await until(
        async () => (await p.evaluate(() => (window as unknown as { printCalls: number }).printCalls)) === 1,
        'window.print em 58 mm',
      );
      const path58 = await printedPdf(p, 'danfe-58mm');
      const info58 = pdfInfo(path58);
      expect(Math.abs(info58.width - (58 * 72) / 25.4)).toBeLessThan(0.6);
      expect(info58.pages).toBe(1);
      for (const w of pdfWords(path58)) {
        expect(w.xMin, w.word).toBeGreaterThanOrEqual(0);
        expect(w.xMax, w.word).toBeLessThanOrEqual(info58.width);
      }
      const printed58 = pdfText(path58).replace(/\s+/g, ' ');
      expect(printed58).toContain('NFC-e nº 000000042 Série 007');
      expect(printed58).toContain('CONSUMIDOR - CPF 529.982.247-25');
    } finally {
      await english.close();
    }
  });
});
