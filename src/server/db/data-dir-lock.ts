// PGlite is a single-process database: two processes on one data dir corrupt it, and
// PGlite itself does not check. A lock file `<dir>.lock` guards it. A pid alone cannot
// say whether the lock is stale: after a SIGKILL in a container, the next container may
// give that pid to another live process, and the store would stay down. So the lock
// names its owner by pid, the process's start time and the machine's boot id (Linux
// /proc), and the owner touches the file every few seconds (a heartbeat):
// - another boot, a pid that is gone, or a pid now owned by a process started at another
//   time: the owner is dead, the lock is taken over at once (a killed server restarts
//   at once);
// - where /proc cannot tell (another OS), a lock whose heartbeat stopped is taken over.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `O banco embutido (PGlite) em ${dir} está em uso pelo processo ${pid} (o servidor está rodando?). ` +
        'O PGlite aceita um só processo: pare o servidor antes, ou use PostgreSQL (DATABASE_URL). ' +
        `/ The embedded database in ${dir} is in use by process ${pid}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  release(): void;
}

/** What the lock file says of its owner. */
export interface LockOwner {
  pid: number;
  /** The process's start time (/proc/<pid>/stat field 22, clock ticks since boot), or null. */
  start: string | null;
  /** /proc/sys/kernel/random/boot_id, or null. */
  boot: string | null;
}

/** How this machine answers about processes (injected in tests). */
export interface ProcessProbe {
  alive(pid: number): boolean;
  /** A live process's start time, or null when the system cannot tell. */
  startOf(pid: number): string | null;
  bootId(): string | null;
}

export const LOCK_HEARTBEAT_MS = 5_000;
/** A heartbeat older than this, where /proc cannot tell, means the owner is gone. */
export const LOCK_STALE_MS = 30_000;

function readProc(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** /proc/<pid>/stat after the command name (field 2, in parentheses, may hold spaces). */
function statFields(pid: number): string[] | null {
  const stat = readProc(`/proc/${pid}/stat`);
  return stat ? stat.slice(stat.lastIndexOf(')') + 2).split(' ') : null;
}

export const systemProbe: ProcessProbe = {
  alive(pid) {
    try {
      process.kill(pid, 0);
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
    // A killed process lingers as a zombie until reaped: it holds nothing any more.
    const state = statFields(pid)?.[0];
    return state !== 'Z' && state !== 'X';
  },
  startOf(pid) {
    return statFields(pid)?.[19] ?? null;
  },
  bootId() {
    return readProc('/proc/sys/kernel/random/boot_id')?.trim() || null;
  },
};

/** The lock file's owner; a file of an older version holds only the pid. */
export function parseOwner(text: string): LockOwner | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), start: null, boot: null };
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner>;
    if (!Number.isInteger(value.pid) || (value.pid as number) <= 0) return null;
    return { pid: value.pid as number, start: value.start ?? null, boot: value.boot ?? null };
  } catch {
    return null;
  }
}

/** Whether the lock's owner may still be running (then the data dir is in use). */
export function ownerMayLive(owner: LockOwner, heartbeatAgeMs: number, probe: ProcessProbe): boolean {
  const boot = probe.bootId();
  if (owner.boot && boot && owner.boot !== boot) return false; // the machine restarted
  if (!probe.alive(owner.pid)) return false;
  const start = probe.startOf(owner.pid);
  if (owner.start && start) return owner.start === start; // the same process, or the pid reused
  return heartbeatAgeMs < LOCK_STALE_MS; // no way to tell the process: trust the heartbeat
}

/** The pid of the live process holding the data dir's lock, or null when none does. */
export function lockHolder(dir: string, probe: ProcessProbe = systemProbe): number | null {
  const path = `${dir.replace(/[/\\]+$/, '')}.lock`;
  try {
    const owner = parseOwner(readFileSync(path, 'utf8'));
    const age = Date.now() - statSync(path).mtimeMs;
    return owner && ownerMayLive(owner, age, probe) ? owner.pid : null;
  } catch {
    return null; // no lock file
  }
}

export function acquireDataDirLock(dir: string, probe: ProcessProbe = systemProbe): DataDirLock {
  const path = `${dir.replace(/[/\\]+$/, '')}.lock`;
  const me: LockOwner = { pid: process.pid, start: probe.startOf(process.pid), boot: probe.bootId() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      return heldLock(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner: LockOwner | null;
      let age: number;
      try {
        owner = parseOwner(readFileSync(path, 'utf8'));
        age = Date.now() - statSync(path).mtimeMs;
      } catch {
        continue; // removed meanwhile: try again
      }
      if (owner && ownerMayLive(owner, age, probe)) throw new DataDirInUseError(dir, owner.pid);
      try {
        unlinkSync(path); // stale: its owner is gone
      } catch {
        // another process took it over first
      }
    }
  }
  throw new DataDirInUseError(dir, 0);
}

function heldLock(path: string): DataDirLock {
  const mine = () => parseOwner(readProc(path) ?? '')?.pid === process.pid;
  const beat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch {
      // the file went away (released): nothing to keep alive
    }
  }, LOCK_HEARTBEAT_MS);
  beat.unref();
  return {
    release() {
      clearInterval(beat);
      try {
        if (mine()) unlinkSync(path);
      } catch {
        // already gone
      }
    },
  };
}
