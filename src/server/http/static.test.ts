// The built files as served (static.ts): each static file as its built brotli or gzip copy,
// an address with a page of its own getting it, hashed assets immutable and the rest never
// cached stale; JSON answers above 1 KB compressed like them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed';
import { login } from '../test/helpers';
import { databases } from '../test/testDb';
import { APP_JS, expectDocumentHeaders, INDEX_HTML, raw, useBuiltApp, VENDAS_HTML } from '../test/security-fixtures';
import { CACHE_IMMUTABLE } from './static';

describe.each(databases())('static files and compression (%s)', (kind) => {
  const web = useBuiltApp(kind);

  it('static files go out as their built brotli or gzip copy, with Vary, or plain when not accepted', async () => {
    for (const url of ['/assets/index-AbC123.js', '/', '/clientes', '/sw.js']) {
      const file = url.startsWith('/assets') ? APP_JS : url === '/sw.js' ? null : INDEX_HTML;
      const br = await raw(web.app, url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(String(br.headers.vary), url).toMatch(/accept-encoding/i);
      const gz = await raw(web.app, url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(String(gz.headers.vary), url).toMatch(/accept-encoding/i);
      const plain = await raw(web.app, url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(String(plain.headers.vary), url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.body);
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(plain.body);
      if (file) expect(plain.body, url).toBe(file);
      expect(br.headers['content-type'], url).toBe(plain.headers['content-type']);
    }
    // The very files the build wrote, not compressed again per request.
    const js = await raw(web.app, '/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    expect(js.rawPayload.equals(readFileSync(join(web.dist, 'assets', 'index-AbC123.js.br')))).toBe(true);
    const jsGz = await raw(web.app, '/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(jsGz.rawPayload.equals(readFileSync(join(web.dist, 'assets', 'index-AbC123.js.gz')))).toBe(true);
    expect(js.headers['content-type']).toContain('javascript');
    expect(js.rawPayload.length).toBeLessThan(APP_JS.length / 10);
    // Images are not compressed again.
    const png = await raw(web.app, '/icons/icon-192.png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
  });

  it("an address with a page of its own gets it (its screen's chunks preloaded); any other gets index.html", async () => {
    for (const url of ['/vendas', '/vendas?x=1', '/vendas/123']) {
      for (const enc of ['br', 'gzip', '']) {
        const res = await raw(web.app, url, enc ? { 'accept-encoding': enc } : {});
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
      const res = await raw(web.app, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('hashed assets are immutable; the page, the worker and the manifest are never cached stale', async () => {
    for (const enc of ['br', 'gzip', '']) {
      const headers: Record<string, string> = enc ? { 'accept-encoding': enc } : {};
      expect((await raw(web.app, '/assets/index-AbC123.js', headers)).headers['cache-control']).toBe(CACHE_IMMUTABLE);
      for (const url of ['/', '/index.html', '/clientes', '/sw.js', '/manifest.webmanifest']) {
        expect((await raw(web.app, url, headers)).headers['cache-control'], `${url} ${enc}`).toBe('no-cache');
      }
      // The ETag alone validates; no Last-Modified, no ranges.
      for (const url of ['/assets/index-AbC123.js', '/', '/sw.js']) {
        const { headers: got } = await raw(web.app, url, headers);
        expect([Boolean(got.etag), got['last-modified'], got['accept-ranges']], url).toEqual([
          true,
          undefined,
          undefined,
        ]);
      }
    }
  });

  it('JSON answers above 1 KB are compressed; small ones are not', async () => {
    const session = await login(web.app, DEMO.admin.email, DEMO.admin.password);
    const auth = { authorization: `Bearer ${session.accessToken}` };
    const plain = await raw(web.app, '/api/products?limit=50', auth);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await raw(web.app, '/api/products?limit=50', { ...auth, 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await raw(web.app, '/api/products?limit=50', { ...auth, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await raw(web.app, '/api/auth/me', { ...auth, 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.email).toBe(DEMO.admin.email);
  });
});
