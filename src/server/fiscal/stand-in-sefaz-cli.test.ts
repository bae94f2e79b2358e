// The stand-in SEFAZ started as its own process (as the Chromium runs and the benchmarks
// start it): it prints its address and CA, answers the client, and stops on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildNfce } from '../../shared/fiscal/nfce-xml';
import { SAMPLE_CNPJ, SAMPLE_CSC, sampleNote } from '../../shared/fiscal/test/sample-note';
import { seededRandom } from '../../shared/seeded-random';
import { createSefazClient } from './sefaz-client';
import { removeTestCertificates, testCertificates } from './test/certificates';
import { CONTROL_FAULTS, CONTROL_RECEIVED } from './test/stand-in-sefaz';
import { createPemSigner } from './xml-signature';

const ROOT = resolve(import.meta.dirname, '../../..');
let child: ChildProcess | null = null;

afterAll(() => {
  child?.kill('SIGTERM');
  removeTestCertificates();
});

function firstLine(proc: ChildProcess): Promise<string> {
  return new Promise((done, fail) => {
    let out = '';
    let err = '';
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) done(out.split('\n')[0]!);
    });
    proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    proc.on('exit', (code) => fail(new Error(`saiu com ${code}: ${err}`)));
  });
}

describe('stand-in SEFAZ as a process', () => {
  it('prints url and caPath, authorizes without validation (benchmark mode), stops on SIGTERM', async () => {
    const certs = testCertificates(SAMPLE_CNPJ);
    child = spawn(
      resolve(ROOT, 'node_modules/.bin/tsx'),
      ['src/server/fiscal/test/stand-in-sefaz-cli.ts', '--client-ca', certs.caPath, '--csc', `000001=${SAMPLE_CSC}`, '--no-validate'], // prettier-ignore
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const { url, caPath } = JSON.parse(await firstLine(child)) as { url: string; caPath: string };
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const client = createSefazClient({ baseUrl: url, extraCaPem: readFileSync(caPath, 'utf8') });
    const target = { uf: 'SP', environment: 2, keyPem: certs.keyPem, certPem: certs.certPem, timeoutMs: 5000 } as const;
    try {
      expect((await client.status(target)).cstat).toBe(107);
      const note = buildNfce(sampleNote({ issued_at: new Date().toISOString() }), seededRandom(1));
      const signed = await createPemSigner(certs).sign(note.xml, 'infNFe');
      expect((await client.authorize(target, signed, '1')).note!.cstat).toBe(100);
      // Another process sees the log and sets faults through the control paths (same mTLS).
      const control = (method: string, path: string, body?: unknown) =>
        new Promise<unknown>((done, fail) => {
          const req = request(
            `${url}${path}`,
            { method, key: certs.keyPem, cert: certs.certPem, ca: readFileSync(caPath, 'utf8') },
            (res) => {
              // prettier-ignore
              let text = '';
              res.on('data', (c: Buffer) => (text += c.toString()));
              res.on('end', () => done(JSON.parse(text)));
            },
          );
          req.on('error', fail);
          req.end(body === undefined ? undefined : JSON.stringify(body));
        });
      expect(await control('GET', CONTROL_RECEIVED)).toMatchObject([
        { service: 'status', cstat: 107 },
        { service: 'authorize', key: note.key, cstat: 100, fault: null },
      ]);
      await control('POST', CONTROL_FAULTS, { fault: { kind: 'http', status: 502 }, service: 'status' });
      await expect(client.status(target)).rejects.toMatchObject({ cause_kind: 'http' });
      expect((await client.status(target)).cstat).toBe(107);
    } finally {
      client.close();
    }
    const exited = new Promise<number | null>((done) => child!.on('exit', done));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = null;
    expect(existsSync(caPath)).toBe(false);
  });

  it('refuses to start without the CA of the A1 certificates', async () => {
    const proc = spawn(resolve(ROOT, 'node_modules/.bin/tsx'), ['src/server/fiscal/test/stand-in-sefaz-cli.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await expect(firstLine(proc)).rejects.toThrow(/--client-ca/);
  });
});
