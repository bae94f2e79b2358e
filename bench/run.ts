// `npm run bench`: measured figures for the README (not a test; nothing here asserts).
//  - GET /api/products (page of 50) and POST /api/products: requests/s and p99 latency,
//    on PGlite and on PostgreSQL (autocannon over loopback against `npm start`'s server);
//  - gzip size of the JavaScript a browser loads for /login and for /produtos (Chromium).
// PostgreSQL runs when BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432) answers.
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { loginToken } from '../tests/e2e/support/api';
import { openBrowser, type Page } from '../tests/e2e/support/browser';
import { startServer, type RunningServer } from '../tests/e2e/support/server';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';

interface Row {
  database: string;
  route: string;
  rps: number;
  p99: number;
  errors: number;
}

function login(server: RunningServer): Promise<string> {
  return loginToken(server, 'admin@demo.com');
}

async function load(server: RunningServer, token: string, method: 'GET' | 'POST'): Promise<Omit<Row, 'database'>> {
  let n = 0;
  const run = Date.now().toString(36);
  const result = await autocannon({
    url: `${server.origin}/api/products${method === 'GET' ? '?page=1&limit=50' : ''}`,
    method,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: {
      host: `demo.localhost:${server.port}`,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    requests:
      method === 'POST'
        ? [
            {
              setupRequest: (req) => {
                n += 1;
                return {
                  ...req,
                  body: JSON.stringify({
                    sku: `BENCH-${run}-${n}`,
                    name: `Produto de carga ${n}`,
                    current_stock: 10,
                    minimum_stock: 1,
                    cost_price: 10.5,
                    sale_price: 21.9,
                  }),
                };
              },
            },
          ]
        : undefined,
  });
  return {
    route: `${method} /api/products${method === 'GET' ? ' (50)' : ''}`,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function benchDatabase(label: string, env: Record<string, string>): Promise<Row[]> {
  const server = await startServer(env);
  try {
    const token = await login(server);
    const rows: Row[] = [];
    for (const method of ['GET', 'POST'] as const)
      rows.push({ database: label, ...(await load(server, token, method)) });
    return rows;
  } finally {
    await server.stop();
  }
}

async function withPostgres<T>(fn: (url: string) => Promise<T>): Promise<T | null> {
  const name = `balcao_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL indisponível em ${PG_URL}: pulando.`);
    return null;
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    return await fn(`${PG_URL}/${name}`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function jsBytes(): Promise<{ route: string; files: number; raw: number; gzip: number }[]> {
  const server = await startServer();
  const browser = await openBrowser();
  try {
    const out = [];
    // One collector per page: every script response that page received.
    const collect = (p: Page) => {
      const bodies = new Map<string, Buffer>();
      p.on('response', async (res) => {
        if (res.request().resourceType() === 'script')
          bodies.set(res.url(), await res.body().catch(() => Buffer.alloc(0)));
      });
      return (route: string) => {
        const all = [...bodies.values()];
        const raw = all.reduce((a, b) => a + b.length, 0);
        const gzip = all.reduce((a, b) => a + gzipSync(b, { level: 9 }).length, 0);
        return { route, files: all.length, raw, gzip };
      };
    };
    const page = await browser.context.newPage();
    const loginScripts = collect(page);
    await page.goto(`${server.demoUrl}/login`, { waitUntil: 'networkidle' });
    out.push(loginScripts('/login'));
    // Sign in, then open /produtos in a fresh page and count every script it loads.
    await page.getByLabel('E-mail').fill('admin@demo.com');
    await page.getByLabel('Senha').fill('demo123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${server.demoUrl}/`);
    const second = await browser.context.newPage();
    const productScripts = collect(second);
    await second.goto(`${server.demoUrl}/produtos`, { waitUntil: 'networkidle' });
    out.push(productScripts('/produtos'));
    return out;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (!existsSync('dist/index.html')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });

const rows: Row[] = [];
console.log(`autocannon: ${CONNECTIONS} conexões, ${DURATION_S} s por rota, loopback`);
rows.push(...(await benchDatabase('PGlite', {})));
const pgRows = await withPostgres((url) => benchDatabase('PostgreSQL', { DATABASE_URL: url }));
if (pgRows) rows.push(...pgRows);
console.table(
  rows.map((r) => ({ banco: r.database, rota: r.route, 'req/s': r.rps, 'p99 (ms)': r.p99, erros: r.errors })),
);

const js = await jsBytes();
console.table(
  js.map((j) => ({
    rota: j.route,
    arquivos: j.files,
    'JS (KB)': (j.raw / 1024).toFixed(1),
    'gzip (KB)': (j.gzip / 1024).toFixed(1),
  })),
);
process.exit(0);
