// What the first open loads before it can paint, read from the built app
// the real server serves: the entry script, the modulepreloads of index.html and the
// static imports of /login's chunk carry neither Dexie nor the sync engine; those come
// after the first paint, in chunks of their own (src/app/offline/load-offline-runtime.ts),
// and only once someone is signed in: the sign-in screen never asks for them. And Nova
// Venda is drawn before its first catalogue is on the device.
import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { openBrowser, screenshot, waitForServiceWorker } from './support/browser';
import { signIn } from './support/till';
import { fileServer } from './support/suite';

/** Strings only Dexie's code has, and the sync engine's (MIRROR_LOCK_NAME). */
const DEXIE_MARK = 'DatabaseClosedError';
const SYNC_ENGINE_MARK = 'balcao-mirror-pull';

const bodies = new Map<string, string>();

const server = fileServer();

async function asset(file: string): Promise<string> {
  const known = bodies.get(file);
  if (known !== undefined) return known;
  const res = await api<string>(server, 'GET', `/assets/${file}`);
  expect(res.status, file).toBe(200);
  bodies.set(file, res.body);
  return res.body;
}

/** The chunks a script imports statically (`import ... from "./x.js"`, `import "./x.js"`). */
function staticImports(code: string): string[] {
  const found = code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([\w.-]+\.js)["']/g);
  return [...new Set([...found].map((m) => m[1]!))];
}

/** Every chunk a file name in `roots` needs before it runs. */
async function staticClosure(roots: string[]): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(await asset(file)));
  }
  return [...seen];
}

describe('a primeira abertura', () => {
  it('o primeiro chunk e os de /login não trazem o Dexie nem o motor de sincronização', async () => {
    const page = await api<string>(server, 'GET', '/login');
    expect(page.status).toBe(200);
    const html = page.body;
    const entry = /<script type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    const preloads = [...html.matchAll(/rel="modulepreload"[^>]*href="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!);
    const first = await staticClosure([entry!, ...preloads]);

    const entryCode = await asset(entry!);
    const login = /login-screen-[\w-]+\.js/.exec(entryCode)?.[0];
    expect(login, 'o chunk de /login é carregado à parte').toBeTruthy();
    const loginChunks = await staticClosure([login!]);

    for (const file of [...first, ...loginChunks]) {
      const code = await asset(file);
      expect(code.includes(DEXIE_MARK), `${file} traz o Dexie`).toBe(false);
      expect(code.includes(SYNC_ENGINE_MARK), `${file} traz o motor de sincronização`).toBe(false);
    }

    // The marks are real: the runtime loaded after the first paint has both.
    const runtime = /offline-runtime-[\w-]+\.js/.exec(entryCode)?.[0];
    expect(runtime, 'o runtime offline é um import dinâmico do primeiro chunk').toBeTruthy();
    const later = await Promise.all((await staticClosure([runtime!])).map(asset));
    expect(later.some((code) => code.includes(DEXIE_MARK))).toBe(true);
    expect(later.some((code) => code.includes(SYNC_ENGINE_MARK))).toBe(true);
  });

  it('a tela de entrada não carrega o runtime offline; entrar o carrega', async () => {
    const browser = await openBrowser({ width: 390, height: 844 });
    try {
      const page = await browser.context.newPage();
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      const runtimeAsked = () => asked.some((path) => /\/assets\/offline-runtime-[\w-]+\.js$/.test(path));

      await page.goto(`${server.demoUrl}/login`);
      await page.getByRole('button', { name: 'Entrar' }).waitFor();
      await waitForServiceWorker(page);
      await page.waitForLoadState('networkidle');
      expect(
        asked.some((path) => path.startsWith('/assets/login-screen-')),
        'a tela de entrada carregou',
      ).toBe(true);
      expect(runtimeAsked(), 'a tela de entrada pediu o runtime offline').toBe(false);

      await page.getByLabel('E-mail').fill('caixa@demo.com');
      await page.getByLabel('Senha').fill('demo123');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL(`${server.demoUrl}/`);
      await expect.poll(runtimeAsked, { timeout: 30_000 }).toBe(true);
    } finally {
      await browser.close();
    }
  });

  it('Nova Venda aparece antes do primeiro catálogo: as buscas dizem "Carregando..." e respondem quando ele chega', async () => {
    const browser = await openBrowser({ width: 390, height: 844 });
    try {
      // The catalogue's first page is held until the till has been looked at.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await browser.context.route('**/api/sync/pull**', async (route) => {
        await held;
        await route.continue().catch(() => undefined); // the page that asked may be gone
      });
      const page = await browser.context.newPage();
      // Layout shifts of the screen's own content (inside <main>), from its first paint on.
      await page.addInitScript(() => {
        const moved: string[] = [];
        (window as unknown as { __moved: string[] }).__moved = moved;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            sources?: { node?: Node | null }[];
            hadRecentInput?: boolean;
          })[]) {
            if (entry.hadRecentInput) continue;
            for (const source of entry.sources ?? []) {
              const node = source.node;
              if (node && document.querySelector('main')?.contains(node)) moved.push(node.nodeName);
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Frames rendered since the till's heading appeared, when the database was first opened.
        const w = window as unknown as { __framesAtOpen: number | null };
        w.__framesAtOpen = null;
        let frames = -1;
        const count = () => {
          frames++;
          requestAnimationFrame(count);
        };
        new MutationObserver((_, observer) => {
          if (document.querySelector('main h1')?.textContent !== 'Nova Venda') return;
          observer.disconnect();
          requestAnimationFrame(count);
        }).observe(document, { childList: true, subtree: true });
        const open = indexedDB.open.bind(indexedDB);
        indexedDB.open = (...args: Parameters<IDBFactory['open']>) => {
          w.__framesAtOpen ??= frames;
          return open(...args);
        };
      });
      await signIn(server, page, 'caixa@demo.com');
      // A phone's CPU (4x slower, as Lighthouse's mobile preset): the moments between one
      // state and the next last long enough to be painted, and to move things.
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${server.demoUrl}/vendas`);
      await page.getByRole('heading', { name: 'Nova Venda', exact: true }).waitFor();

      const search = page.getByPlaceholder('Buscar produto por código ou nome...');
      expect(await search.getAttribute('aria-busy')).toBe('true');
      expect(await page.getByPlaceholder('Buscar cliente por nome ou CPF...').getAttribute('aria-busy')).toBe('true');
      const loading = page.locator('main').getByRole('status').filter({ hasText: 'Carregando...' });
      expect(await loading.count()).toBe(2);
      expect(await page.getByRole('button', { name: 'Adicionar', exact: true }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Finalizar Venda', exact: true }).isVisible()).toBe(true);
      await screenshot(page, 'first-load-10-pdv-carregando-390');

      // Nothing typed meanwhile: a layout shift right after input would not be counted.
      release();
      await search.and(page.locator(':not([aria-busy])')).waitFor({ timeout: 30_000 });
      expect(await loading.count()).toBe(0);
      await search.fill('cam');
      await page.getByRole('listbox').getByRole('option').first().waitFor();
      expect(await page.getByRole('button', { name: 'Adicionar', exact: true }).isDisabled()).toBe(false);
      await screenshot(page, 'first-load-11-pdv-pronto-390');
      // The device's database was opened only after the till had been painted. The counter
      // is -1 until the first frame after the heading appeared runs its animation callbacks,
      // and that frame's style, layout and paint follow in the same rendering step; the
      // database is opened from a task, never from inside that step. So 0 already means
      // 'after the frame that drew Nova Venda' (a busy machine opens it before a second frame).
      expect(
        await page.evaluate(() => (window as unknown as { __framesAtOpen: number | null }).__framesAtOpen),
      ).toBeGreaterThanOrEqual(0);
      // The form never moved while its catalogue arrived.
      expect(await page.evaluate(() => (window as unknown as { __moved: string[] }).__moved)).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('cada endereço vem com os chunks da sua tela pré-carregados, e a tela usa todos', async () => {
    const preloadsOf = async (path: string) => {
      const page = await api<string>(server, 'GET', path);
      expect(page.status, path).toBe(200);
      return [...page.body.matchAll(/rel="modulepreload"[^>]*href="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!);
    };
    const browser = await openBrowser({ width: 390, height: 844 });
    try {
      const page = await browser.context.newPage();
      let asked = new Set<string>();
      page.on('request', (request) => {
        const file = /\/assets\/([\w.-]+\.js)$/.exec(new URL(request.url()).pathname)?.[1];
        if (file) asked.add(file);
      });
      const check = async (path: string, screenChunk: RegExp) => {
        const preloads = await preloadsOf(path);
        expect(
          preloads.some((file) => screenChunk.test(file)),
          `${path}: ${preloads.join(', ')}`,
        ).toBe(true);
        asked = new Set();
        await page.goto(`${server.demoUrl}${path}`);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        for (const file of preloads) expect(asked.has(file), `${path} pré-carrega ${file} e não o usa`).toBe(true);
      };
      await check('/login', /^login-screen-/);
      await signIn(server, page, 'admin@demo.com');
      const screens: [string, string][] = [
        ['/produtos', 'products'],
        ['/clientes', 'customers'],
        ['/vendas', 'sales'],
        ['/pagar', 'payables'],
        ['/receber', 'receivables'],
        ['/fluxo-caixa', 'cash-flow'],
        ['/relatorios-financeiros', 'reports'],
        ['/configuracoes', 'settings'],
        ['/conflitos', 'conflicts'],
      ];
      for (const [path, screen] of screens) {
        await check(path, new RegExp(`^${screen}-screen-`));
        expect(
          (await preloadsOf(path)).some((file) => file.startsWith('app-layout-')),
          path,
        ).toBe(true);
      }
      // Without a page of its own, an address gets index.html: the entry's modules only.
      const dashboard = await preloadsOf('/');
      expect(dashboard.some((file) => file.includes('screen-') || file.startsWith('app-layout-'))).toBe(false);
    } finally {
      await browser.close();
    }
  });
});
