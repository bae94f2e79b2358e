// "npm start builds the PWA when needed": dist/ is rebuilt when missing or older than
// any source of the client. A failed build never stops the API.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const CLIENT_SOURCES = ['src/app', 'src/shared', 'sw', 'public', 'vite.config.ts', 'package.json'];
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist']);

/** Newest modification time (ms) under a file or directory; 0 when absent. Test files do not count. */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.[jt]sx?$/.test(path) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

export function clientBuildNeeded(root: string): boolean {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return CLIENT_SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}

export interface BuildLog {
  info(msg: string): void;
  warn(msg: string): void;
}

/** Runs `npx vite build` (stdio inherited) when needed. Returns false when a build failed. */
export function ensureClientBuilt(root: string, log: BuildLog): boolean {
  if (!clientBuildNeeded(root)) return true;
  log.info('Compilando o aplicativo (npx vite build)...');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status === 0) return true;
  log.warn(
    'A compilação do aplicativo falhou: a API continua no ar, mas a interface pode estar ausente ou desatualizada. ' +
      '/ The client build failed; the API is served anyway.',
  );
  return false;
}
