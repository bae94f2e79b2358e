// Histórico de Vendas as a person reaches it: the screen, then a sale found by its number
// typed into the search, and its detail opened (on a phone too).
import { api } from './api';
import { openBrowser, type Page } from './browser';
import type { RunningServer } from './server';
import { openTill, signIn } from './till';

export async function goToHistory(server: RunningServer, page: Page) {
  await page.goto(`${server.demoUrl}/historico-vendas`);
  await page.getByRole('heading', { name: 'Histórico de Vendas' }).waitFor();
}

/** Types the sale's number into the history's search and opens its detail. */
export async function openSale(page: Page, number: string) {
  await page.getByLabel('Número da venda').click();
  await page.keyboard.type(number);
  await page.getByRole('button', { name: `Venda #${number}` }).click();
  await page.getByTestId('sale-detail').waitFor();
}

/**
 * `fn` on a phone (390 × 844) where the cashier has the till open, then the sale `saleId`'s
 * detail in the history (with the number the server gave it); the phone closes afterwards.
 */
export async function onPhoneAtSale(
  server: RunningServer,
  token: string,
  saleId: string,
  fn: (p: Page, number: string) => Promise<void>,
) {
  const sold = await api<{ data: { number: string } }>(server, 'GET', `/api/sales/${saleId}`, { token });
  const number = sold.body.data.number;
  const phone = await openBrowser({ width: 390, height: 844 });
  try {
    const p = await phone.context.newPage();
    await signIn(server, p, 'caixa@demo.com');
    await openTill(server, p);
    await goToHistory(server, p);
    await openSale(p, number);
    await fn(p, number);
  } finally {
    await phone.close();
  }
}
