// The PGlite data-dir lock: a live owner keeps it; a dead one, a reused pid, another boot
// or (where /proc cannot tell) a stopped heartbeat give it up at once.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  acquireDataDirLock,
  DataDirInUseError,
  LOCK_HEARTBEAT_MS,
  LOCK_STALE_MS,
  parseOwner,
  systemProbe,
  type ProcessProbe,
} from './data-dir-lock';

let base: string;
let dir: string;
const lockFile = () => `${dir}.lock`;
const children: ChildProcess[] = [];

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'balcao-lock-'));
  dir = join(base, 'pglite');
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(base, { recursive: true, force: true });
  vi.useRealTimers();
});

/** A live process that has nothing to do with Balcão. */
function unrelatedProcess(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

describe('PGlite data dir lock', () => {
  it('names its owner (pid, start time, boot) and refuses a second owner while held', () => {
    const lock = acquireDataDirLock(dir);
    const owner = parseOwner(readFileSync(lockFile(), 'utf8'));
    expect(owner).toEqual({
      pid: process.pid,
      start: systemProbe.startOf(process.pid),
      boot: systemProbe.bootId(),
    });
    expect(owner!.start).toMatch(/^\d+$/);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(`está em uso pelo processo ${process.pid}`);
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('takes over the lock of a dead process, in the old pid-only format too', () => {
    writeFileSync(lockFile(), '999999999');
    acquireDataDirLock(dir).release();
    writeFileSync(lockFile(), JSON.stringify({ pid: 999999999, start: '1', boot: systemProbe.bootId() }));
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock whose pid now belongs to a live, unrelated process (a new container)', () => {
    const pid = unrelatedProcess();
    const boot = systemProbe.bootId();
    // The dead server had this pid in another container: another start time.
    writeFileSync(lockFile(), JSON.stringify({ pid, start: '12345', boot }));
    const lock = acquireDataDirLock(dir);
    expect(parseOwner(readFileSync(lockFile(), 'utf8'))!.pid).toBe(process.pid);
    lock.release();
    // The same process (same start time) still owns it.
    writeFileSync(lockFile(), JSON.stringify({ pid, start: systemProbe.startOf(pid), boot }));
    expect(() => acquireDataDirLock(dir)).toThrow(`está em uso pelo processo ${pid}`);
  });

  it('takes over a lock written before the machine restarted (another boot id)', () => {
    writeFileSync(
      lockFile(),
      JSON.stringify({ pid: process.pid, start: systemProbe.startOf(process.pid), boot: 'outro-boot' }),
    );
    acquireDataDirLock(dir).release();
  });

  it('where /proc cannot tell, trusts the heartbeat: kept while it beats, taken over when it stops', () => {
    const blind: ProcessProbe = { alive: () => true, startOf: () => null, bootId: () => null };
    const pid = unrelatedProcess();
    writeFileSync(lockFile(), JSON.stringify({ pid, start: null, boot: null }));
    expect(() => acquireDataDirLock(dir, blind)).toThrow(DataDirInUseError);
    const old = new Date(Date.now() - LOCK_STALE_MS - 1000);
    utimesSync(lockFile(), old, old);
    acquireDataDirLock(dir, blind).release();
  });

  it('the owner keeps the heartbeat going until it releases', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const lock = acquireDataDirLock(dir);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockFile(), old, old);
    vi.advanceTimersByTime(LOCK_HEARTBEAT_MS + 10);
    expect(Date.now() - statSync(lockFile()).mtimeMs).toBeLessThan(LOCK_HEARTBEAT_MS * 2);
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
  });
});
