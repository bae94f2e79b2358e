// The till's first mirror in Chromium: the cashier signs in (mirror pulls held back
// meanwhile), then /vendas is opened and timed until IndexedDB holds every product with
// 'mirror.complete' set, and until the till's product search answers (no longer busy).
import { waitForServiceWorker, type BrowserContext, type Page } from '../tests/e2e/support/browser';
import { idbProductCount, idbRead } from '../tests/e2e/support/idb';
import type { RunningServer } from '../tests/e2e/support/server';
import { signIn } from './lib/browser';
import { withTimeout } from './lib/resources';

export const PRODUCT_SEARCH = 'Buscar produto por código ou nome...';

/** Whether a pull reached the end of the change log (one cheap read: counting 50,000 rows is not). */
async function mirrorComplete(page: Page): Promise<boolean> {
  return (await idbRead<{ value?: unknown }>(page, 'meta', 'get', 'mirror.complete'))?.value === true;
}

export interface MirrorResult {
  expected: number;
  mirrored: number;
  mirrorS: number;
  readyS: number;
  pulls: number;
  pullBytes: number;
  pullRequestS: number;
}

export async function firstMirror(context: BrowserContext, server: RunningServer, expected: number) {
  // Sign in with the mirror's pulls held back, so the catalogue starts loading only when
  // /vendas is opened (the shell is installed by then, as on a tablet that has the app).
  const held = '**/api/sync/pull**';
  await context.route(held, (route) => route.abort());
  const login = await context.newPage();
  await signIn(login, server, 'caixa@demo.com');
  await withTimeout(waitForServiceWorker(login), 60_000, 'service worker');
  const before = await idbProductCount(login);
  await login.close();
  await context.unroute(held);
  if (before !== 0) throw new Error(`o espelho já tinha ${before} produtos antes de abrir /vendas`);

  const page = await context.newPage();
  const pulls: { start: number; end: number; bytes: number }[] = [];
  page.on('requestfinished', (request) => {
    if (!request.url().includes('/api/sync/pull')) return;
    const timing = request.timing();
    void request
      .sizes()
      .then((s) =>
        pulls.push({ start: timing.startTime, end: timing.startTime + timing.responseEnd, bytes: s.responseBodySize }),
      )
      .catch(() => undefined);
  });
  const t0 = Date.now();
  await page.goto(`${server.demoUrl}/vendas`, { waitUntil: 'commit' });
  const deadline = t0 + 300_000;
  let mirrored = 0;
  let mirrorS = 0;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`espelho incompleto após 300 s: ${mirrored} de ${expected}`);
    await new Promise((r) => setTimeout(r, 50));
    if (!(await mirrorComplete(page))) continue;
    // Timed before the count, which reads every chunk: it checks, it is not the mirror's time.
    const complete = Date.now();
    mirrored = await idbProductCount(page);
    if (mirrored < expected) continue;
    mirrorS = (complete - t0) / 1000;
    break;
  }
  // The search is on screen at once; it answers once it no longer says 'Carregando...'.
  await page.locator(`input[placeholder="${PRODUCT_SEARCH}"]:not([aria-busy="true"])`).waitFor({ timeout: 120_000 });
  const readyS = (Date.now() - t0) / 1000;
  const mirror: MirrorResult = {
    expected,
    mirrored,
    mirrorS,
    readyS,
    pulls: pulls.length,
    pullBytes: pulls.reduce((a, p) => a + p.bytes, 0),
    pullRequestS: pulls.reduce((a, p) => a + (p.end - p.start), 0) / 1000,
  };
  return { page, mirror };
}
