// The JavaScript a browser loads (Chromium), gzip -9 of every script response:
//  - 'js': a fresh load of /vendas after sign-in, with no service worker (every script
//    comes from the network, none from a cache), beside the aim of 180 KB gzip;
//  - 'js-pages': /login, then /produtos in a second page after sign-in.
import { gzipSync } from 'node:zlib';
import { openBrowser, type Page } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';
import { prepareContext, signIn } from './lib/browser';
import { verdict, type BenchPart } from './lib/report';
import { using, withServer } from './lib/resources';
import { fmt } from './lib/stats';

const AIM_VENDAS_GZIP_KB = 180;

interface JsResult {
  files: number;
  raw: number;
  gzip: number;
  largest: { file: string; gzip: number }[];
}

/** The server and a browser on it, both closed afterwards. */
function withServerAndBrowser<T>(
  fn: (server: Awaited<ReturnType<typeof startServer>>, browser: Awaited<ReturnType<typeof openBrowser>>) => Promise<T>,
): Promise<T> {
  return withServer(
    () => startServer(),
    (server) =>
      using(
        () => openBrowser(),
        (browser) => browser.close(),
        (browser) => fn(server, browser),
      ),
  );
}

function vendasJs(): Promise<JsResult> {
  return withServerAndBrowser(async (server, { context }) => {
    await prepareContext(context);
    // No service worker (its precache would serve the second load), no mirror pulls
    // (not JavaScript, and not what is measured here).
    await context.route('**/sw.js', (route) => route.abort());
    await context.route('**/api/sync/pull**', (route) => route.abort());
    const login = await context.newPage();
    await signIn(login, server, 'caixa@demo.com');
    await login.close();
    const page = await context.newPage();
    await page.route('**/*', (route) => route.continue()); // bypasses the HTTP cache
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') {
        bodies.set(
          res.url(),
          res.body().catch(() => Buffer.alloc(0)),
        );
      }
    });
    await page.goto(`${server.demoUrl}/vendas`, { waitUntil: 'networkidle' });
    await page.getByText('PDV - Ponto de Venda').waitFor();
    const files = await Promise.all(
      [...bodies].map(async ([url, body]) => {
        const buffer = await body;
        return { file: new URL(url).pathname, raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length };
      }),
    );
    if (files.some((f) => f.raw === 0)) throw new Error('um script veio vazio: medida inválida');
    return {
      files: files.length,
      raw: files.reduce((a, f) => a + f.raw, 0),
      gzip: files.reduce((a, f) => a + f.gzip, 0),
      largest: files
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 4)
        .map((f) => ({ file: f.file, gzip: f.gzip })),
    };
  });
}

interface PageJs {
  route: string;
  files: number;
  raw: number;
  gzip: number;
}

function pagesJs(): Promise<PageJs[]> {
  return withServerAndBrowser(async (server, browser) => {
    const out: PageJs[] = [];
    // One collector per page: every script response that page received.
    const collect = (p: Page) => {
      const bodies = new Map<string, Buffer>();
      p.on('response', async (res) => {
        if (res.request().resourceType() === 'script')
          bodies.set(res.url(), await res.body().catch(() => Buffer.alloc(0)));
      });
      return (route: string) => {
        const all = [...bodies.values()];
        const raw = all.reduce((a, b) => a + b.length, 0);
        const gzip = all.reduce((a, b) => a + gzipSync(b, { level: 9 }).length, 0);
        return { route, files: all.length, raw, gzip };
      };
    };
    const page = await browser.context.newPage();
    const loginScripts = collect(page);
    await page.goto(`${server.demoUrl}/login`, { waitUntil: 'networkidle' });
    out.push(loginScripts('/login'));
    // Sign in, then open /produtos in a fresh page and count every script it loads.
    await page.getByLabel('E-mail').fill('admin@demo.com');
    await page.getByLabel('Senha').fill('demo123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${server.demoUrl}/`);
    const second = await browser.context.newPage();
    const productScripts = collect(second);
    await second.goto(`${server.demoUrl}/produtos`, { waitUntil: 'networkidle' });
    out.push(productScripts('/produtos'));
    return out;
  });
}

export const vendasJsPart: BenchPart = {
  name: 'js',
  title: 'JavaScript de /vendas (gzip -9, sem service worker)',
  budgetMin: 5,
  async run(ctx) {
    const js = await ctx.step('JS de /vendas', vendasJs);
    if (!js) return;
    const kb = js.gzip / 1024;
    ctx.row({
      medida: `JS de /vendas (${js.files} arquivos)`,
      resultado:
        `${fmt(kb)} KB gzip -9 (${fmt(js.raw / 1024)} KB) · maiores: ` +
        js.largest.map((f) => `${f.file.replace(/^\/assets\//, '')} ${fmt(f.gzip / 1024)} KB`).join(', '),
      meta: `< ${AIM_VENDAS_GZIP_KB} KB gzip`,
      situação: verdict(kb < AIM_VENDAS_GZIP_KB),
    });
  },
};

export const pagesJsPart: BenchPart = {
  name: 'js-pages',
  title: 'JavaScript de /login e /produtos (gzip -9)',
  budgetMin: 5,
  async run(ctx) {
    for (const j of (await ctx.step('JS de /login e /produtos', pagesJs)) ?? []) {
      ctx.note(`JS de ${j.route} (${j.files} arquivos)`, `${fmt(j.gzip / 1024)} KB gzip -9 (${fmt(j.raw / 1024)} KB)`);
    }
  },
};
