// Starts the real server (`tsx src/server/server.ts`) on a free port with a fresh
// embedded database, as `npm start` does, and stops it after the test file.
//
// A fresh database is a copy of one the real server made on its first start today (initdb,
// the migrations, the demo store seeded), kept in the temporary folder per day and per
// version of the migrations and the seed: the first start takes ~25 s on this loaded 2-core
// machine, a start from a copy ~11 s, in each of the ~40 browser test files.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { todayIso } from '../../../src/shared/dates';

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

/** What a first start makes: the migrations, the SQL functions, the demo seed, and the day. */
function firstStartKey(): string {
  const hash = createHash('sha256').update(todayIso());
  for (const folder of ['src/server/db/migrations', 'src/server/demo'])
    for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => join(f.parentPath, f.name))
      .sort())
      hash.update(entry).update(readFileSync(entry));
  hash.update(readFileSync('src/server/db/functions.sql'));
  return hash.digest('hex').slice(0, 16);
}

/** Files a running server holds that a copy must not take: PGlite's pid and our lock. */
const HELD = /(postmaster\.pid|\.lock)$/;

/** A data dir as the server leaves it after its first start today: made once, then copied. */
async function firstStartDir(): Promise<string> {
  const path = join(tmpdir(), `balcao-e2e-first-start-${firstStartKey()}`);
  if (existsSync(path)) return path;
  const made = await startServer({}, { dataDir: mkdtempSync(join(tmpdir(), 'balcao-e2e-making-')), fresh: true });
  await made.stop();
  // The server's own processes may still be closing the database: until its pid file goes.
  const deadline = Date.now() + 15_000;
  while (existsSync(join(made.dataDir, 'pglite', 'postmaster.pid')) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  // Two files starting at once (two workers) may both have made one: the first rename wins.
  try {
    renameSync(made.dataDir, path);
  } catch {
    if (!existsSync(path)) throw new Error(`a pasta da primeira partida não pôde ir para ${path}`);
    rmSync(made.dataDir, { recursive: true, force: true });
  }
  return path;
}

/**
 * `options.dataDir`: start on an existing data dir, which then belongs to the caller and
 * is never removed here. Without it, a fresh temp dir that stop() removes. `fresh`: an
 * empty data dir, the server's real first start (otherwise a copy of one: firstStartDir).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; fresh?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'balcao-e2e-'));
  if (ownsDataDir && !options.fresh)
    cpSync(await firstStartDir(), dataDir, { recursive: true, filter: (src) => !HELD.test(src) });
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
