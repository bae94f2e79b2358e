// Backup and restore of the embedded database (PGlite): npm run backup / npm run restore.
//
// A backup is PGlite's own dump of its data dir (dumpDataDir: a gzipped tar), taken
// after a CHECKPOINT inside a PGlite transaction: no other transaction of the server is
// open meanwhile and no statement runs during the copy, so the backup is the store as
// of one moment. While the server runs it holds the data dir (data-dir-lock.ts) and no
// other process may open it, so `npm run backup` asks the server: it leaves a request
// file beside the data dir and sends the server SIGUSR2; the server writes the backup
// (to a temporary name, renamed when complete) and answers in a result file. With the
// server stopped, the command opens the data dir itself.
//
// Restore writes a backup into an EMPTY data dir (PGlite's loadDataDir), never over a
// store, and never while a server holds the lock. With PostgreSQL, pg_dump/pg_restore
// are the tools; these commands refuse.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export const BACKUP_SIGNAL = 'SIGUSR2';
export const PG_DUMP_SENTENCE =
  'Com PostgreSQL (DATABASE_URL definido), use as ferramentas do próprio PostgreSQL: pg_dump para a cópia ' +
  'e pg_restore (ou psql) para restaurar. Este comando copia só o banco embutido (PGlite).';

/** What a PGlite client gives the backup (the client itself in production). */
export interface Dumpable {
  exec(query: string): Promise<unknown>;
  transaction<T>(fn: (tx: unknown) => Promise<T>): Promise<T>;
  dumpDataDir(compression?: 'auto' | 'gzip' | 'none'): Promise<File | Blob>;
}

/** The store as of one moment, gzipped tar. */
export async function dumpConsistent(client: Dumpable): Promise<Uint8Array> {
  await client.exec('CHECKPOINT');
  const blob = await client.transaction(() => client.dumpDataDir('gzip'));
  return new Uint8Array(await blob.arrayBuffer());
}

/** Writes the backup under a temporary name first: a file with the final name is whole. */
export function writeBackupFile(file: string, bytes: Uint8Array): void {
  const partial = join(dirname(file), `.${basename(file)}.${process.pid}.partial`);
  try {
    writeFileSync(partial, bytes, { mode: 0o600 });
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

interface BackupRequest {
  id: string;
  file: string;
}
export interface BackupResult {
  ok: boolean;
  bytes?: number;
  error?: string;
}

const requestPrefix = (pgliteDir: string) => `${basename(pgliteDir)}.backup-`;
const requestFile = (pgliteDir: string, id: string) =>
  join(dirname(pgliteDir), `${requestPrefix(pgliteDir)}${id}.json`);
const resultFile = (pgliteDir: string, id: string) =>
  join(dirname(pgliteDir), `${requestPrefix(pgliteDir)}${id}.result.json`);

/**
 * The server side: on BACKUP_SIGNAL, writes every pending request's backup and its
 * result. Returns a function that stops listening.
 */
export function answerBackupRequests(
  pgliteDir: string,
  dump: () => Promise<Uint8Array>,
  log: { info(m: string): void; error(obj: unknown, m: string): void },
): () => void {
  let queue = Promise.resolve();
  const serve = async () => {
    const folder = dirname(pgliteDir);
    const pending = readdirSync(folder).filter(
      (f) => f.startsWith(requestPrefix(pgliteDir)) && f.endsWith('.json') && !f.endsWith('.result.json'),
    );
    for (const name of pending) {
      const path = join(folder, name);
      let request: BackupRequest;
      try {
        request = JSON.parse(readFileSync(path, 'utf8')) as BackupRequest;
        rmSync(path, { force: true });
      } catch {
        continue; // taken by an earlier signal
      }
      let result: BackupResult;
      try {
        const bytes = await dump();
        writeBackupFile(request.file, bytes);
        result = { ok: true, bytes: bytes.length };
        log.info(`Backup gravado em ${request.file} (${bytes.length} bytes).`);
      } catch (err) {
        log.error({ err }, 'backup falhou');
        result = { ok: false, error: err instanceof Error ? err.message : String(err) };
      }
      writeFileSync(resultFile(pgliteDir, request.id), JSON.stringify(result), { mode: 0o600 });
    }
  };
  const onSignal = () => {
    queue = queue.then(serve).catch((err: unknown) => log.error({ err }, 'backup falhou'));
  };
  process.on(BACKUP_SIGNAL, onSignal);
  return () => process.off(BACKUP_SIGNAL, onSignal);
}

/** The command's side: asks the server `pid` for a backup into `file` and waits for the answer. */
export async function requestBackup(
  pgliteDir: string,
  pid: number,
  file: string,
  timeoutMs = 10 * 60_000,
): Promise<BackupResult> {
  const id = randomUUID();
  writeFileSync(requestFile(pgliteDir, id), JSON.stringify({ id, file } satisfies BackupRequest), { mode: 0o600 });
  process.kill(pid, BACKUP_SIGNAL);
  const deadline = Date.now() + timeoutMs;
  const answer = resultFile(pgliteDir, id);
  while (!existsSync(answer)) {
    if (Date.now() > deadline) {
      rmSync(requestFile(pgliteDir, id), { force: true });
      return { ok: false, error: `o servidor (processo ${pid}) não respondeu em ${Math.round(timeoutMs / 1000)} s` };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const result = JSON.parse(readFileSync(answer, 'utf8')) as BackupResult;
  rmSync(answer, { force: true });
  return result;
}

/** Whether a data dir holds nothing (missing counts as empty). */
export function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || (statSync(dir).isDirectory() && readdirSync(dir).length === 0);
}
