// A store that emits NFC-e against the stand-in SEFAZ (its own process), with one product
// given an NCM, and an admin at an 820 px till (service worker in control, the catalogue on
// the device, the caixa open, window.print counted): what the contingency tests start from.
// SEFAZ's time at the till is 3 s (the faults wait it out); a killed server's notes are taken
// at once by the restarted one (the embedded database is one process's alone). The A1 is
// imported on the till by the test, through the screen (importTillKey).
import { makeA1, removeA1Files, type A1File } from '../../../src/server/fiscal/test/a1-files';
import { SAMPLE_CNPJ } from '../../../src/shared/fiscal/test/sample-note';
import { api, loginToken } from './api';
import { openBrowser, type Page } from './browser';
import { idbProductCount, until } from './idb';
import { goTo } from './layout';
import { startServer, type RunningServer } from './server';
import { startStandIn, turnEmissionOn, type StandInProcess } from './stand-in';
import { demoLists, openTill, signIn, tillReady, type ApiProduct } from './till';
import { importFile, openFiscalTab } from './till-key';

export interface ContingencyTill {
  sefaz: StandInProcess;
  a1: A1File;
  /** The running server (a test that kills it puts the restarted one here). */
  server: RunningServer;
  browser: Awaited<ReturnType<typeof openBrowser>>;
  page: Page;
  adminToken: string;
  product: ApiProduct;
}

/** The server sends its notes to the stand-in SEFAZ. */
export const sefazEnv = (sefaz: StandInProcess) => ({
  FISCAL_SEFAZ_URL: sefaz.url,
  FISCAL_SEFAZ_CA: sefaz.caPath,
});

export async function openContingencyTill(): Promise<ContingencyTill> {
  const a1 = makeA1({ cnpj: SAMPLE_CNPJ });
  const sefaz = await startStandIn(a1);
  const server = await startServer(sefazEnv(sefaz));
  const adminToken = await loginToken(server, 'admin@demo.com');
  const demo = await demoLists(server, adminToken, 1);
  const product = demo.products.find((p) => p.current_stock >= 10 && p.sale_price > 10)!;
  // The demo catalogue has no NCM: a note cannot carry the product until the admin gives it one.
  const ncm = await api(server, 'PUT', `/api/products/${product.id}`, {
    token: adminToken,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: { ncm: '62034200' },
  });
  if (ncm.status !== 200) throw new Error(`NCM não gravado: ${JSON.stringify(ncm.body)}`);

  const browser = await openBrowser({ width: 820, height: 1180 });
  const page = await browser.context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { printCalls: number };
    w.printCalls = 0;
    window.print = () => {
      w.printCalls++;
    };
  });
  // An admin at the till: the device registers (the series names it), the caixa opens.
  await signIn(server, page, 'admin@demo.com');
  await openTill(server, page);
  await until(async () => (await idbProductCount(page)) >= demo.products.length, 'espelho');
  await turnEmissionOn(server, adminToken, a1, { emission_timeout_seconds: 3 });
  return { sefaz, a1, server, browser, page, adminToken, product };
}

export async function closeContingencyTill(till: ContingencyTill | undefined): Promise<void> {
  await till?.browser.close();
  await till?.server.stop();
  await till?.sefaz.stop();
  removeA1Files();
}

/** The admin imports the store's A1 on this till (Configurações > Fiscal), then back at Nova Venda. */
export async function importTillKey({ page, a1 }: ContingencyTill): Promise<void> {
  await openFiscalTab(page);
  await importFile(page, { name: 'loja.pfx', buffer: a1.pfx }, a1.password);
  await page.getByText('Chave importada neste caixa').waitFor();
  await goTo(page, '/vendas');
  await tillReady(page);
  await page.getByTestId('till-key-notice').waitFor();
}

/** The browser offline or online, and the page told so at once. */
export async function setTillOnline({ browser }: ContingencyTill, pages: Page[], online: boolean): Promise<void> {
  await browser.context.setOffline(!online);
  for (const page of pages) await page.evaluate((on) => window.dispatchEvent(new Event(on ? 'online' : 'offline')), online); // prettier-ignore
}

/** How many times the page called window.print. */
export const printCalls = (page: Page) => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls);
