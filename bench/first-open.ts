// The till's first open as a slow phone's CPU feels it, measured in the page rather than
// simulated: /vendas signed in and cold (no service worker, cache or IndexedDB, as
// Lighthouse opens it) in Chromium with its CPU 4x slower (DevTools' throttling), the
// network unthrottled, at a phone's width. Read from the page's own performance entries:
// FCP, LCP and the blocking time after FCP (each long task's time over 50 ms, summed, as
// Lighthouse's TBT counts it) until the till's searches answer and 3 s more. Beside it, the
// same measure of /login: the app's shell without the device, the floor of this work.
// Lighthouse's simulated TBT moves with the machine's load by hundreds of ms (docs/
// performance.md, 30/11); this one, alternated in the same minutes, is what a change to the
// first open is judged on.
import type { BrowserContext } from 'playwright-core';
import { openBrowser } from '../tests/e2e/support/browser';
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { prepareContext, signedInButCold } from './lib/browser';
import type { BenchPart } from './lib/report';
import { using, withServer } from './lib/resources';
import { fmt, median } from './lib/stats';

const RUNS = Math.max(1, Number(process.env.BENCH_FIRST_OPEN_RUNS ?? 9) || 9);
const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile screen (Moto G Power). */
const PHONE = { width: 412, height: 823 };
const SETTLE_MS = 3_000;

interface Open {
  fcpMs: number;
  lcpMs: number;
  blockingMs: number;
}

/** Installed before the app's first script: the entries the page reports, kept from the start. */
const OBSERVERS = `
globalThis.__firstOpen = { fcp: null, lcp: null, tasks: [] };
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) __firstOpen.tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') __firstOpen.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    __firstOpen.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
} catch {}
`;

async function openOnce(context: BrowserContext, url: string, ready: string): Promise<Open> {
  await context.addInitScript({ content: OBSERVERS });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 60_000 });
  await page.waitForTimeout(SETTLE_MS);
  const seen = await page.evaluate(
    () =>
      (globalThis as unknown as { __firstOpen: { fcp: number | null; lcp: number | null; tasks: number[][] } })
        .__firstOpen,
  );
  if (seen.fcp === null || seen.lcp === null) throw new Error(`${url}: o Chromium não informou FCP ou LCP`);
  const fcp = seen.fcp;
  const blockingMs = seen.tasks
    .filter(([start]) => start! >= fcp)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration! - 50), 0);
  return { fcpMs: fcp, lcpMs: seen.lcp, blockingMs };
}

function inFreshBrowser<T>(fn: (context: BrowserContext) => Promise<T>): Promise<T> {
  return using(
    () => openBrowser(PHONE),
    (browser) => browser.close(),
    async ({ context }) => {
      await prepareContext(context);
      return fn(context);
    },
  );
}

/** RUNS cold opens of /login and of /vendas (signed in), alternated. */
async function firstOpens(server: RunningServer): Promise<{ login: Open[]; vendas: Open[] }> {
  const login: Open[] = [];
  const vendas: Open[] = [];
  for (let i = 0; i < RUNS; i++) {
    login.push(
      await inFreshBrowser((context) => openOnce(context, `${server.demoUrl}/login`, 'button:has-text("Entrar")')),
    );
    vendas.push(
      await inFreshBrowser(async (context) => {
        await signedInButCold(context, server);
        return openOnce(context, `${server.demoUrl}/vendas`, 'input[role="combobox"]');
      }),
    );
  }
  return { login, vendas };
}

export const firstOpenPart: BenchPart = {
  name: 'first-open',
  title: `Primeira abertura de /vendas com a CPU ${CPU_SLOWDOWN}x mais lenta (medida na página, frio, ao lado de /login)`,
  budgetMin: 6,
  async run(ctx) {
    const opens = await ctx.step(`${RUNS} aberturas de /login e de /vendas, alternadas`, () =>
      withServer(
        () => startServer(),
        (server) => firstOpens(server),
      ),
    );
    if (!opens) return;
    for (const [route, runs] of [
      ['/login', opens.login],
      ['/vendas', opens.vendas],
    ] as const) {
      const of = (key: keyof Open) => median(runs.map((r) => r[key]));
      const blocking = runs.map((r) => Math.round(r.blockingMs));
      ctx.note(
        `${route}: tempo bloqueado depois do FCP (mediana de ${runs.length})`,
        `${fmt(of('blockingMs'))} ms (de ${Math.min(...blocking)} a ${Math.max(...blocking)}); ` +
          `FCP ${fmt(of('fcpMs'))} ms, LCP ${fmt(of('lcpMs'))} ms`,
      );
    }
  },
};
