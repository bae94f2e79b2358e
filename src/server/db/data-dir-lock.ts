// PGlite is a single-process database: two processes on one data dir corrupt it, and
// PGlite itself does not check. A lock file `<dir>.lock` holding the owner's pid guards it;
// a lock whose process is gone is stale and taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dir: string): DataDirLock {
  const path = `${dir.replace(/[/\\]+$/, '')}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return {
        release() {
          try {
            if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let pid = 0;
      try {
        pid = Number(readFileSync(path, 'utf8').trim());
      } catch {
        continue; // removed meanwhile: try again
      }
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirInUseError(dir, pid);
      try {
        unlinkSync(path); // stale lock of a process that died
      } catch {
        // another process took it over first
      }
    }
  }
  throw new DataDirInUseError(dir, 0);
}
