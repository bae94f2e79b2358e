// What the security and static-file tests share: a built dist/ (pages, hashed assets, the
// service worker, precompressed copies), the app serving it, a raw GET, and the headers
// expected on a document and on anything else.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { precompressDir } from '../../../scripts/precompress.mjs';
import type { AppConfig } from '../app';
import { DEMO_HOST, setupTestApp, type TestContext } from './helpers';
import type { TestDbKind } from './testDb';

export const APP_JS = `console.log(${JSON.stringify('Balcão '.repeat(400))});`;
export const INDEX_HTML =
  '<!doctype html><title>Balcão</title><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script>';

/** The page the build writes for /vendas: index.html with its screen's chunks preloaded. */
export const VENDAS_HTML = INDEX_HTML.replace(
  '<div id="root">',
  '<link rel="modulepreload" crossorigin href="/assets/sales-screen-XyZ.js"><div id="root">',
);

export function builtDist(): string {
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

export async function raw(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: { host: DEMO_HOST, ...headers } });
}

/** Every answer. */
export const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};
/** Pages and the service worker only: headers that act on a document. */
export const DOCUMENT_ONLY = {
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
};

export const SECURITY_HEADER_NAMES = new Set([
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
export function expectDocumentHeaders(headers: Record<string, unknown>, what: string) {
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
export function expectResourceHeaders(headers: Record<string, unknown>, what: string) {
  expectCommonHeaders(headers, what);
  expect(headers['content-security-policy'], what).toBe("default-src 'none'; frame-ancestors 'none'");
  // Nothing else of helmet's document set either (it gives every answer the full set first).
  const others = [...SECURITY_HEADER_NAMES].filter(
    (name) => !(name in COMMON_HEADERS) && name !== 'content-security-policy',
  );
  for (const name of others) expect(headers[name], `${what}: ${name}`).toBeUndefined();
}

export interface BuiltApp {
  app: FastifyInstance;
  /** The built dist/ it serves. */
  dist: string;
}

/** The app serving a freshly built dist/ (with `config`) for the describe block it is called in. */
export function useBuiltApp(kind: TestDbKind, config: Partial<AppConfig> = {}): BuiltApp {
  const built = {} as BuiltApp;
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    built.dist = builtDist();
    ctx = await setupTestApp(kind, { ...config, distDir: built.dist });
    built.app = ctx.app;
  });
  afterAll(async () => {
    await ctx?.close();
    if (built.dist) rmSync(built.dist, { recursive: true, force: true });
  });
  return built;
}
