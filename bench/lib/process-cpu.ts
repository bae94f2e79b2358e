// CPU time, which a loaded machine does not stretch as it does the wall clock: the server's
// processes (npx, tsx and node, found by the DATA_DIR in their environment) read from
// /proc, and this process's own (the device's side of a bench run).
import { readdirSync, readFileSync } from 'node:fs';
import type { RunningServer } from '../../tests/e2e/support/server';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** ms of CPU (user + system) the server's processes have used so far; null off Linux. */
export function serverCpuMs(server: Pick<RunningServer, 'dataDir'>): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const mark = `DATA_DIR=${server.dataDir}\0`;
  let ticks = 0;
  for (const pid of pids) {
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'latin1').includes(mark)) continue;
      // Fields after the command's closing parenthesis: utime is the 12th, stime the 13th.
      const rest = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]!.split(' ');
      ticks += Number(rest[11]) + Number(rest[12]);
    } catch {
      // a process that ended meanwhile
    }
  }
  return ticks * TICK_MS;
}

/** ms of CPU this process has used so far. */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
