// Security headers on every answer (app HTML, assets, service worker, API, errors), set by
// @fastify/helmet. Two sets, chosen by the path asked for:
// - Pages and the service worker script get the full set: the Content-Security-Policy
//   below (this origin only: no inline script, no third-party script, font or API;
//   charts are SVG drawn by React) and the document headers (frame, opener, agent
//   cluster...). A CSP rules only a document or a worker: the page's policy is what
//   governs the scripts, styles and images it loads.
// - Everything else (hashed scripts and styles, icons, the manifest, JSON from the API,
//   robots.txt) gets nosniff, Cross-Origin-Resource-Policy, Referrer-Policy (a stylesheet's
//   own requests follow it) and a CSP that allows nothing (`default-src 'none';
//   frame-ancestors 'none'`, the usual one for an API): opened on its own in a tab (an
//   SVG icon, a JSON answer), such an answer can run or embed nothing. The document
//   headers do nothing on these answers and cost ~600 bytes each: a phone's first open of
//   /vendas makes ~25 requests, in a first open of under 200 KB.
// The choice is by path, never by content type, so a 304 (no body, no content type) that
// revalidates a page carries the page's own set: a browser keeps the headers of a 304 in
// place of the stored ones. Helmet gives every answer the full set; a hook after it trims
// the others (helmet's own per-route options cannot tell the files of one static route
// apart).
// HSTS only when the request came over TLS (directly, or behind a proxy that says so in
// X-Forwarded-Proto when TRUST_PROXY is on): on plain HTTP it would be meaningless, and on
// a LAN server reached by IP it would lock browsers out.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-body';

export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // React sets style properties through the CSSOM (not blocked by CSP); the chart
  // library measures text the same way. No inline <style> or style="" is needed.
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'frame-src': ["'none'"],
  'report-uri': ['/csp-report'],
};

/** The policy of answers that are not a page or a worker: nothing may load or embed them. */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Headers of every answer. */
const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
};

/** Pages and the service worker script: what the helmet configuration below gives. */
export const DOCUMENT_HEADERS: Record<string, string> = {
  'content-security-policy': Object.entries(CONTENT_SECURITY_POLICY)
    .map(([directive, values]) => `${directive} ${values.join(' ')}`)
    .join(';'),
  ...COMMON_HEADERS,
  // Same-origin everything: the app opens no popup that must keep a handle on it.
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** Scripts, styles, images, the manifest, the API's JSON, robots.txt. */
export const RESOURCE_HEADERS: Record<string, string> = {
  'content-security-policy': RESOURCE_CSP,
  ...COMMON_HEADERS,
};

const RESOURCE_PREFIXES = ['/api/', '/assets/', '/icons/', '/screenshots/', '/health/'];
const RESOURCE_PATHS = new Set(['/api', '/health', '/robots.txt', '/manifest.webmanifest', '/csp-report']);

/** Whether a path is answered with something other than a page or the service worker. */
export function isSubresourcePath(url: string): boolean {
  const path = url.split('?')[0] ?? '/';
  return RESOURCE_PATHS.has(path) || RESOURCE_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** The log line of a violation the browser reported (the e2e test looks for it). */
export const CSP_VIOLATION_LOG = 'violação de Content-Security-Policy';
const REPORT_TYPES = ['application/csp-report', 'application/reports+json'];

export const HSTS = 'max-age=31536000; includeSubDomains';

/** What helmet sets that only a document uses: taken off every other answer. */
const DOCUMENT_ONLY = Object.keys(DOCUMENT_HEADERS).filter((name) => !(name in RESOURCE_HEADERS));

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // onRequest (helmet's and ours): set before any handler or error runs, so every answer
  // has them (an answer sent from a later hook included).
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Same-origin everything: the app opens no popup that must keep a handle on it.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (isSubresourcePath(request.url)) {
      for (const name of DOCUMENT_ONLY) reply.raw.removeHeader(name);
      reply.raw.setHeader('content-security-policy', RESOURCE_CSP);
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  // Reports of blocked content (report-uri): logged as warnings, answered 204. Outside
  // /api: no session, and nothing in it but the log line.
  await app.register(async (scope) => {
    // A report that is not JSON, or nests deeper than any body may, is logged as its text.
    scope.addContentTypeParser(REPORT_TYPES, { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
      const text = String(body);
      if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) return done(null, text);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(null, text);
      }
    });
    const config = { withoutIdempotencyKey: 'Relatório do navegador: vira uma linha de log, nada é gravado.' };
    scope.post('/csp-report', { config }, async (request, reply) => {
      request.log.warn({ report: request.body }, CSP_VIOLATION_LOG);
      return reply.code(204).send();
    });
  });
}
