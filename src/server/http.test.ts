// /health, static serving of the built PWA, the SPA fallback, the 404/500 envelopes and
// the startup check that every /api route declares its access.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { registerAccessControl } from './http/access';
import { CACHE_IMMUTABLE } from './http/static';
import { api, request, setupTestApp, TEST_FISCAL_SECRET, TEST_JWT_SECRET, type TestContext } from './test/helpers';
import { createTestDatabase, databases } from './test/testDb';

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Balcão</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-AbC123.js'), 'console.log("app")');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("install", () => {})');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Balcão"}');
  writeFileSync(join(dir, 'registerSW.js'), '');
  return dir;
}

describe.each(databases())('http edges (%s)', (kind) => {
  let ctx: TestContext;
  let dist: string;
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    dist = fakeDist();
    ctx = await setupTestApp(kind, { distDir: dist });
    http = api(ctx.app, { host: 'localhost:3000' });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('GET /health checks the database', async () => {
    const res = await http.get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: kind });
  });

  it('GET /health answers 503 when the database is down, and errors never leak internals', async () => {
    const database = await createTestDatabase(kind);
    const app = await buildApp({
      db: database,
      config: { jwtSecret: TEST_JWT_SECRET, fiscalSecret: TEST_FISCAL_SECRET },
    });
    try {
      await database.close();
      const health = await request(app, 'GET', '/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'error', database: kind });
      const res = await request(app, 'GET', '/api/tenants/search?subdomain=demo');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ success: false, code: 'INTERNAL', error: 'Erro interno do servidor' });
      const login = await request(app, 'POST', '/api/auth/login', { body: { email: 'a@b.com', password: 'x' } });
      expect(login.status).toBe(500);
      expect(JSON.stringify(login.body)).not.toMatch(/select|sql|pglite|closed|stack/i);
    } finally {
      await app.close();
      await database.destroy();
    }
  });

  it('serves hashed assets as immutable and the shell files as no-cache', async () => {
    const asset = await http.get('/assets/index-AbC123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']) {
      const res = await http.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
    expect((await http.get('/')).body).toContain('<div id="root">');
  });

  it('falls back to index.html for client routes, never for /api, /health or missing assets', async () => {
    for (const path of ['/produtos', '/clientes?x=1', '/configuracoes/usuarios', '/login']) {
      const res = await http.get(path, { host: 'demo.localhost:3000' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
    const api404 = await http.get('/api/nope');
    expect(api404.status).toBe(404);
    expect(api404.headers['content-type']).toContain('application/json');
    expect(api404.body).toEqual({ success: false, code: 'NOT_FOUND', error: 'Rota não encontrada: GET /api/nope' });
    expect((await http.post('/api/products/x/y', {})).status).toBe(404);
    expect((await http.get('/api')).body.code).toBe('NOT_FOUND');
    expect((await http.get('/health/deep')).status).toBe(404);
    const missingAsset = await http.get('/assets/old-123.js');
    expect(missingAsset.status).toBe(404);
    expect((await http.post('/produtos', {})).status).toBe(404);
  });

  it('without a built app, unknown paths are JSON 404s', async () => {
    const res = await request(ctx.app, 'GET', '/api/outra-nope');
    expect(res.body.code).toBe('NOT_FOUND');
    const bare = await buildApp({
      db: ctx.database,
      config: { jwtSecret: TEST_JWT_SECRET, fiscalSecret: TEST_FISCAL_SECRET, distDir: '/nao/existe' },
    });
    try {
      const page = await request(bare, 'GET', '/produtos');
      expect(page.status).toBe(404);
      expect(page.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    } finally {
      await bare.close();
    }
  });
});

describe('access control at startup', () => {
  const nobody = () => Promise.reject(new Error('nenhuma sessão neste teste'));
  it('refuses an /api route that declares no access', async () => {
    const app = Fastify();
    registerAccessControl(app, nobody);
    await expect(
      app.register(async (scope) => {
        scope.get('/api/sem-permissao', async () => ({}));
      }),
    ).rejects.toThrow(/não declara config.access/);
    await app.close().catch(() => {});
  });

  it('refuses an unknown permission name', async () => {
    const app = Fastify();
    registerAccessControl(app, nobody);
    await expect(
      app.register(async (scope) => {
        scope.get('/api/x', { config: { access: 'products.delete' as never } }, async () => ({}));
      }),
    ).rejects.toThrow(/permissão desconhecida/);
    await app.close().catch(() => {});
  });
});
