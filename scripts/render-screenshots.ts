// Takes the install dialog's screenshots of the web app manifest (public/screenshots):
// Nova Venda with a sale under way, on a phone (narrow) and on a wide screen, from the
// built app served by the real server, in the system Chromium. Run after a visible change
// to Nova Venda (`npx vite build && npx tsx scripts/render-screenshots.ts`); the PNGs are
// committed.
import { mkdirSync } from 'node:fs';
import { openBrowser } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';
import { signIn } from '../tests/e2e/support/till';

const SHOTS = [
  { file: 'public/screenshots/nova-venda-narrow.png', width: 412, height: 900 },
  { file: 'public/screenshots/nova-venda-wide.png', width: 1280, height: 800 },
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
      await page.getByText('PDV - Ponto de Venda').waitFor();
      const search = page.getByPlaceholder('Buscar produto por código ou nome...');
      await search.fill('CAM');
      await page.getByRole('option').first().click();
      await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
      await page.getByRole('table', { name: 'Itens da Venda' }).waitFor();
      await page.getByText('Produto adicionado').first().waitFor({ state: 'hidden', timeout: 20_000 });
      await page.screenshot({ path: shot.file, fullPage: false });
      console.log(shot.file);
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
}
