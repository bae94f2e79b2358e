import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressDir } from './scripts/precompress.mjs';

const API_PORT = Number(process.env.API_PORT ?? 3001);

/**
 * Brotli and gzip copies of every text file of dist/, written after everything else
 * (the service worker included: its closeBundle runs before this one).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'balcao:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        const t = precompressDir(outDir);
        this.info(
          `${t.files} arquivos comprimidos: br ${(t.brotli / 1024).toFixed(0)} KB, gzip ${(t.gzip / 1024).toFixed(0)} KB`,
        );
      },
    },
  };
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
        globIgnores: ['screenshots/**'],
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
