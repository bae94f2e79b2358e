// `npm test`: everything a change must pass, in the order a newcomer would want to see
// failures: static checks, unit/contract/server/component tests, then the browser tests
// in the system Chromium against a freshly built app. Ends with 'N passed, N failed'.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const results = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

/** Debian packages the tests use, each by the program it installs. */
const SYSTEM_PACKAGES = [
  // xmllint validates every fiscal document against the official schemas; xmlsec1 verifies its signature.
  { pkg: 'libxml2-utils', path: '/usr/bin/xmllint', unit: true },
  { pkg: 'xmlsec1', path: '/usr/bin/xmlsec1', unit: true },
  { pkg: 'chromium', path: CHROMIUM },
  // zbarimg reads the QR codes and barcodes the screens draw; pdftotext what they print.
  { pkg: 'zbar-tools', path: '/usr/bin/zbarimg' },
  { pkg: 'poppler-utils', path: '/usr/bin/pdftotext' },
];

/** Installs the missing packages of `wanted` with apt-get; true when all are there. */
function ensureSystemPackages(wanted) {
  const missing = wanted.filter((p) => !existsSync(p.path));
  if (missing.length === 0) return true;
  const names = missing.map((p) => p.pkg);
  console.log(`Faltam ${names.join(', ')}: instalando os pacotes do Debian (apt-get)...`);
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const aptGet = (args) =>
    spawnSync(root ? 'apt-get' : 'sudo', root ? args : ['apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (!aptGet(['update']) || !aptGet(['install', '-y', ...names])) return false;
  return missing.every((p) => existsSync(p.path));
}

/** Tests that passed only when run again. */
const unstable = [];

function vitest(label, args) {
  mkdirSync('test-results', { recursive: true });
  const out = `test-results/${label}.json`;
  const ok = run(label, 'npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  let passed = 0;
  let failed = 0;
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests;
    // A test that passed on its retry keeps the first attempt's failure in the report.
    for (const file of report.testResults)
      for (const test of file.assertionResults)
        if (test.status === 'passed' && test.failureMessages.length > 0) unstable.push(`${label}: ${test.fullName}`);
  } catch {
    failed = Math.max(failed, ok ? 0 : 1);
  }
  if (!ok && failed === 0) failed = 1; // a suite that crashed before counting
  results.push({ label, passed, failed });
  return ok;
}

let ok = true;
ok = run('typecheck', 'npm', ['run', '-s', 'typecheck']) && ok;
ok = run('lint', 'npm', ['run', '-s', 'lint']) && ok;
if (!ok) results.push({ label: 'static checks', passed: 0, failed: 1 });

const unitPackages = SYSTEM_PACKAGES.filter((p) => p.unit);
if (!ensureSystemPackages(unitPackages)) {
  console.error('Não foi possível instalar o libxml2-utils ou o xmlsec1: os testes fiscais vão falhar.');
  ok = false;
}
ok = vitest('unit', []) && ok;

if (!ensureSystemPackages(SYSTEM_PACKAGES)) {
  console.error(
    'Não foi possível instalar o Chromium, o zbar-tools ou o poppler-utils: os testes de navegador não rodaram.',
  );
  results.push({ label: 'e2e', passed: 0, failed: 1 });
  ok = false;
} else if (run('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) {
  ok = vitest('e2e', ['--config', 'vitest.e2e.config.ts']) && ok;
} else {
  results.push({ label: 'build', passed: 0, failed: 1 });
  ok = false;
}

const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
console.log('\n=== Resumo');
if (unstable.length > 0) {
  console.log(`Passaram só na segunda tentativa (instáveis, a consertar):`);
  for (const name of unstable) console.log(`  ${name}`);
}
for (const r of results) console.log(`${r.label}: ${r.passed} passed, ${r.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
