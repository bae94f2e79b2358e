// Takes the install dialog's screenshots of the web app manifest (public/screenshots):
// Nova Venda with a sale under way, on a phone (narrow) and on a wide screen, from the
// built app served by the real server, in the system Chromium. Run after a visible change
// to Nova Venda (`npx vite build && npx tsx scripts/render-screenshots.ts`); the PNGs are
// committed.
import { mkdirSync } from 'node:fs';
import { openBrowser } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';
import { signIn, tillReady } from '../tests/e2e/support/till';

/** What the pictured sale holds: a search and a quantity per line. */
const LINES: [string, number][] = [
  ['Camisa', 2],
  ['Bermuda', 1],
  ['Blusa', 1],
];

const SHOTS = [
  // The phone from the top (the finish bar stays at the bottom); the wide screen scrolled
  // to the end so every line shows beside the summary.
  { file: 'public/screenshots/nova-venda-narrow.png', width: 412, height: 900, scrollToEnd: false },
  { file: 'public/screenshots/nova-venda-wide.png', width: 1280, height: 800, scrollToEnd: true },
];

const server = await startServer();
try {
  mkdirSync('public/screenshots', { recursive: true });
  for (const shot of SHOTS) {
    const browser = await openBrowser({ width: shot.width, height: shot.height });
    try {
      const page = await browser.context.newPage();
      await signIn(server, page, 'caixa@demo.com');
      await page.goto(`${server.demoUrl}/vendas`);
      await tillReady(page);
      // A sale under way: a customer and three lines, the toasts gone, no focus ring.
      await page.getByPlaceholder('Buscar cliente por nome ou CPF...').fill('Ana');
      await page.getByRole('listbox').getByRole('option').first().click();
      await page.getByText(/Cliente selecionado:/).waitFor();
      const search = page.getByPlaceholder('Buscar produto por código ou nome...');
      for (const [query, quantity] of LINES) {
        await search.fill(query);
        await page.getByRole('listbox').getByRole('option').first().click();
        await page.getByLabel('Quantidade', { exact: true }).fill(String(quantity));
        await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
      }
      await page.waitForFunction(
        (n) => document.querySelectorAll('table[aria-label="Itens da Venda"] tbody tr').length === n,
        LINES.length,
      );
      await page.getByText('Produto adicionado').first().waitFor({ state: 'hidden', timeout: 20_000 });
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.mouse.move(shot.width / 2, 130); // no button left in its hover colour
      await page
        .locator('main')
        .evaluate((main, end) => main.scrollTo(0, end ? main.scrollHeight : 0), shot.scrollToEnd);
      await page.screenshot({ path: shot.file, fullPage: false });
      console.log(shot.file);
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
}
