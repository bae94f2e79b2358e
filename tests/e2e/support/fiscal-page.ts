// A page on 127.0.0.1 (a secure context: WebCrypto is there) with the till's fiscal modules
// bundled by Vite (fiscal-signer-entry.ts) as `window.balcaoFiscal`, and what it takes to give
// it the test A1 as the till keeps it. For fiscal-signer.e2e.ts and the benchmark.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'vite';
import type { TestCertificates } from '../../../src/server/fiscal/test/certificates';

export type BalcaoFiscal = typeof import('./fiscal-signer-entry');

async function bundle(): Promise<string> {
  const out = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: 'tests/e2e/support/fiscal-signer-entry.ts', formats: ['iife'], name: 'balcaoFiscal', fileName: 'fiscal' }, // prettier-ignore
    },
  })) as { output: { code: string }[] }[] | { output: { code: string }[] };
  return (Array.isArray(out) ? out[0]! : out).output[0]!.code;
}

/** Serves the page; `url` to open it, `close` to stop. */
export async function serveFiscalPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const code = await bundle();
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><meta charset="utf-8"><title>assinador</title><script>${code}</script>`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The A1's key (PKCS#8) and certificate (DER), base64, to hand to the page. */
export function a1ForPage(certs: TestCertificates): { pkcs8: string; der: string } {
  return {
    pkcs8: createPrivateKey(certs.keyPem).export({ type: 'pkcs8', format: 'der' }).toString('base64'),
    der: new X509Certificate(certs.certPem).raw.toString('base64'),
  };
}
