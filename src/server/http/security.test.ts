// Security headers on the app HTML and the service worker (the full policy), on the assets
// and the API (a policy that allows nothing); HSTS only over TLS; unknown /api paths a JSON 404; compressed static files (built .br/.gz) and JSON
// answers above 1 KB; robots.txt.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress.mjs';
import { DEMO } from '../demo/seed';
import { api, DEMO_HOST, login, setupTestApp, type TestContext } from '../test/helpers';
import { databases } from '../test/testDb';
import { CACHE_IMMUTABLE, ROBOTS_TXT } from './static';

const APP_JS = `console.log(${JSON.stringify('Balcão '.repeat(400))});`;
const INDEX_HTML =
  '<!doctype html><title>Balcão</title><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script>';

/** The page the build writes for /vendas: index.html with its screen's chunks preloaded. */
const VENDAS_HTML = INDEX_HTML.replace(
  '<div id="root">',
  '<link rel="modulepreload" crossorigin href="/assets/sales-screen-XyZ.js"><div id="root">',
);

function builtDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-dist-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'icons'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets', 'index-AbC123.js'), APP_JS);
  writeFileSync(join(dir, 'assets', 'index-AbC123.css'), 'body{margin:0}');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("install", () => {})');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Balcão"}');
  writeFileSync(join(dir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  mkdirSync(join(dir, 'routes'));
  writeFileSync(join(dir, 'routes', 'vendas.html'), VENDAS_HTML);
  precompressDir(dir);
  return dir;
}

async function raw(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: { host: DEMO_HOST, ...headers } });
}

/** Every answer. */
const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};
/** Pages and the service worker only: headers that act on a document. */
const DOCUMENT_ONLY = {
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
};

const SECURITY_HEADER_NAMES = new Set([
  ...Object.keys(COMMON_HEADERS),
  ...Object.keys(DOCUMENT_ONLY),
  'content-security-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

function expectCommonHeaders(headers: Record<string, unknown>, what: string) {
  for (const [name, value] of Object.entries(COMMON_HEADERS)) expect(headers[name], `${what}: ${name}`).toBe(value);
  expect(headers['x-powered-by'], what).toBeUndefined();
}

/** A page or the service worker: the app's whole policy and the document headers. */
function expectDocumentHeaders(headers: Record<string, unknown>, what: string) {
  expectCommonHeaders(headers, what);
  for (const [name, value] of Object.entries(DOCUMENT_ONLY)) expect(headers[name], `${what}: ${name}`).toBe(value);
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain('report-uri /csp-report');
  expect(csp, what).not.toContain('unsafe-inline');
  expect(csp, what).not.toContain('unsafe-eval');
}

/** Anything else: a policy that allows nothing, and none of the document headers. */
function expectResourceHeaders(headers: Record<string, unknown>, what: string) {
  expectCommonHeaders(headers, what);
  expect(headers['content-security-policy'], what).toBe("default-src 'none'; frame-ancestors 'none'");
  // Nothing else of helmet's document set either (it gives every answer the full set first).
  const others = [...SECURITY_HEADER_NAMES].filter(
    (name) => !(name in COMMON_HEADERS) && name !== 'content-security-policy',
  );
  for (const name of others) expect(headers[name], `${what}: ${name}`).toBeUndefined();
}

describe.each(databases())('security headers and compression (%s)', (kind) => {
  let ctx: TestContext;
  let proxied: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = builtDist();
    ctx = await setupTestApp(kind, { distDir: dist });
    proxied = await setupTestApp(kind, { distDir: dist, trustProxy: true });
  });
  afterAll(async () => {
    await ctx?.close();
    await proxied?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('pages and the service worker carry the full policy and the document headers', async () => {
    const http = api(ctx.app);
    const answers = {
      '/': await http.get('/'),
      '/index.html': await http.get('/index.html'),
      '/vendas': await http.get('/vendas'),
      '/clientes?x=1': await http.get('/clientes?x=1'),
      '/sw.js': await http.get('/sw.js'),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.status, what).toBe(200);
      expectDocumentHeaders(res.headers, what);
    }
  });

  it('assets, icons, the manifest, the API and errors carry a policy that allows nothing, without the document headers', async () => {
    const http = api(ctx.app);
    const session = await login(ctx.app, DEMO.admin.email, DEMO.admin.password);
    const answers = {
      '/assets/index-AbC123.js': await http.get('/assets/index-AbC123.js'),
      '/assets/index-AbC123.css': await http.get('/assets/index-AbC123.css'),
      '/assets/missing.js (404)': await http.get('/assets/missing.js'),
      '/manifest.webmanifest': await http.get('/manifest.webmanifest'),
      '/icons/icon-192.png': await http.get('/icons/icon-192.png'),
      '/health': await http.get('/health'),
      '/api/products': await http.get('/api/products', { token: session.accessToken }),
      '/api/auth/me (401)': await http.get('/api/auth/me'),
      '/api/x (404)': await http.get('/api/x'),
      '/robots.txt': await http.get('/robots.txt'),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.status, what).toBeLessThan(what.includes('(') ? 500 : 300);
      expectResourceHeaders(res.headers, what);
    }
    // The point: ~600 bytes of security headers on a page, under 200 on everything else.
    const securityBytes = (headers: Record<string, unknown>) =>
      Object.entries(headers)
        .filter(([name]) => SECURITY_HEADER_NAMES.has(name))
        .reduce((sum, [name, value]) => sum + `${name}: ${String(value)}\r\n`.length, 0);
    expect(securityBytes(answers['/assets/index-AbC123.js'].headers)).toBeLessThan(200);
    expect(securityBytes((await http.get('/')).headers)).toBeGreaterThan(550);
  });

  it("a 304 that revalidates a page keeps the page's policy (a browser stores the headers of a 304)", async () => {
    for (const url of ['/', '/vendas', '/sw.js']) {
      const first = await raw(ctx.app, url, { 'accept-encoding': 'br' });
      const etag = String(first.headers.etag ?? '');
      expect(etag, url).not.toBe('');
      const again = await raw(ctx.app, url, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expectDocumentHeaders(again.headers, `${url} (304)`);
    }
    const asset = await raw(ctx.app, '/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    const again = await raw(ctx.app, '/assets/index-AbC123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(asset.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expectResourceHeaders(again.headers, 'asset (304)');
  });

  it('HSTS only over TLS: never on plain HTTP; behind a trusted proxy when it says https', async () => {
    const direct = await raw(ctx.app, '/');
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY anyone could send the header: it is not believed.
    const spoofed = await raw(ctx.app, '/', { 'x-forwarded-proto': 'https' });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    for (const url of ['/', '/api/x', '/assets/index-AbC123.js']) {
      const tls = await raw(proxied.app, url, { 'x-forwarded-proto': 'https' });
      expect(tls.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
    const plain = await raw(proxied.app, '/', { 'x-forwarded-proto': 'http' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('an unknown /api path is a JSON 404 in Portuguese, never the app page', async () => {
    for (const [method, url] of [
      ['GET', '/api/x'],
      ['GET', '/api/x/y?z=1'],
      ['POST', '/api/x'],
      ['DELETE', '/api/produtos'],
    ] as const) {
      const res = await api(ctx.app).call(method, url, { headers: { accept: 'text/html' } });
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.body, url).toEqual({
        success: false,
        code: 'NOT_FOUND',
        error: `Rota não encontrada: ${method} ${url.split('?')[0]}`,
      });
    }
  });

  it('static files go out as their built brotli or gzip copy, with Vary, or plain when not accepted', async () => {
    for (const url of ['/assets/index-AbC123.js', '/', '/clientes', '/sw.js']) {
      const file = url.startsWith('/assets') ? APP_JS : url === '/sw.js' ? null : INDEX_HTML;
      const br = await raw(ctx.app, url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(String(br.headers.vary), url).toMatch(/accept-encoding/i);
      const gz = await raw(ctx.app, url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(String(gz.headers.vary), url).toMatch(/accept-encoding/i);
      const plain = await raw(ctx.app, url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(String(plain.headers.vary), url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.body);
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(plain.body);
      if (file) expect(plain.body, url).toBe(file);
      expect(br.headers['content-type'], url).toBe(plain.headers['content-type']);
    }
    // The very files the build wrote, not compressed again per request.
    const js = await raw(ctx.app, '/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    expect(js.rawPayload.equals(readFileSync(join(dist, 'assets', 'index-AbC123.js.br')))).toBe(true);
    const jsGz = await raw(ctx.app, '/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(jsGz.rawPayload.equals(readFileSync(join(dist, 'assets', 'index-AbC123.js.gz')))).toBe(true);
    expect(js.headers['content-type']).toContain('javascript');
    expect(js.rawPayload.length).toBeLessThan(APP_JS.length / 10);
    // Images are not compressed again.
    const png = await raw(ctx.app, '/icons/icon-192.png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
  });

  it("an address with a page of its own gets it (its screen's chunks preloaded); any other gets index.html", async () => {
    for (const url of ['/vendas', '/vendas?x=1', '/vendas/123']) {
      for (const enc of ['br', 'gzip', '']) {
        const res = await raw(ctx.app, url, enc ? { 'accept-encoding': enc } : {});
        expect(res.statusCode, url).toBe(200);
        const body =
          enc === 'br'
            ? brotliDecompressSync(res.rawPayload).toString()
            : enc === 'gzip'
              ? gunzipSync(res.rawPayload).toString()
              : res.body;
        expect(body, `${url} ${enc}`).toBe(VENDAS_HTML);
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expectDocumentHeaders(res.headers, url);
      }
    }
    for (const url of ['/', '/clientes', '/vendasx', '/nao-existe/1']) {
      const res = await raw(ctx.app, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('hashed assets are immutable; the page, the worker and the manifest are never cached stale', async () => {
    for (const enc of ['br', 'gzip', '']) {
      const headers: Record<string, string> = enc ? { 'accept-encoding': enc } : {};
      expect((await raw(ctx.app, '/assets/index-AbC123.js', headers)).headers['cache-control']).toBe(CACHE_IMMUTABLE);
      for (const url of ['/', '/index.html', '/clientes', '/sw.js', '/manifest.webmanifest']) {
        expect((await raw(ctx.app, url, headers)).headers['cache-control'], `${url} ${enc}`).toBe('no-cache');
      }
    }
  });

  it('JSON answers above 1 KB are compressed; small ones are not', async () => {
    const session = await login(ctx.app, DEMO.admin.email, DEMO.admin.password);
    const auth = { authorization: `Bearer ${session.accessToken}` };
    const plain = await raw(ctx.app, '/api/products?limit=50', auth);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await raw(ctx.app, '/api/products?limit=50', { ...auth, 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await raw(ctx.app, '/api/products?limit=50', { ...auth, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await raw(ctx.app, '/api/auth/me', { ...auth, 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.email).toBe(DEMO.admin.email);
  });

  it("takes the browser's violation reports (report-uri) with 204", async () => {
    const report = { 'csp-report': { 'document-uri': 'http://demo.localhost/', 'violated-directive': 'img-src' } };
    for (const type of ['application/csp-report', 'application/reports+json']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/csp-report',
        headers: { host: DEMO_HOST, 'content-type': type },
        payload: JSON.stringify(report),
      });
      expect(res.statusCode, type).toBe(204);
      expectResourceHeaders(res.headers, `/csp-report ${type}`);
    }
  });

  it('robots.txt keeps every crawler out, as text', async () => {
    for (const app of [ctx.app, proxied.app]) {
      const res = await raw(app, '/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe(ROBOTS_TXT);
      expect(res.body).toBe('User-agent: *\nDisallow: /');
    }
  });
});
