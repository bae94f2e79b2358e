// Serves the built PWA from dist/: hashed files under /assets are immutable for a year;
// everything else (index.html, sw.js, manifest, icons) is revalidated every time, so a new
// version (and its service worker) is seen at the next open.
// The build writes a .br and a .gz beside every text file (scripts/precompress.mjs): the
// one the browser accepts is sent with Content-Encoding, and every answer says
// Vary: Accept-Encoding. Any other GET outside /api and /health falls back to index.html
// (client-side routes): an address with a page of its own in dist/routes (written by the
// build: index.html plus a modulepreload of its screen's chunks) gets that page, so the
// browser fetches the screen's code alongside the entry. robots.txt keeps search engines
// out of a private back office.
import { existsSync, readdirSync } from 'node:fs';
import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './errors';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_NO_CACHE = 'no-cache';
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /';

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/') || path === '/health' || path.startsWith('/health/');
}

/** The first segment of each address with its own page (dist/routes/<segment>.html). */
function routePages(distDir: string): Set<string> {
  const dir = `${distDir}/routes`;
  if (!existsSync(dir)) return new Set();
  return new Set(
    readdirSync(dir)
      .filter((name) => name.endsWith('.html'))
      .map((name) => name.slice(0, -'.html'.length)),
  );
}

/** The page answering a client-side address: its own, or index.html. */
export function pageFor(path: string, pages: ReadonlySet<string>): string {
  const segment = path.split('/')[1] ?? '';
  return pages.has(segment) ? `routes/${segment}.html` : 'index.html';
}

export async function registerStatic(app: FastifyInstance, distDir: string | null | undefined): Promise<void> {
  const hasApp = !!distDir && existsSync(`${distDir}/index.html`);
  const pages = hasApp ? routePages(distDir) : new Set<string>();
  app.get('/robots.txt', async (_request, reply) =>
    reply.header('cache-control', CACHE_NO_CACHE).type('text/plain; charset=utf-8').send(ROBOTS_TXT),
  );
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      preCompressed: true,
      // The ETag is the validator of what is revalidated (the page, the worker); Last-Modified
      // would say it twice, and no file here is fetched in ranges: ~70 bytes less on each of
      // the dozen answers of a first open, on a phone's connection.
      lastModified: false,
      acceptRanges: false,
      setHeaders(reply, path) {
        const rel = relative(distDir, path).split(sep).join('/');
        reply.header('cache-control', rel.startsWith('assets/') ? CACHE_IMMUTABLE : CACHE_NO_CACHE);
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing hashed asset must stay a 404: answering it with HTML would poison caches.
    if (hasApp && wantsPage && !isApiPath(path) && !path.startsWith('/assets/')) {
      return reply
        .header('cache-control', CACHE_NO_CACHE)
        .type('text/html; charset=utf-8')
        .sendFile(pageFor(path, pages));
    }
    return sendError(reply, 404, 'NOT_FOUND', `Rota não encontrada: ${request.method} ${path}`);
  });
}
