// Security headers on every answer (app HTML, assets, service worker, API, errors), with
// @fastify/helmet. The Content-Security-Policy allows only this origin: the app has no
// inline script, no third-party script, font or API; charts are SVG drawn by React.
// HSTS only when the request came over TLS (directly, or behind a proxy that says so in
// X-Forwarded-Proto when TRUST_PROXY is on): on plain HTTP it would be meaningless, and on
// a LAN server reached by IP it would lock browsers out.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

/** The log line of a violation the browser reported (the e2e test looks for it). */
export const CSP_VIOLATION_LOG = 'violação de Content-Security-Policy';
const REPORT_TYPES = ['application/csp-report', 'application/reports+json'];

export const HSTS = 'max-age=31536000; includeSubDomains';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
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
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  // Reports of blocked content (report-uri): logged as warnings, answered 204. Outside
  // /api: no session, and nothing in it but the log line.
  await app.register(async (scope) => {
    scope.addContentTypeParser(REPORT_TYPES, { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(null, String(body));
      }
    });
    scope.post('/csp-report', async (request, reply) => {
      request.log.warn({ report: request.body }, CSP_VIOLATION_LOG);
      return reply.code(204).send();
    });
  });
}
