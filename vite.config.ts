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

export default defineConfig({
  root: 'src/app',
  publicDir: '../../public',
  resolve: {
    // Dexie's modern build (same version and source, modern syntax) instead of its ES5
    // one: 1.7 KB less gzip on every page. Vite still lowers syntax to build.target, and
    // the whole bundle (app and service worker) resolves 'dexie' to this one module.
    alias: [{ find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' }],
  },
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The shared UI components (button, dialog, field, ...) in one chunk loaded with
          // the entry, instead of a chunk of 0.3 to 1.5 KB each that a screen asks for
          // only once the entry has run: /vendas waited on 15 requests, six at a time on a
          // phone's HTTP/1.1, and now on 5. The chunk takes the components' dependencies
          // with it (includeDependenciesRecursively, the default: React, react-dom, zod,
          // src/shared), so it imports nothing back from the entry: no import cycle
          // between chunks, whose evaluation order would break the app's start.
          groups: [{ name: 'ui', test: /src[\\/]app[\\/]components[\\/]/ }],
        },
      },
    },
  },
  plugins: [
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
