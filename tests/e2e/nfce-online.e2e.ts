// The NFC-e online, end to end in the real Chromium against the real server and the stand-in
// SEFAZ as its own process (mutual TLS, the official schemas, the QR hash with the CSC). The
// admin sets the store up through the API (test A1, CSC, Responsável Técnico, the till's
// series, emission on); a cashier at 820 px (service worker in control) sells with 'CPF na
// nota?' typed by keyboard; the sale's answer brings the note authorized, and the stand-in
// authorized that key exactly once. The DANFE prints at 80 mm (pdftotext) and its QR, read by
// zbarimg, is the note's qr_code. Then the admin cancels the note in Notas Fiscais with a
// justification typed by keyboard, and the stand-in logged the cancel event. At 390 px the
// screen does not scroll sideways. window.print is counted, not shown.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeA1, removeA1Files, type A1File } from '../../src/server/fiscal/test/a1-files';
import type { FiscalNoteReceipt } from '../../src/shared/contract/fiscal-notes';
import { SAMPLE_CNPJ } from '../../src/shared/fiscal/test/sample-note';
import { nameWithVariant } from '../../src/shared/product-variant';
import { api, loginToken } from './support/api';
import { ARTIFACTS_DIR, openBrowser, screenshot, waitForServiceWorker, type Page } from './support/browser';
import { NOTE_CPF } from './support/fiscal-note';
import { idbProductCount, until } from './support/idb';
import { overflow } from './support/layout';
import { pdfInfo, pdfText, printedPdf } from './support/print';
import { startServer, type RunningServer } from './support/server';
import { startStandIn, turnEmissionOn, type StandInProcess } from './support/stand-in';
import { addProduct, chooseCustomer, demoLists, openTill, signIn, tillReady, type ApiProduct } from './support/till';

const JUSTIFICATION = 'Venda registrada em duplicidade no caixa';

let sefaz: StandInProcess | undefined;
let a1: A1File;
let server: RunningServer | undefined;
let browser: Awaited<ReturnType<typeof openBrowser>> | undefined;
let adminBrowser: Awaited<ReturnType<typeof openBrowser>> | undefined;
let page: Page;
let adminToken: string;
let product: ApiProduct;
let customerName: string;
let demoProducts: ApiProduct[];

const keyed = () => ({ token: adminToken, headers: { 'idempotency-key': crypto.randomUUID() } });
const printCalls = () => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls);

beforeAll(async () => {
  a1 = makeA1({ cnpj: SAMPLE_CNPJ });
  sefaz = await startStandIn(a1);
  server = await startServer({ FISCAL_SEFAZ_URL: sefaz.url, FISCAL_SEFAZ_CA: sefaz.caPath });
  adminToken = await loginToken(server, 'admin@demo.com');
  const demo = await demoLists(server, adminToken, 1);
  demoProducts = demo.products;
  product = demo.products.find((p) => p.current_stock >= 5 && p.sale_price > 10)!;
  customerName = demo.customers[0]!.name;
  // The demo catalogue has no NCM: a note cannot carry the product until the admin gives it one.
  const ncm = await api(server, 'PUT', `/api/products/${product.id}`, { ...keyed(), body: { ncm: '62034200' } });
  expect(ncm.status, JSON.stringify(ncm.body)).toBe(200);

  // The cashier's tablet first: the till registers its device, which the series names.
  browser = await openBrowser({ width: 820, height: 1180 });
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
  await waitForServiceWorker(page);
  await until(async () => (await idbProductCount(page)) >= demo.products.length, 'espelho');

  // The admin makes the store ready to emit: the A1, the CSC, the Responsável Técnico, the series.
  await turnEmissionOn(server, adminToken, a1);
});

afterAll(async () => {
  await adminBrowser?.close();
  await browser?.close();
  await server?.stop();
  await sefaz?.stop();
  removeA1Files();
});

describe('NFC-e online', () => {
  let note: FiscalNoteReceipt;

  it('o caixa vende com CPF na nota, a nota sai autorizada e o DANFE imprime em 80 mm com o QR da nota', async () => {
    await page.goto(`${server!.demoUrl}/vendas`);
    await tillReady(page);
    await chooseCustomer(page, customerName);
    await addProduct(page, product, 1);
    const field = page.getByLabel('CPF na nota?');
    await field.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(NOTE_CPF);
    expect(await field.inputValue()).toBe('529.982.247-25');
    await page.getByLabel('Forma de pagamento').selectOption('cash');
    await page.getByLabel('Valor recebido', { exact: true }).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(`${Math.ceil(product.sale_price) + 10},00`);

    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/sales$/.test(r.url()));
    await page.getByRole('button', { name: 'Finalizar Venda' }).click();
    const body = (await (await answer).json()) as { data: { fiscal_note: FiscalNoteReceipt | null } };
    expect(body.data.fiscal_note, JSON.stringify(body.data)).not.toBeNull();
    note = body.data.fiscal_note!;
    expect(note.status).toBe('autorizada');
    expect(note.protocol).toMatch(/^\d{15}$/);
    const log = await sefaz!.log();
    expect(log.filter((r) => r.service === 'authorize' && r.key === note.key && r.cstat === 100)).toHaveLength(1);

    const bar = page.getByRole('region', { name: 'Venda finalizada' });
    await bar.waitFor();
    await screenshot(page, 'nfce-online-01-after-sale-820');
    await bar.getByRole('button', { name: 'Imprimir DANFE' }).click();
    await until(async () => (await printCalls()) === 1, 'window.print');

    // The QR as printed (the print media shows only the DANFE), screenshotted and read by zbarimg.
    await page.emulateMedia({ media: 'print' });
    await page.getByTestId('danfe-qr').waitFor();
    const png = join(ARTIFACTS_DIR, 'nfce-online-qr.png');
    await page.evaluate(() => document.documentElement.style.setProperty('zoom', '4'));
    await page.getByTestId('danfe-qr').screenshot({ path: png });
    await page.evaluate(() => document.documentElement.style.removeProperty('zoom'));
    await page.emulateMedia({ media: 'screen' });
    const read = execFileSync('zbarimg', ['-q', '--raw', png], { encoding: 'utf8' }).trim();
    expect(read).toBe(note.qr_code);

    const path = await printedPdf(page, 'nfce-online-danfe-80mm');
    const info = pdfInfo(path);
    expect(Math.abs(info.width - (80 * 72) / 25.4)).toBeLessThan(0.6);
    const flat = pdfText(path).replace(/\s+/g, ' ');
    for (const part of [
      'DANFE NFC-e',
      'CONSUMIDOR - CPF 529.982.247-25',
      `Protocolo de autorização: ${note.protocol}`,
      'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO',
      // The note's first item in homologação, as the XML has it.
      `${product.sku} NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL`,
    ])
      expect(flat, part).toContain(part);
  });

  it('o admin cancela a nota em Notas Fiscais com a justificativa digitada, sem rolagem lateral em 390 px', async () => {
    expect(note, 'a nota do teste anterior').toBeDefined();
    adminBrowser = await openBrowser({ width: 1280, height: 860 });
    const admin = await adminBrowser.context.newPage();
    await signIn(server!, admin, 'admin@demo.com');
    await admin.goto(`${server!.demoUrl}/notas-fiscais`);
    const list = admin.getByRole('list', { name: 'Notas fiscais' });
    const row = list.getByRole('button', { name: new RegExp(`NFC-e nº ${note.number}\\b`) });
    await row.getByText('Autorizada').waitFor();
    // Above the notes, the products no note can carry yet: every demo product but the one given
    // its NCM, the first ten as the server lists them (with the variant: variants share a name),
    // and the link to complete them.
    const total = demoProducts.length - 1;
    const first = await api<{ data: { products: ApiProduct[] } }>(server!, 'GET', '/api/products?without_ncm=true&limit=10', { token: adminToken }); // prettier-ignore
    const listed = first.body.data.products;
    expect(listed.map((p) => p.id)).not.toContain(product.id);
    const names = listed.map((p) => nameWithVariant(p.name, { size: p.size ?? '', color: p.color ?? '' }));
    const notice = admin.getByRole('note', { name: 'Produtos sem NCM' });
    const more = total > names.length ? ` e mais ${total - names.length}` : '';
    expect(await notice.innerText()).toBe(
      `${total} produtos sem NCM não saem na NFC-e: ${names.join(', ')}${more}. Completar em Produtos`,
    );
    expect(await notice.getByRole('link', { name: 'Completar em Produtos' }).getAttribute('href')).toBe('/produtos?fiscal=sem-ncm'); // prettier-ignore
    await screenshot(admin, 'nfce-online-02-notes-authorized');

    // On a phone: the screen loaded at 390 px (a resize would catch the menu sliding away).
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.reload();
    await row.getByText('Autorizada').waitFor();
    expect(await overflow(admin), '390px').toEqual({ page: null, regions: [] });
    await notice.waitFor();
    await screenshot(admin, 'nfce-online-03a-without-ncm-390');
    await row.scrollIntoViewIfNeeded();
    await screenshot(admin, 'nfce-online-03-notes-390');
    await admin.setViewportSize({ width: 1280, height: 860 });
    await admin.reload();

    await row.click();
    const detail = admin.getByRole('dialog', { name: new RegExp(`NFC-e nº ${note.number}, série`) });
    await detail.getByText('529.982.247-25').waitFor();
    await detail.getByRole('button', { name: 'Cancelar nota' }).click();
    const confirm = admin.getByRole('alertdialog', { name: `Cancelar a NFC-e nº ${note.number}` });
    await confirm.getByLabel('Justificativa').click();
    await admin.keyboard.type(JUSTIFICATION);
    expect(await confirm.getByLabel('Justificativa').inputValue()).toBe(JUSTIFICATION);
    await screenshot(admin, 'nfce-online-04-cancel-dialog');
    await confirm.getByRole('button', { name: 'Cancelar nota' }).click();
    await confirm.waitFor({ state: 'detached' });
    await detail.getByText('Cancelada').first().waitFor();
    await screenshot(admin, 'nfce-online-05-cancelled');
    await admin.keyboard.press('Escape');
    await row.getByText('Cancelada').waitFor();

    const log = await sefaz!.log();
    const events = log.filter((r) => r.service === 'event' && r.key === note.key);
    expect(events.map((e) => e.cstat)).toEqual([135]);
    expect(log.filter((r) => r.service === 'authorize' && r.key === note.key && r.cstat === 100)).toHaveLength(1);
  });
});
