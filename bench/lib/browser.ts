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

/** Signs in, then empties the HTTP cache, the service worker, its caches and IndexedDB. */
export async function signedInButCold(context: BrowserContext, server: RunningServer): Promise<void> {
  const page = await context.newPage();
  await signIn(page, server, 'caixa@demo.com');
  // The app registers its service worker after the first paint: let it finish installing,
  // and leave the origin, before clearing, or it installs again after the clear and serves
  // Lighthouse's "cold" load from its precache.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: server.demoUrl,
    storageTypes: 'service_workers,cache_storage,indexeddb',
  });
  await cdp.send('Network.clearBrowserCache');
}
