// Every screen of the route table at 360 px, in the real Chromium against the real server,
// as the admin on the demo store (with its data): nothing inside <main> passes the right
// edge of the screen (a button row wraps instead), and the sign-in screen fits too.
// Screenshots in test-results/e2e.
import { describe, expect, it } from 'vitest';
import { SCREEN_ROUTES } from '../../src/app/app/router/route-table';
import { openBrowser, screenshot, type Page } from './support/browser';
import { goTo } from './support/layout';
import { signIn } from './support/till';
import { fileServer } from './support/suite';

const server = fileServer();
const PHONE = { width: 360, height: 740 };

/** The screen has drawn: its h1 is there and nothing says 'Carregando...'. */
async function settled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
  await page
    .locator('main')
    .getByText('Carregando...', { exact: true })
    .first()
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => undefined);
  await page.waitForTimeout(250);
}

/**
 * The elements inside `scope` whose right edge is past the screen's, each once (not its
 * children as well): hidden text (sr-only) aside.
 */
function pastRightEdge(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    const reported: Element[] = [];
    const root = document.querySelector(selector);
    if (!root) return [`${selector} não encontrado`];
    for (const el of root.querySelectorAll('*')) {
      if (!(el instanceof HTMLElement || el instanceof SVGElement)) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || box.right <= window.innerWidth + 0.5) continue;
      if (reported.some((outer) => outer.contains(el))) continue;
      reported.push(el);
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      found.push(`${el.tagName.toLowerCase()} '${text}' até ${Math.round(box.right)}px`);
    }
    return found;
  }, scope);
}

describe('todas as rotas a 360 px', () => {
  it('nada dentro de main passa da borda direita da tela, em nenhuma tela', async () => {
    const browser = await openBrowser(PHONE);
    const found: string[] = [];
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await page.goto(`${server.demoUrl}/login`);
      await page.getByText('Loja Demo').first().waitFor();
      for (const problem of await pastRightEdge(page, 'body')) found.push(`/login: ${problem}`);
      await screenshot(page, 'rotas-360-login');
      await signIn(server, page, 'admin@demo.com');
      for (const route of SCREEN_ROUTES) {
        const path = `/${route.segment}`;
        await goTo(page, path);
        await settled(page);
        for (const problem of await pastRightEdge(page, 'main')) found.push(`${path}: ${problem}`);
        await screenshot(page, `rotas-360-${route.segment || 'dashboard'}`);
      }
    } finally {
      await browser.close();
    }
    expect(found).toEqual([]);
  });
});
