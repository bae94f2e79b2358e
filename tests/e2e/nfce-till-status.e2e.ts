// What the cashier reads of the sale's NFC-e after 'Finalizar Venda', in the real Chromium
// against the real server and the stand-in SEFAZ as its own process: at 820 px an authorized
// note ('NFC-e nº N série S autorizada.') and a sale of a product without NCM ('Venda sem
// NFC-e. Produto sem NCM: ...'); at 390 px (the till loaded at that width) a sale SEFAZ does
// not answer in time (pendente, sent later) and one SEFAZ rejects (not authorized, the admin
// told; no code for the cashier). Nothing spills sideways; screenshots of each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeA1, removeA1Files, type A1File } from '../../src/server/fiscal/test/a1-files';
import { SAMPLE_CNPJ } from '../../src/shared/fiscal/test/sample-note';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot, waitForServiceWorker, type Page } from './support/browser';
import { idbProductCount, until } from './support/idb';
import { overflow } from './support/layout';
import { startServer, type RunningServer } from './support/server';
import { startStandIn, turnEmissionOn, type StandInProcess } from './support/stand-in';
import {
  addProduct,
  chooseCustomer,
  demoLists,
  finish,
  openTill,
  signIn,
  tillReady,
  type ApiProduct,
} from './support/till';

let sefaz: StandInProcess | undefined;
let a1: A1File;
let server: RunningServer | undefined;
let browser: Awaited<ReturnType<typeof openBrowser>> | undefined;
let page: Page;
let withNcm: ApiProduct;
let withoutNcm: ApiProduct;
let customerName: string;

beforeAll(async () => {
  a1 = makeA1({ cnpj: SAMPLE_CNPJ });
  sefaz = await startStandIn(a1);
  server = await startServer({ FISCAL_SEFAZ_URL: sefaz.url, FISCAL_SEFAZ_CA: sefaz.caPath });
  const adminToken = await loginToken(server, 'admin@demo.com');
  const demo = await demoLists(server, adminToken, 1);
  const [a, b] = demo.products.filter((p) => p.current_stock >= 5 && p.sale_price > 10);
  if (!a || !b) throw new Error('o demo precisa de dois produtos com estoque');
  [withNcm, withoutNcm] = [a, b];
  customerName = demo.customers[0]!.name;
  // The demo catalogue has no NCM: one product gets one, the other stays without.
  const ncm = await api(server, 'PUT', `/api/products/${withNcm.id}`, {
    token: adminToken,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: { ncm: '62034200' },
  });
  expect(ncm.status, JSON.stringify(ncm.body)).toBe(200);

  browser = await openBrowser({ width: 820, height: 1180 });
  page = await browser.context.newPage();
  await page.addInitScript(() => (window.print = () => undefined));
  await signIn(server, page, 'caixa@demo.com');
  await openTill(server, page);
  await waitForServiceWorker(page);
  await until(async () => (await idbProductCount(page)) >= demo.products.length, 'espelho');
  // Two seconds of waiting for SEFAZ, so a silent SEFAZ leaves the note pendente soon.
  await turnEmissionOn(server, adminToken, a1, { emission_timeout_seconds: 2 });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sefaz?.stop();
  removeA1Files();
});

/** Sells `product` at the till and returns the bar's line about the note. */
async function sell(product: ApiProduct): Promise<string> {
  await page.goto(`${server!.demoUrl}/vendas`);
  await tillReady(page);
  await chooseCustomer(page, customerName);
  await addProduct(page, product, 1);
  await finish(page);
  const line = page.getByRole('region', { name: 'Venda finalizada' }).getByTestId('sale-note-status');
  await line.waitFor();
  return (await line.textContent()) ?? '';
}

describe("the note in the 'Venda finalizada' bar", () => {
  it('820 px: an authorized note by number and series; a product without NCM says there is no note and why', async () => {
    const authorized = await sell(withNcm);
    expect(authorized).toMatch(/^NFC-e nº \d+ série \d+ autorizada\.$/);
    expect((await sefaz!.log()).filter((r) => r.service === 'authorize' && r.cstat === 100)).toHaveLength(1);
    await screenshot(page, 'nfce-till-status-01-authorized-820');

    const none = await sell(withoutNcm);
    expect(none).toBe(
      `Venda sem NFC-e. Produto sem NCM: ${withoutNcm.name}. Preencha o NCM em Produtos para emitir as próximas notas.`,
    );
    expect(await overflow(page), '820px').toEqual({ page: null, regions: [] });
    await screenshot(page, 'nfce-till-status-02-no-ncm-820');
  });

  it('390 px: SEFAZ silent leaves it pendente (sent later); SEFAZ refusing says it was not authorized', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await sefaz!.fault({ kind: 'no-answer' }, { service: 'authorize', times: 1 });
    const pending = await sell(withNcm);
    expect(pending).toBe(
      'NFC-e pendente: a SEFAZ não respondeu a tempo. A nota será enviada sozinha, e o DANFE sai dizendo que está pendente.',
    );
    expect(await overflow(page), '390px').toEqual({ page: null, regions: [] });
    await page.getByRole('region', { name: 'Venda finalizada' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'nfce-till-status-03-pending-390');

    await sefaz!.fault({ kind: 'reject', cstat: 778 }, { service: 'authorize', times: 1 });
    const rejected = await sell(withNcm);
    expect(rejected).toBe(
      'NFC-e não autorizada pela SEFAZ. A venda está feita; o administrador foi avisado e vai corrigir a nota.',
    );
    expect(await overflow(page), '390px').toEqual({ page: null, regions: [] });
    await page.getByRole('region', { name: 'Venda finalizada' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'nfce-till-status-04-rejected-390');
  });
});
