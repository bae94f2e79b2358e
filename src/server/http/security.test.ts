// Security headers on the app HTML and the service worker (the full policy), on the assets
// and the API (a policy that allows nothing), on a 304 as on the answer it revalidates; HSTS
// only over TLS; unknown /api paths a JSON 404; CSP violation reports; robots.txt. The
// built files themselves (compression, pages, caching): static.test.ts.
import { describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed';
import { api, DEMO_HOST, login } from '../test/helpers';
import { databases } from '../test/testDb';
import {
  expectDocumentHeaders,
  expectResourceHeaders,
  raw,
  SECURITY_HEADER_NAMES,
  useBuiltApp,
} from '../test/security-fixtures';
import { ROBOTS_TXT } from './static';

describe.each(databases())('security headers (%s)', (kind) => {
  const web = useBuiltApp(kind);
  const proxied = useBuiltApp(kind, { trustProxy: true });

  it('pages and the service worker carry the full policy and the document headers', async () => {
    const http = api(web.app);
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
    const http = api(web.app);
    const session = await login(web.app, DEMO.admin.email, DEMO.admin.password);
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
      const first = await raw(web.app, url, { 'accept-encoding': 'br' });
      const etag = String(first.headers.etag ?? '');
      expect(etag, url).not.toBe('');
      const again = await raw(web.app, url, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expectDocumentHeaders(again.headers, `${url} (304)`);
    }
    const asset = await raw(web.app, '/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    const again = await raw(web.app, '/assets/index-AbC123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(asset.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expectResourceHeaders(again.headers, 'asset (304)');
  });

  it('HSTS only over TLS: never on plain HTTP; behind a trusted proxy when it says https', async () => {
    const direct = await raw(web.app, '/');
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY anyone could send the header: it is not believed.
    const spoofed = await raw(web.app, '/', { 'x-forwarded-proto': 'https' });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    for (const url of ['/', '/api/x', '/assets/index-AbC123.js']) {
      const tls = await raw(proxied.app, url, { 'x-forwarded-proto': 'https' });
      expect(tls.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
    const plain = await raw(proxied.app, '/', { 'x-forwarded-proto': 'http' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['GET', '/api/x'],
    ['GET', '/api/x/y?z=1'],
    ['POST', '/api/x'],
    ['DELETE', '/api/produtos'],
  ] as const)('an unknown /api path (%s %s) is a JSON 404 in Portuguese, never the app page', async (method, url) => {
    const res = await api(web.app).call(method, url, { headers: { accept: 'text/html' } });
    expect(res.status, url).toBe(404);
    expect(res.headers['content-type'], url).toContain('application/json');
    expect(res.body, url).toEqual({
      success: false,
      code: 'NOT_FOUND',
      error: `Rota não encontrada: ${method} ${url.split('?')[0]}`,
    });
  });

  it("takes the browser's violation reports (report-uri) with 204", async () => {
    const report = { 'csp-report': { 'document-uri': 'http://demo.localhost/', 'violated-directive': 'img-src' } };
    for (const type of ['application/csp-report', 'application/reports+json']) {
      const res = await web.app.inject({
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
    for (const app of [web.app, proxied.app]) {
      const res = await raw(app, '/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe(ROBOTS_TXT);
      expect(res.body).toBe('User-agent: *\nDisallow: /');
    }
  });
});
