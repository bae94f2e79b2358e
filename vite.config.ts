import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import type { OutputAsset, OutputChunk } from 'rolldown';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressDir } from './scripts/precompress.mjs';
import { LAYOUT, LOGIN_SCREEN, SCREEN_ROUTES } from './src/app/app/router/route-table';

const API_PORT = Number(process.env.API_PORT ?? 3001);

/**
 * A plugin of the production build that runs after the others; `dirs` holds the app's
 * root and the output folder once the config is resolved.
 */
function afterBuild(name: string, hooks: (dirs: { root: string; outDir: string }) => Omit<Plugin, 'name'>): Plugin {
  const dirs = { root: '', outDir: '' };
  return {
    name,
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      dirs.root = config.root;
      dirs.outDir = resolve(config.root, config.build.outDir);
    },
    ...hooks(dirs),
  };
}

/**
 * Brotli and gzip copies of every text file of dist/, written after everything else
 * (the service worker included: its closeBundle runs before this one).
 */
function precompress(): Plugin {
  return afterBuild('balcao:precompress', (dirs) => ({
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        const t = precompressDir(dirs.outDir);
        this.info(
          `${t.files} arquivos comprimidos: br ${(t.brotli / 1024).toFixed(0)} KB, gzip ${(t.gzip / 1024).toFixed(0)} KB`,
        );
      },
    },
  }));
}

/**
 * The screens each address opens (lazy-screens.ts: /login, and the layout with the screen),
 * by the address's first segment, from src/app, as the route table lists them. The
 * dashboard ('/') has none: fastify-static answers '/' with index.html itself.
 */
const ROUTE_SCREENS: Record<string, string[]> = Object.fromEntries([
  [LOGIN_SCREEN.segment, [LOGIN_SCREEN.module]],
  ...SCREEN_ROUTES.filter((route) => route.segment !== '').map((route) => [
    route.segment,
    [LAYOUT.module, route.module],
  ]),
]);

/**
 * dist/routes/<segment>.html: index.html plus a modulepreload of every chunk its screens
 * need beyond the entry's. The server answers an address with its page (static.ts), so a
 * phone fetches the screen's chunks alongside the entry instead of after the entry has
 * been downloaded and run (on /vendas, ~0.5 s of Lighthouse's mobile LCP). The service
 * worker keeps only index.html: installed, every chunk is already on the device.
 */
function routePages(): Plugin {
  return afterBuild('balcao:route-pages', (dirs) => ({
    generateBundle(_options, bundle) {
      const html = bundle['index.html'] as OutputAsset | undefined;
      if (!html) return; // the service worker's own build
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** A chunk and every chunk it imports statically. */
      const closure = (chunk: OutputChunk, seen = new Set<string>()): Set<string> => {
        if (seen.has(chunk.fileName)) return seen;
        seen.add(chunk.fileName);
        for (const file of chunk.imports) closure(byFile.get(file)!, seen);
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('o chunk de entrada não foi encontrado');
      const initial = closure(entry);
      for (const [segment, screens] of Object.entries(ROUTE_SCREENS)) {
        const files = new Set<string>();
        for (const screen of screens) {
          const id = resolve(dirs.root, screen);
          const chunk = chunks.find((c) => c.facadeModuleId === id);
          if (!chunk) this.error(`nenhum chunk para ${screen} (rota ${segment})`);
          for (const file of closure(chunk)) if (!initial.has(file)) files.add(file);
        }
        const links = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
        const page = String(html.source);
        if (!page.includes('</head>')) this.error('index.html sem </head>');
        this.emitFile({
          type: 'asset',
          fileName: `routes/${segment}.html`,
          source: page.replace('</head>', `${links}</head>`),
        });
      }
    },
  }));
}

/**
 * What a first open runs before its first paint, from the module graph once it is built:
 * the entry's static imports (every page), those of /login's screen, and those of the
 * till's (the layout and Nova Venda). The code-splitting groups below read it.
 * `starters`: the entry's modules that ask for a later chunk (the screens' lazy imports,
 * the offline runtime's) and every module of the entry that imports one of them: they stay
 * in the entry chunk, which is then the one that starts those loads, and no group chunk
 * below imports the entry back.
 */
function firstPaint() {
  const entry = new Set<string>();
  const starters = new Set<string>();
  const login = new Set<string>();
  const screens = new Set<string>();
  const needsDevice = new Set<string>();
  const opening = new Set<string>();
  const plugin: Plugin = {
    name: 'balcao:first-paint',
    apply: 'build',
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      /** `roots` and what they import statically, not looking past a module `stop` matches. */
      const closure = (roots: string[], into: Set<string>, stop = /$^/) => {
        const queue = [...roots];
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (into.has(id) || !info(id)) continue;
          into.add(id);
          if (!stop.test(id)) queue.push(...info(id)!.importedIds);
        }
      };
      closure(
        [...this.getModuleIds()].filter((id) => info(id)?.isEntry),
        entry,
      );
      const queue = [...entry].filter((id) => info(id)!.dynamicallyImportedIds.length > 0);
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (starters.has(id) || !entry.has(id)) continue;
        starters.add(id);
        queue.push(...info(id)!.importers);
      }
      const root = resolve(import.meta.dirname, 'src/app');
      const till = SCREEN_ROUTES.find((route) => route.segment === TILL_SEGMENT);
      if (!till) this.error(`nenhuma tela em /${TILL_SEGMENT}`);
      closure([resolve(root, LOGIN_SCREEN.module)], login);
      // What only the device's modules import comes with them ('device' below).
      closure(
        [LAYOUT.module, till.module].map((module) => resolve(root, module)),
        screens,
        DEVICE,
      );
      // Everything those screens and the offline runtime import statically, the device's
      // modules included: what a first open of the till loads. A device module outside it
      // (a return's, a payout's, a caixa's close...) waits for the screen or dialog that
      // imports it.
      closure(
        [LAYOUT.module, till.module, OFFLINE_RUNTIME_MODULE].map((module) => resolve(root, module)),
        opening,
      );
      // The shared modules of those screens that import the device's (a component reading
      // IndexedDB through offline/hooks): with the device, never with /login. (The few
      // offline/ modules the entry itself runs, such as screen-painted.ts, stay with it.)
      const reaching = [...screens].filter((id) => DEVICE.test(id));
      while (reaching.length > 0) {
        const id = reaching.pop()!;
        if (needsDevice.has(id) || !screens.has(id) || entry.has(id)) continue;
        needsDevice.add(id);
        reaching.push(...info(id)!.importers);
      }
    },
  };
  return { plugin, entry, starters, login, screens, needsDevice, opening };
}

/** The address a first open is measured on (bench/lighthouse.ts): the till. */
const TILL_SEGMENT = 'vendas';
const first = firstPaint();
const COMPONENT = /src[\\/]app[\\/]components[\\/]/;
/** A screen's own modules (its feature folder, the layout): they stay in the screen's chunk. */
const SCREEN_OWN = /src[\\/]app[\\/](features|layout)[\\/]/;
/** The device's storage and the counter's rules: Dexie comes with them. */
const DEVICE = /src[\\/]app[\\/](offline|counter)[\\/]|node_modules[\\/]dexie/;
/** The NFC-e builder and signer the till loads when it first makes a note itself (finish-sale.ts). */
const TILL_NOTE = /src[\\/]app[\\/]counter[\\/]contingency-(sale|note)\.ts$/;
/** Loaded on its own after the first paint (load-offline-runtime.ts); it imports the rest. */
const OFFLINE_RUNTIME = /src[\\/]app[\\/]offline[\\/]offline-runtime\.ts$/;
const OFFLINE_RUNTIME_MODULE = 'offline/offline-runtime.ts';

export default defineConfig({
  root: 'src/app',
  publicDir: '../../public',
  resolve: {
    // Dexie's modern build (same version and source, modern syntax) instead of its ES5
    // one: 1.7 KB less gzip on every page. Vite still lowers syntax to build.target, and
    // the whole bundle (app and service worker) resolves 'dexie' to this one module.
    // React Router's package sends bundlers its development build (its exports have no
    // 'production' condition): its production one instead, without the dev-only warnings.
    alias: [
      { find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' },
      {
        find: /^react-router$/,
        replacement: resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs'),
      },
    ],
  },
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    // No source maps in dist/: the server would publish them beside the app.
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Four groups besides the entry, each chunk taking its modules' dependencies not
          // taken by a group before it (includeDependenciesRecursively, the default), so a
          // chunk never imports one of a later group: no import cycle between chunks, whose
          // evaluation order would break the app's start.
          // - 'ui': what every page runs before its first paint (the entry's imports: React,
          //   the router, the session, zod), but for the modules that start a later chunk
          //   (they stay in the entry), and what /login draws: one chunk with the entry
          //   instead of a chunk of 0.3 to 1.5 KB each that a screen asks for only once the
          //   entry has run.
          // - 'till': what the till draws first that is neither a screen's own nor needs the
          //   device (shared components, src/shared, lib/): /login does without it.
          // - 'device': Dexie, the device's storage, the sync engine and the counter's rules
          //   (and the till's shared modules that import them), in one chunk: a signed-in
          //   screen loads it (/login never does); before, /vendas asked for ~15 small
          //   chunks of them.
          // - 'ui-more': the other shared components (receipts, the calendar, the accounts'
          //   tables, the return dialog): the other screens' and the till's dialogs.
          groups: [
            {
              name: 'ui',
              test: (id) =>
                !first.starters.has(id) && (first.entry.has(id) || (first.login.has(id) && !SCREEN_OWN.test(id))),
              priority: 4,
            },
            {
              name: 'till',
              test: (id) =>
                first.screens.has(id) && !SCREEN_OWN.test(id) && !first.needsDevice.has(id) && !first.starters.has(id),
              priority: 3,
            },
            {
              name: 'device',
              test: (id) =>
                (DEVICE.test(id) || (first.needsDevice.has(id) && !SCREEN_OWN.test(id))) &&
                (first.opening.has(id) || !/src[\\/]app[\\/]/.test(id)) &&
                !OFFLINE_RUNTIME.test(id) &&
                !TILL_NOTE.test(id) &&
                !first.starters.has(id),
              priority: 2,
            },
            { name: 'ui-more', test: COMPONENT, priority: 1 },
          ],
        },
      },
    },
  },
  plugins: [
    first.plugin,
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '../../sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // Only the install dialog shows these: not worth every device's offline cache.
        globIgnores: ['screenshots/**', 'routes/**'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        sourcemap: false,
      },
      manifest: {
        name: 'Balcão — Sistema de Gestão',
        short_name: 'Balcão',
        description: 'Gestão de loja e ponto de venda que funciona sem internet',
        lang: 'pt-BR',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#1d4ed8',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // The install dialog's pictures (scripts/render-screenshots.ts takes them).
        screenshots: [
          {
            src: '/screenshots/nova-venda-narrow.png',
            sizes: '412x900',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Nova Venda no celular',
          },
          {
            src: '/screenshots/nova-venda-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Nova Venda no tablet ou computador',
          },
        ],
        shortcuts: [
          {
            name: 'Nova Venda',
            url: '/vendas',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Contas a Receber',
            url: '/receber',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
        // A second launch (or a shortcut) focuses the open window instead of opening another.
        launch_handler: { client_mode: 'focus-existing' },
      },
      devOptions: { enabled: false },
    }),
    routePages(),
    precompress(),
  ],
  server: {
    port: Number(process.env.PORT ?? 5173),
    host: true,
    allowedHosts: true,
    proxy: {
      '/api': `http://127.0.0.1:${API_PORT}`,
      '/health': `http://127.0.0.1:${API_PORT}`,
    },
  },
});
