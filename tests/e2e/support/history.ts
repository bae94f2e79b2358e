// Histórico de Vendas as a person reaches it: the screen, then a sale found by its number
// typed into the search, and its detail opened.
import type { Page } from './browser';
import type { RunningServer } from './server';

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
