// app and server never import each other; shared imports neither (DESIGN.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const rules = [
  { dir: 'src/app', forbidden: ['src/server'] },
  { dir: 'sw', forbidden: ['src/server'] },
  { dir: 'src/server', forbidden: ['src/app', 'sw'] },
  { dir: 'src/shared', forbidden: ['src/app', 'src/server', 'sw'] },
];
const IMPORT = /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name)) yield path;
  }
}

let failures = 0;
for (const { dir, forbidden } of rules) {
  let abs;
  try {
    abs = join(root, dir);
    statSync(abs);
  } catch {
    continue;
  }
  for (const file of files(abs)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      if (!spec || !spec.startsWith('.')) continue;
      const target = relative(root, resolve(dirname(file), spec));
      const hit = forbidden.find((f) => target === f || target.startsWith(`${f}/`));
      if (hit) {
        console.error(`${relative(root, file)}: importa ${spec} (${dir} não pode importar ${hit})`);
        failures++;
      }
    }
  }
}
if (failures) process.exit(1);
console.log('boundaries ok: app, server e shared não se importam indevidamente');
