// Starts the real server (`tsx src/server/server.ts`) on a free port with a fresh
// embedded database, as `npm start` does, and stops it after the test file.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  port: number;
  origin: string;
  /** http://demo.localhost:PORT: Chromium resolves *.localhost to loopback. */
  demoUrl: string;
  dataDir: string;
  output: () => string;
  /** Stops the server; its data dir is removed unless keepData (then removed at the next stop). */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
  /** SIGKILL, as a crash or an OOM kill would: nothing is cleaned up, the data dir stays. */
  kill: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * `options.dataDir`: start on an existing data dir, which then belongs to the caller and
 * is never removed here. Without it, a fresh temp dir that stop() removes.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'balcao-e2e-'));
  let output = '';
  const child: ChildProcess = spawn('npx', ['tsx', 'src/server/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const stop = async ({ keepData = false } = {}) => {
    const running = () => child.exitCode === null && child.signalCode === null;
    if (running() && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (running()) process.kill(-child.pid, 'SIGKILL');
    }
    if (ownsDataDir && !keepData) rmSync(dataDir, { recursive: true, force: true });
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`o servidor terminou ao iniciar:\n${output}`);
      try {
        const res = await fetch(`${origin}/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`o servidor não respondeu em 90 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (err) {
    await stop();
    throw err;
  }

  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGKILL');
    await exited;
  };

  return { port, origin, demoUrl: `http://demo.localhost:${port}`, dataDir, output: () => output, stop, kill };
}
