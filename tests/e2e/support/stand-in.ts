// The stand-in SEFAZ as its own process for the browser tests (stand-in-sefaz-cli.ts: mutual
// TLS, the official schemas, the QR hash with the CSC), its control routes asked over that
// TLS with the store's test A1 (the log of what it received, faults on demand), and the
// demo store made ready to emit through the API.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:https';
import { readFileSync } from 'node:fs';
import type { A1File } from '../../../src/server/fiscal/test/a1-files';
import { EMITTER, STORE_CSC, turnEmissionOn as turnStoreEmissionOn } from './fiscal-store';
import type { RunningServer } from './server';

export const STAND_IN_CSC = STORE_CSC.csc;

export interface Received {
  service: string;
  key: string | null;
  cstat: number | null;
  fault: string | null;
}

export interface StandInProcess {
  url: string;
  caPath: string;
  /** What it received (without the documents). */
  log(): Promise<Received[]>;
  /** A fault for the next `times` requests of `service` (the stand-in's faults.next). */
  fault(fault: Record<string, unknown>, options?: { times?: number; service?: string }): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the CLI trusting `a1`'s CA and reads its one line of JSON. */
export async function startStandIn(a1: A1File): Promise<StandInProcess> {
  const child = spawn(
    'npx',
    ['tsx', 'src/server/fiscal/test/stand-in-sefaz-cli.ts', '--client-ca', a1.caPath, '--csc', `1=${STAND_IN_CSC}`],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let out = '';
  let err = '';
  const started = await new Promise<{ url: string; caPath: string }>((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.trim().startsWith('{'));
      if (line && out.includes('\n')) resolve(JSON.parse(line) as { url: string; caPath: string });
    });
    child.once('exit', (code) => reject(new Error(`a SEFAZ substituta terminou (${code}):\n${err}`)));
  });
  const ask = (method: string, path: string, body?: unknown) =>
    new Promise<string>((resolve, reject) => {
      const req = request(
        new URL(path, started.url),
        {
          method,
          ca: readFileSync(started.caPath),
          cert: a1.certPem,
          key: a1.keyPem,
          headers: body ? { 'content-type': 'application/json' } : {},
        },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () =>
            (res.statusCode ?? 500) < 300 ? resolve(text) : reject(new Error(`${res.statusCode}: ${text}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(body ? JSON.stringify(body) : undefined);
    });
  return {
    ...started,
    log: async () => JSON.parse(await ask('GET', '/__stand-in/received')) as Received[],
    fault: async (fault, options = {}) => void (await ask('POST', '/__stand-in/faults', { fault, ...options })),
    stop: () => stopProcess(child),
  };
}

/** Stops a detached child and its group: SIGTERM, then SIGKILL after 10 s. */
export async function stopProcess(child: ChildProcess | null): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
}

/** The store made ready to emit against the stand-in: its emitter and CSC, then fiscal-store's setup. */
export function turnEmissionOn(
  server: RunningServer,
  adminToken: string,
  a1: A1File,
  settings: Record<string, unknown> = {},
) {
  return turnStoreEmissionOn(server, adminToken, a1, { emitter: EMITTER, ...STORE_CSC, ...settings });
}
