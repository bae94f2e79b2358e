// Opening /receber offline from the cache, in Chromium: the admin signs in, opens
// /receber online (its answers go to the persisted query cache, db.queryCache), the
// browser goes offline, the page is closed and /receber is opened again, timed inside
// the page from the navigation's start until the first row of its table (two cells or
// more: not an empty-state line) is in the DOM. While /receber is still the placeholder
// screen, it says so instead.
import { openBrowser, waitForServiceWorker, type Page } from '../tests/e2e/support/browser';
import { idbKeys } from '../tests/e2e/support/idb';
import type { RunningServer } from '../tests/e2e/support/server';
import { prepareContext, signIn } from './lib/browser';
import { using, withTimeout } from './lib/resources';

const PLACEHOLDER = 'Esta tela chega na próxima versão do Balcão.';
const ROW = 'table tbody tr:has(td + td)';
const OPENS = 5;

export type OfflineOpen =
  { status: 'placeholder' } | { status: 'measured'; ms: number[]; cachedQueries: number; rows: number };

/** Every page records when its first table row appeared (performance.now(), from navigation start). */
const FIRST_ROW_SCRIPT = `(() => {
  const seen = () => document.querySelector(${JSON.stringify(ROW)}) !== null;
  new MutationObserver((_, observer) => {
    if (!globalThis.__firstRowAt && seen()) { globalThis.__firstRowAt = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
})();`;

/** Persisted queries whose key names receivables (the screen's list, statistics, overdue). */
async function cachedReceivableQueries(page: Page): Promise<number> {
  return (await idbKeys(page, 'queryCache')).filter((k) => /receiv|receber/i.test(k)).length;
}

export function receivablesOffline(server: RunningServer, route = '/receber'): Promise<OfflineOpen> {
  return using(
    () => openBrowser(),
    (browser) => browser.close(),
    async ({ context }) => {
      await prepareContext(context);
      await context.addInitScript({ content: FIRST_ROW_SCRIPT });
      let page = await context.newPage();
      await signIn(page, server, 'admin@demo.com');
      await withTimeout(waitForServiceWorker(page), 60_000, 'service worker');
      await page.goto(`${server.demoUrl}${route}`);
      const placeholder = page.getByText(PLACEHOLDER);
      await placeholder.or(page.locator(ROW).first()).first().waitFor({ timeout: 60_000 });
      if (await placeholder.isVisible()) return { status: 'placeholder' };
      const rows = await page.locator(ROW).count();
      // The cache is written a second after the answers (QUERY_PERSIST_THROTTLE_MS).
      let cachedQueries = 0;
      for (let waited = 0; waited < 10_000 && cachedQueries === 0; waited += 250) {
        await new Promise((r) => setTimeout(r, 250));
        cachedQueries = await cachedReceivableQueries(page);
      }
      await new Promise((r) => setTimeout(r, 1_500));
      await context.setOffline(true);
      try {
        const ms: number[] = [];
        for (let i = 0; i < OPENS; i++) {
          await page.close();
          page = await context.newPage();
          await page.goto(`${server.demoUrl}${route}`, { waitUntil: 'commit' });
          await page.waitForFunction(() => (globalThis as { __firstRowAt?: number }).__firstRowAt, null, {
            timeout: 30_000,
          });
          ms.push(await page.evaluate(() => (globalThis as { __firstRowAt?: number }).__firstRowAt ?? NaN));
        }
        return { status: 'measured', ms, cachedQueries, rows };
      } finally {
        await context.setOffline(false);
      }
    },
  );
}
