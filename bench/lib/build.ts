// The built app (dist/) every server of the benchmark serves: built when missing or when
// BENCH_BUILD=1, and a warning when the sources are newer.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REBUILD } from './config';

/** Newest modification time under a path (files only). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function ensureBuilt(): void {
  const sources = Math.max(...['src/app', 'src/shared', 'sw', 'index.html', 'vite.config.ts'].map(newest));
  const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
  if (!built || REBUILD) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  } else if (sources > built) {
    console.log('Aviso: dist/ é mais antigo que src/app (BENCH_BUILD=1 reconstrói antes de medir).');
  }
}
