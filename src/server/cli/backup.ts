// Operator CLI for the embedded database (db/backup.ts explains how):
//   npm run backup -- <arquivo>    a consistent copy, with the server running or not
//   npm run restore -- <arquivo>   back into an EMPTY data dir, with the server stopped
// Uses the PGlite database in DATA_DIR (./data); with DATABASE_URL set, refuses: pg_dump.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PG_DUMP_SENTENCE, isEmptyDir, requestBackup, writeBackupFile } from '../db/backup';
import { openDatabase, PGLITE_EXTENSIONS } from '../db/client';
import { acquireDataDirLock, DataDirInUseError, lockHolder } from '../db/data-dir-lock';
import { loadEnvOrExit, pgliteDirOf } from '../env';

class CliError extends Error {}

const kb = (bytes: number) => `${(bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 0 })} KB`;

async function backup(dir: string, file: string): Promise<void> {
  const holder = lockHolder(dir);
  if (holder !== null) {
    console.log(`Servidor rodando (processo ${holder}): pedindo a cópia a ele...`);
    const result = await requestBackup(dir, holder, file);
    if (!result.ok) throw new CliError(`O backup falhou: ${result.error ?? 'erro desconhecido'}.`);
    console.log(`Backup concluído: ${file} (${kb(result.bytes ?? 0)}).`);
    return;
  }
  if (isEmptyDir(dir)) throw new CliError(`Não há banco em ${dir}: nada para copiar.`);
  console.log(`Servidor parado: copiando ${dir}...`);
  const database = await openDatabase({ pgliteDir: dir });
  try {
    const bytes = await database.dump!();
    writeBackupFile(file, bytes);
    console.log(`Backup concluído: ${file} (${kb(bytes.length)}).`);
  } finally {
    await database.close();
  }
}

async function restore(dir: string, file: string): Promise<void> {
  let bytes: Buffer;
  try {
    if (!statSync(file).isFile()) throw new Error();
    bytes = readFileSync(file);
  } catch {
    throw new CliError(`Arquivo de backup não encontrado: ${file}.`);
  }
  mkdirSync(dirname(dir), { recursive: true });
  const lock = acquireDataDirLock(dir); // refuses while a server holds the data dir
  try {
    if (!isEmptyDir(dir)) {
      throw new CliError(
        `A pasta ${dir} não está vazia: a restauração só grava numa pasta vazia, para nunca apagar uma loja. ` +
          'Mova ou apague essa pasta (depois de conferir que não precisa dela) e rode de novo.',
      );
    }
    console.log(`Restaurando ${file} (${kb(bytes.length)}) em ${dir}...`);
    const client = new PGlite(dir, { loadDataDir: new Blob([new Uint8Array(bytes)]), extensions: PGLITE_EXTENSIONS });
    await client.waitReady;
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM tenants');
    await client.close();
    console.log(`Restauração concluída: ${rows[0]?.n ?? 0} loja(s). Já pode iniciar o servidor (npm start).`);
  } finally {
    lock.release();
  }
}

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  const env = loadEnvOrExit();
  if (command !== 'backup' && command !== 'restore') throw new CliError('Uso: backup.ts backup|restore <arquivo>');
  if (!file) throw new CliError(`Uso: npm run ${command} -- <arquivo>`);
  if (env.DATABASE_URL) throw new CliError(PG_DUMP_SENTENCE);
  const dir = resolve(pgliteDirOf(env));
  if (command === 'backup') await backup(dir, resolve(file));
  else await restore(dir, resolve(file));
}

main().catch((err: unknown) => {
  if (err instanceof CliError || err instanceof DataDirInUseError) {
    console.error(err.message);
  } else {
    console.error('Erro inesperado:', err);
  }
  process.exit(1);
});
