// First open on a phone: Lighthouse 12, mobile preset (its default: Moto G
// Power screen, 4x CPU slowdown, slow 4G simulated), cold (empty HTTP cache, no service
// worker), the production build served by the real server, on /login and on /vendas
// signed in as the cashier; the bytes over the wire of that first /vendas; and the time
// from launching the browser to a usable till on an installed app (service worker and
// catalogue already there, browser process cold).
//
// Each page is audited BENCH_LIGHTHOUSE_RUNS times (5), alternated, and judged on the median.
// Lighthouse is not a dependency of the project (Lighthouse 13 needs Node 22):
//   npm install --prefix /tmp/lh lighthouse@12
// BENCH_LIGHTHOUSE=<path to lighthouse/core/index.js> points elsewhere. Without it, the
// part says so and is skipped. BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each full report.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/browser';
import { freePort, startServer, type RunningServer } from '../tests/e2e/support/server';
import { prepareContext, signedInButCold, signIn } from './lib/browser';
import { verdict, type BenchPart } from './lib/report';
import { using, withServer } from './lib/resources';
import { fmt, median } from './lib/stats';
import { PRODUCT_SEARCH } from './till-mirror';

const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE ?? '/tmp/lh/node_modules/lighthouse/core/index.js';
/** A folder for the full reports (long tasks, bootup time per script), when set. */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
const AIM = { performance: 90, accessibility: 100, vendasKb: 200 };
/**
 * Runs per page, each from a fresh browser profile: a score moves by several points from
 * run to run on the same build (the simulated 4x CPU scales whatever the machine did), so
 * the verdict is on the median, as Lighthouse's own guidance on variability asks.
 */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5) || 5);

interface LighthouseResult {
  lhr: {
    lighthouseVersion: string;
    /** set when the run failed (e.g. NO_NAVSTART): its scores are null, not zero */
    runtimeError?: { code: string; message: string };
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
    runWarnings: string[];
  };
}
type RunLighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;

interface PageScore {
  route: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  bytes: number;
}

/** A Chromium on a profile directory, with its DevTools port open for Lighthouse. */
async function launch(profile: string, port: number): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    headless: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  await prepareContext(context);
  return context;
}

function withProfile<T>(fn: (profile: string) => Promise<T>): Promise<T> {
  return using(
    async () => mkdtempSync(join(tmpdir(), 'balcao-lh-')),
    async (dir) => rmSync(dir, { recursive: true, force: true }),
    fn,
  );
}

function withContext<T>(profile: string, port: number, fn: (context: BrowserContext) => Promise<T>): Promise<T> {
  return using(
    () => launch(profile, port),
    (context) => context.close(),
    fn,
  );
}

/** One audit of `url`; null when Lighthouse failed to measure it (left out of the median). */
async function audit(run: RunLighthouse, url: string, port: number, keepStorage: boolean): Promise<PageScore | null> {
  const result = await run(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // Signed in: the session in localStorage stays; everything else was cleared before.
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse não devolveu resultado para ${url}`);
  if (REPORTS) {
    const file = join(REPORTS, `lighthouse${new URL(url).pathname.replace(/\//g, '-')}.json`);
    writeFileSync(file, JSON.stringify(result.lhr));
    console.log(`  relatório completo: ${file}`);
  }
  const { categories, audits, runWarnings, runtimeError } = result.lhr;
  if (runWarnings.length) console.log(`  avisos do Lighthouse (${url}): ${runWarnings.join(' | ')}`);
  if (runtimeError || categories.performance?.score == null) {
    console.log(`  execução descartada (${url}): ${runtimeError?.code ?? 'sem nota de desempenho'}`);
    return null;
  }
  const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
  const value = (name: string) => audits[name]?.numericValue ?? Number.NaN;
  return {
    route: new URL(url).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    bytes: value('total-byte-weight'),
  };
}

/** RUNS audits of /login and of /vendas, alternated, each page's in run order. */
async function lighthouseScores(run: RunLighthouse, server: RunningServer): Promise<PageScore[][]> {
  const login: PageScore[] = [];
  const vendas: PageScore[] = [];
  const port = await freePort();
  for (let i = 0; i < RUNS; i++) {
    await withProfile((profile) =>
      withContext(profile, port, async () => {
        const page = await audit(run, `${server.demoUrl}/login`, port, false);
        if (page) login.push(page);
      }),
    );
    await withProfile((profile) =>
      withContext(profile, port, async (context) => {
        await signedInButCold(context, server);
        const page = await audit(run, `${server.demoUrl}/vendas`, port, true);
        if (page) vendas.push(page);
      }),
    );
  }
  return [login, vendas];
}

/** The till is usable when a product typed in its search is offered. */
async function tillUsable(context: BrowserContext, server: RunningServer): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${server.demoUrl}/vendas`);
  const search = page.getByPlaceholder(PRODUCT_SEARCH);
  await search.fill('CAM');
  await page.getByRole('listbox').getByRole('option').first().waitFor();
}

/** Installed (service worker, catalogue, session), then a cold browser start to the till. */
async function launchToTill(server: RunningServer): Promise<{ launchMs: number; openMs: number }[]> {
  const port = await freePort();
  return withProfile(async (profile) => {
    await withContext(profile, port, async (context) => {
      const page = await context.newPage();
      await signIn(page, server, 'caixa@demo.com');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await tillUsable(context, server);
    });
    const runs: { launchMs: number; openMs: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await withContext(profile, port, async (context) => {
        const t1 = performance.now();
        await tillUsable(context, server);
        const t2 = performance.now();
        runs.push({ launchMs: t2 - t0, openMs: t2 - t1 });
      });
    }
    return runs;
  });
}

export const lighthousePart: BenchPart = {
  name: 'lighthouse',
  title: 'Primeira abertura num celular: Lighthouse 12 (mobile, frio), bytes de /vendas, abrir até o PDV',
  budgetMin: 10,
  async run(ctx) {
    if (!existsSync(LIGHTHOUSE)) {
      ctx.note(
        'Lighthouse 12',
        `não instalado em ${LIGHTHOUSE}: parte pulada (npm install --prefix /tmp/lh lighthouse@12)`,
      );
      return;
    }
    const run = ((await import(pathToFileURL(LIGHTHOUSE).href)) as { default: RunLighthouse }).default;
    const scores = await ctx.step('Lighthouse em /login e /vendas', () =>
      withServer(
        () => startServer(),
        (server) => lighthouseScores(run, server),
      ),
    );
    for (const runs of scores ?? []) {
      if (runs.length === 0) continue;
      const route = runs[0]!.route;
      const of = (key: keyof Omit<PageScore, 'route'>) => median(runs.map((r) => r[key]));
      const performance = of('performance');
      ctx.row({
        medida: `${route}: desempenho (mediana de ${runs.length})`,
        resultado:
          `${performance} (execuções ${runs.map((r) => r.performance).join(', ')}; ` +
          `FCP ${fmt(of('fcpMs') / 1000)} s, LCP ${fmt(of('lcpMs') / 1000)} s, TBT ${fmt(of('tbtMs'))} ms)`,
        meta: `>= ${AIM.performance}`,
        situação: verdict(performance >= AIM.performance),
      });
      const accessibility = Math.min(...runs.map((r) => r.accessibility));
      ctx.row({
        medida: `${route}: acessibilidade (a menor)`,
        resultado: String(accessibility),
        meta: String(AIM.accessibility),
        situação: verdict(accessibility >= AIM.accessibility),
      });
      if (route === '/vendas') {
        const kb = of('bytes') / 1024;
        ctx.row({
          medida: '/vendas, primeira abertura: bytes transferidos (mediana)',
          resultado: `${fmt(kb)} KB`,
          meta: `< ${AIM.vendasKb} KB`,
          situação: verdict(kb < AIM.vendasKb),
        });
      }
    }
    const till = await ctx.step('abrir o app instalado até o PDV utilizável', () =>
      withServer(
        () => startServer(),
        (server) => launchToTill(server),
      ),
    );
    if (till) {
      const best = (key: 'launchMs' | 'openMs') => Math.min(...till.map((r) => r[key]));
      ctx.note(
        'app instalado, navegador frio: iniciar até o PDV utilizável (melhor de 3)',
        `${fmt(best('launchMs'))} ms (dos quais ${fmt(best('openMs'))} ms do abrir /vendas à busca respondendo)`,
      );
    }
  },
};
