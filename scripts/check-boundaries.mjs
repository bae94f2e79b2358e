// The boundaries the code relies on (DESIGN.md, STYLE.md), checked on every import:
// - app and server never import each other; shared imports neither;
// - a feature of the app never imports another feature (shared pieces go to components/,
//   lib/ or src/shared);
// - only src/app/offline touches IndexedDB (Dexie), and it is storage, queue and sync: it
//   imports no screen, no session and nothing of the counter's rules (src/app/counter,
//   whose table of outbox kinds registers itself with it); the rest of the app reaches the
//   device's tables only through offline/'s functions, never `db.<table>` or `db.transaction`;
// - on the server, the lower layers never import the higher ones: db/ nothing of the
//   server but itself and the errors; core/ and http/ no area; the areas stand in the
//   floors of SERVER_FLOORS, each importing only the floors below its own (ledgers/, the
//   one writers of the cash book and the stock, at the bottom), and the parts of sales/
//   in the floors of SALES_FLOORS;
// - src/shared runs in the browser as well as on the server: it imports no Node module
//   (node:*), so the fiscal builder and the other shared rules stay pure.
// Tests are held to the first rule only (a test may reach into what it tests).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
/** The server's areas from the ground up: an area imports only those on floors below its own. */
const SERVER_FLOORS = [
  ['ledgers'],
  ['catalogue'],
  ['access'],
  ['caixa', 'conflicts'],
  ['finance'],
  ['sales'],
  ['stock', 'imports'],
  ['reports', 'demo', 'cli'],
];
/** The sales area's parts: what a sale is stored as, then what creates, returns or changes one. */
const SALES_FLOORS = [['records'], ['devices', 'credit'], ['create', 'returns'], ['changes', 'history']];
const AREAS = SERVER_FLOORS.flat().map((a) => `src/server/${a}`);
const FEATURES = 'src/app/features';

/** Each rule: the files it covers, and what they may not import (folders or packages). */
const rules = [
  { dir: 'src/app', forbidden: ['src/server'], tests: true },
  { dir: 'sw', forbidden: ['src/server'], tests: true },
  { dir: 'src/server', forbidden: ['src/app', 'sw'], tests: true },
  { dir: 'src/shared', forbidden: ['src/app', 'src/server', 'sw'], tests: true },
  { dir: 'src/app', except: 'src/app/offline', packages: ['dexie', 'dexie-react-hooks'] },
  { dir: 'src/shared', packagePattern: /^node:/ },
  // The device's storage sits below the counter, the screens and the session: they use it, not it them.
  {
    dir: 'src/app/offline',
    forbidden: ['src/app/counter', 'src/app/auth', 'src/app/features', 'src/app/layout', 'src/app/app'],
  },
  { dir: 'src/server/db', forbidden: ['src/server'], allowed: ['src/server/db', 'src/server/errors.ts'] },
  { dir: 'src/server/core', forbidden: AREAS },
  { dir: 'src/server/http', forbidden: AREAS },
];
// `import x from 'm'`, `export ... from 'm'`, `import 'm'` and `import('m')`.
const IMPORT =
  /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
const isTest = (file) => /\.test\.tsx?$|\/test\//.test(file);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name)) yield path;
  }
}

const within = (path, folder) => path === folder || path.startsWith(`${folder}/`);

function* importsOf(file) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (!spec) continue;
    const target = spec.startsWith('.') ? relative(root, resolve(dirname(file), spec)) : null;
    yield { spec, target };
  }
}

function problem(rule, file, { spec, target }) {
  if (rule.packages) return rule.packages.includes(spec) ? spec : null;
  if (rule.packagePattern) return rule.packagePattern.test(spec) ? spec : null;
  if (target === null) return null;
  if (rule.allowed?.some((a) => within(target, a) || target === a.replace(/\.ts$/, ''))) return null;
  return rule.forbidden.find((f) => within(target, f)) ?? null;
}

let failures = 0;
const report = (file, spec, why, verb = 'importa') => {
  console.error(`${relative(root, file)}: ${verb} ${spec} (${why})`);
  failures++;
};

for (const rule of rules) {
  let abs;
  try {
    abs = join(root, rule.dir);
    statSync(abs);
  } catch {
    continue;
  }
  for (const file of files(abs)) {
    const path = relative(root, file);
    if (rule.except && within(path, rule.except)) continue;
    if (!rule.tests && isTest(path)) continue;
    for (const found of importsOf(file)) {
      const hit = problem(rule, file, found);
      if (hit) report(file, found.spec, `${rule.dir} não pode importar ${hit}`);
    }
  }
}

// Features: each imports only itself and what is below features.
for (const file of files(join(root, FEATURES))) {
  const path = relative(root, file);
  if (isTest(path)) continue;
  const own = path.split('/').slice(0, 4).join('/');
  for (const { spec, target } of importsOf(file)) {
    if (target && within(target, FEATURES) && !within(target, own)) {
      report(file, spec, `uma feature não importa outra (${own} -> ${target})`);
    }
  }
}

/** Each folder of `floors` (under `base`) imports only the folders of the floors below its own. */
function checkFloors(base, floors) {
  const folders = floors.flat().map((a) => `${base}/${a}`);
  const floorOf = new Map(floors.flatMap((names, floor) => names.map((a) => [`${base}/${a}`, floor])));
  for (const folder of folders) {
    let abs;
    try {
      abs = join(root, folder);
      statSync(abs);
    } catch {
      continue;
    }
    for (const file of files(abs)) {
      if (isTest(relative(root, file))) continue;
      for (const { spec, target } of importsOf(file)) {
        const other = target && folders.find((a) => a !== folder && within(target, a));
        if (other && floorOf.get(other) >= floorOf.get(folder)) {
          report(file, spec, `${folder} não importa ${other} (mesmo andar ou acima)`);
        }
      }
    }
  }
}
checkFloors('src/server', SERVER_FLOORS);
checkFloors('src/server/sales', SALES_FLOORS);

// The device's tables are offline/'s: the rest of the app (the counter's workflows, the
// features) calls its typed functions (offline/device-store.ts, outbox.ts...) and never
// names a table or opens a transaction on the database. The tables are read from the
// database's own class, so a new one is covered as it is declared.
const DB_FILE = 'src/app/offline/db.ts';
const TABLES = [...readFileSync(join(root, DB_FILE), 'utf8').matchAll(/^\s+(\w+)!: Table</gm)].map((m) => m[1]);
if (TABLES.length === 0) report(join(root, DB_FILE), DB_FILE, 'nenhuma tabela encontrada em BalcaoDb');
// A handle named like the database (db, tabA's own db, getDb()) reaching a table, table() or transaction().
const TABLE_ACCESS = new RegExp(
  `(?:\\b[\\w$]*(?:db|Db)|\\bgetDb\\(\\))\\s*\\.\\s*(${[...TABLES, 'table', 'tables', 'transaction'].join('|')})\\b`,
  'g',
);
for (const file of files(join(root, 'src/app'))) {
  const path = relative(root, file);
  if (within(path, 'src/app/offline') || isTest(path)) continue;
  for (const match of readFileSync(file, 'utf8').matchAll(TABLE_ACCESS)) {
    report(file, match[0], `só src/app/offline toca as tabelas do dispositivo (${match[1]})`, 'usa');
  }
}

if (failures) process.exit(1);
console.log(
  'boundaries ok: app/server/shared, features, Dexie e suas tabelas só em offline/ (sem regras do balcão), camadas do servidor',
);
