// Chromium pieces the browser parts share (tests/e2e/support/browser.ts opens it).
import type { BrowserContext, Page } from '../../tests/e2e/support/browser';
import type { RunningServer } from '../../tests/e2e/support/server';
import { PASSWORD } from './catalogue';

export async function signIn(page: Page, server: RunningServer, email: string): Promise<void> {
  await page.goto(`${server.demoUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${server.demoUrl}/`);
}

/** tsx (esbuild keepNames) wraps named functions in __name(): give the page a no-op one. */
export async function prepareContext(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  context.setDefaultTimeout(30_000);
}
