// The till's benchmark (issue 3, section 6): measured figures for the README, printed
// beside the issue's aims. Not a test: nothing here fails on a figure (only on a broken
// step, which is reported and makes the exit code 1).
//
//  1. POST /api/sales: requests/s and p99 latency, autocannon over loopback against the
//     real server (tests/e2e/support/server.ts), on PGlite and on a throwaway PostgreSQL
//     database. Each request is a valid offline sale (SaleCreateSchema, reais) of a demo
//     customer and 1 to 3 demo products, with its own id and Idempotency-Key.
//  2. Delivery of 1,000 queued sales: in Node, fake-indexeddb + the app's BalcaoDb;
//     recordSale x1000 (bodies built by the till's own buildSale), then drainOutbox with
//     createTransport (the app's: runs of up to 50 sales per POST /api/sales/batch) over the app's API client (in-memory token store, the real refresh
//     coordinator) to a fresh PGlite server. Afterwards the server must hold exactly 1,000.
//  3. First mirror of 50,000 products in Chromium: the demo store gets 50,000 more
//     products (inserted in its PGlite directory between two server runs); the cashier
//     signs in (mirror pulls held back meanwhile), then /vendas is opened and timed until
//     IndexedDB holds every product with 'mirror.complete' set, and until the till's
//     product search is on screen.
//  4. Product search over those products, measured inside the page: the search field's
//     value is set (native setter + 'input' event) and the time until React has changed
//     the listbox (MutationObserver) is taken with performance.now().
//  5. Offline finish: the browser goes offline; for each sale a customer and a product
//     are chosen, then the time from the click on 'Finalizar Venda' to the success toast
//     ('Venda finalizada!') is taken inside the page.
//  6. gzip -9 size of every script a fresh load of /vendas fetches after sign-in (no
//     service worker: every script comes from the network, none from a cache).
//
// `npm run bench` runs bench/run.ts, then this file; `npx tsx bench/till.ts` runs it alone.
// Environment: BENCH_DURATION_S, BENCH_CONNECTIONS (autocannon, as run.ts), BENCH_PG_URL,
// BENCH_PRODUCTS (50000), BENCH_QUEUED_SALES (1000), BENCH_BUILD=1 (rebuild dist first),
// BENCH_ONLY (comma-separated parts to run: sales, delivery, till, js; default all),
// BENCH_PROFILE=<file> (a CPU profile of the page during the offline finishes, for DevTools).
import 'fake-indexeddb/auto';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { z } from 'zod';
import { buildSale } from '../src/app/features/sales/build-sale';
import { dueDates, type CartLine } from '../src/app/features/sales/cart';
import type { SaleFormState } from '../src/app/features/sales/use-sale-form';
import { createApiClient, createRefreshRequest, globalFetch } from '../src/app/lib/api-client';
import { createRefreshCoordinator } from '../src/app/lib/refresh-coordinator';
import type { TokenStore } from '../src/app/lib/token-store';
import { BalcaoDb } from '../src/app/offline/db';
import { recordSale } from '../src/app/offline/outbox';
import { createTransport } from '../src/app/offline/send';
import { drainOutbox } from '../src/app/offline/sender';
import { onAck } from '../src/app/offline/sync-io';
import { SaleCreateSchema, type PaymentMethod, type SaleCreate, type TokenSet } from '../src/shared/contract';
import { todayIso } from '../src/shared/dates';
import { toCentavos } from '../src/shared/money';
import { api, loginToken } from '../tests/e2e/support/api';
import { openBrowser, waitForServiceWorker, type BrowserContext, type Page } from '../tests/e2e/support/browser';
import { idbCount, idbProductCount } from '../tests/e2e/support/idb';
import { startServer, type RunningServer } from '../tests/e2e/support/server';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const EXTRA_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const QUEUED_SALES = Number(process.env.BENCH_QUEUED_SALES ?? 1_000);
const ONLY = new Set((process.env.BENCH_ONLY ?? 'sales,delivery,till,js').split(',').map((s) => s.trim()));
const FINISHES = 40;
const SEARCH_WARMUP = 5;
/** The whole run, after which everything still open is closed and the process exits. */
const TOTAL_TIMEOUT_MS = 30 * 60_000;

const PRODUCT_SEARCH = 'Buscar produto por código ou nome...';
const CUSTOMER_SEARCH = 'Buscar cliente por nome ou CPF...';
const SUCCESS_TEXT = 'Venda finalizada!';
const PASSWORD = 'demo123';

const AIM = {
  searchP95Ms: 10,
  finishP95Ms: 20,
  mirrorS: 5,
  deliveryPerS: 200,
  vendasGzipKb: 180,
};

// ---------------------------------------------------------------------------------------
// Resources: each one open is registered, so the watchdog (or Ctrl-C) closes them too.

const live = new Set<() => Promise<void>>();

async function using<R, T>(
  open: () => Promise<R>,
  close: (resource: R) => Promise<unknown>,
  fn: (resource: R) => Promise<T>,
): Promise<T> {
  const resource = await open();
  let closed: Promise<void> | null = null;
  const closer = () => {
    closed ??= (async () => {
      live.delete(closer);
      await withTimeout(Promise.resolve(close(resource)), 30_000, 'encerrar recurso').catch((err: unknown) =>
        console.error(`falha ao encerrar: ${String(err)}`),
      );
    })();
    return closed;
  };
  live.add(closer);
  try {
    return await fn(resource);
  } finally {
    await closer();
  }
}

async function closeEverything(): Promise<void> {
  for (const closer of [...live].reverse()) await closer();
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`tempo esgotado (${Math.round(ms / 1000)} s): ${what}`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------------------
// Small helpers.

interface ApiProduct {
  id: string;
  sku: string;
  name: string;
  current_stock: number;
  sale_price: number;
  active: boolean;
}
interface ApiCustomer {
  id: string;
  name: string;
  active: boolean;
}
interface Catalogue {
  adminToken: string;
  products: ApiProduct[];
  customers: ApiCustomer[];
}

/** mulberry32: the same "random" sales on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('lista vazia');
  return item;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function catalogueOf(server: RunningServer): Promise<Catalogue> {
  const adminToken = await loginToken(server, 'admin@demo.com', PASSWORD);
  const products = await api<{ data: { products: ApiProduct[] } }>(server, 'GET', '/api/products?limit=200', {
    token: adminToken,
  });
  const customers = await api<{ data: { customers: ApiCustomer[] } }>(server, 'GET', '/api/customers?limit=200', {
    token: adminToken,
  });
  const catalogue = {
    adminToken,
    products: products.body.data.products.filter((p) => p.active),
    customers: customers.body.data.customers.filter((c) => c.active),
  };
  if (catalogue.products.length < 3 || catalogue.customers.length < 1) {
    throw new Error('o demo precisa de ao menos 3 produtos e 1 cliente ativos');
  }
  return catalogue;
}

async function salesTotal(server: RunningServer, adminToken: string): Promise<number> {
  const res = await api<{ data: { pagination: { total: number } } }>(server, 'GET', '/api/sales?page=1&limit=1', {
    token: adminToken,
  });
  if (res.status !== 200) throw new Error(`GET /api/sales: ${res.status}`);
  return res.body.data.pagination.total;
}

const METHODS: PaymentMethod[] = ['cash', 'pix', 'debit_card', 'credit_card'];

/** A sale the till could have made: 1 to 3 distinct products, 1 to 3 units each, centavos. */
function randomSale(catalogue: Catalogue, random: () => number, crediario: boolean): SaleCreate {
  const count = 1 + Math.floor(random() * 3);
  const chosen = new Map<string, ApiProduct>();
  while (chosen.size < count) {
    const p = pick(catalogue.products, random);
    chosen.set(p.id, p);
  }
  const parcelas = 1 + Math.floor(random() * 6);
  return {
    customer_id: pick(catalogue.customers, random).id,
    items: [...chosen.values()].map((p) => ({
      product_id: p.id,
      quantity: 1 + Math.floor(random() * 3),
      unit_price: toCentavos(p.sale_price),
    })),
    payment_method: crediario ? 'crediario' : pick(METHODS, random),
    payment_status: 'pending',
    sale_status: 'completed',
    crediario: crediario ? { entrada: 0, parcelas, vencimentos: dueDates(todayIso(), parcelas) } : undefined,
    offline: true,
    sold_at: new Date().toISOString(),
  };
}

// ---------------------------------------------------------------------------------------
// 1. POST /api/sales under load.

interface LoadRow {
  database: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  stored: number;
}

async function salesLoad(database: string, env: Record<string, string>): Promise<LoadRow> {
  return using(
    () => startServer(env),
    (server) => server.stop(),
    async (server) => {
      const catalogue = await catalogueOf(server);
      const random = seeded(1);
      // Bodies prepared beforehand (JSON in reais, through the contract's codec) so the
      // load generator, on the same two cores, spends its time sending.
      const bodies = Array.from({ length: 2000 }, (_, i) =>
        z.encode(SaleCreateSchema, randomSale(catalogue, random, i % 10 === 9)),
      );
      SaleCreateSchema.parse(bodies[0]);
      let n = 0;
      const result = await withTimeout(
        autocannon({
          url: `${server.origin}/api/sales`,
          method: 'POST',
          connections: CONNECTIONS,
          duration: DURATION_S,
          headers: {
            host: `demo.localhost:${server.port}`,
            authorization: `Bearer ${catalogue.adminToken}`,
            'content-type': 'application/json',
          },
          requests: [
            {
              setupRequest: (req) => {
                const id = crypto.randomUUID();
                const body = bodies[n++ % bodies.length];
                return {
                  ...req,
                  headers: { ...req.headers, 'idempotency-key': id },
                  body: JSON.stringify({ ...body, id }),
                };
              },
            },
          ],
        }),
        (DURATION_S + 60) * 1000,
        `autocannon POST /api/sales (${database})`,
      );
      return {
        database,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        requests: result.requests.total,
        errors: result.errors + result.non2xx,
        stored: await salesTotal(server, catalogue.adminToken),
      };
    },
  );
}

/** A throwaway database on the local PostgreSQL, dropped afterwards; null when none answers. */
async function withPostgres<T>(fn: (url: string) => Promise<T>): Promise<T | null> {
  const name = `balcao_till_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres`, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch {
    await admin.end().catch(() => undefined);
    console.log(`PostgreSQL indisponível em ${PG_URL}: pulando.`);
    return null;
  }
  return using(
    async () => admin,
    (client) => client.end(),
    (client) =>
      using(
        async () => {
          await client.query(`DROP DATABASE IF EXISTS ${name}`);
          await client.query(`CREATE DATABASE ${name}`);
          return name;
        },
        () => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
        () => fn(`${PG_URL}/${name}`),
      ),
  );
}

// ---------------------------------------------------------------------------------------
// 2. Delivery of queued sales through the app's own outbox code.

function memoryTokenStore(): TokenStore {
  let access: string | null = null;
  let refresh: string | null = null;
  let expiresAt: number | null = null;
  const listeners = new Set<() => void>();
  return {
    getAccessToken: () => access,
    getRefreshToken: () => refresh,
    getExpiresAt: () => expiresAt,
    setTokens(set: TokenSet) {
      access = set.accessToken;
      refresh = set.refreshToken;
      expiresAt = Date.now() + set.expiresIn * 1000;
      listeners.forEach((l) => l());
    },
    clear() {
      access = refresh = expiresAt = null;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

interface DeliveryResult {
  queued: number;
  recordMs: number;
  drainMs: number;
  sendMs: number;
  requests: number;
  delivered: number;
  rejected: number;
  stopped: string | null;
  serverTotal: number;
}

async function delivery(): Promise<DeliveryResult> {
  return using(
    () => startServer(),
    (server) => server.stop(),
    async (server) => {
      const catalogue = await catalogueOf(server);
      const login = await api<{ data?: TokenSet; error?: string }>(server, 'POST', '/api/auth/login', {
        body: { email: 'caixa@demo.com', password: PASSWORD },
      });
      if (!login.body.data) throw new Error(`login do caixa falhou: ${login.status} ${login.body.error ?? ''}`);
      const tokens = memoryTokenStore();
      tokens.setTokens(login.body.data);
      // 127.0.0.1 names no tenant: the server takes the token's (as a till behind an IP would).
      const base = `http://127.0.0.1:${server.port}/api`;
      const refresher = createRefreshCoordinator({
        tokens,
        requestRefresh: createRefreshRequest(globalFetch, base),
        onRefreshFailed: (error) => console.error('refresh recusado:', error),
        withLock: (task) => task(),
      });
      const client = createApiClient({ tokens, refresher, base });

      return using(
        async () => {
          const db = new BalcaoDb(`bench-${process.pid}-${Date.now()}`);
          await db.open();
          return db;
        },
        async (db) => {
          db.close();
          await db.delete();
        },
        async (db) => {
          const random = seeded(2);
          const started = performance.now();
          const byId = new Map(catalogue.products.map((p) => [p.id, p]));
          for (let i = 0; i < QUEUED_SALES; i++) {
            const sale = randomSale(catalogue, random, i % 6 === 5);
            const lines: CartLine[] = sale.items.map((item) => {
              const p = byId.get(item.product_id)!;
              return {
                product_id: p.id,
                product_name: p.name,
                sku: p.sku,
                quantity: item.quantity,
                unit_price: item.unit_price,
              };
            });
            const customer = catalogue.customers.find((c) => c.id === sale.customer_id)!;
            const form: SaleFormState = {
              customer: { id: customer.id, name: customer.name },
              lines,
              paymentMethod: sale.payment_method,
              installments: sale.crediario?.parcelas ?? 1,
              dueDates: sale.crediario?.vencimentos ?? [],
              entradaOn: false,
              entradaText: '',
            };
            const built = buildSale(form, 0, { id: crypto.randomUUID(), now: Date.now(), number: String(i + 1) });
            await recordSale(db, built.sale, built.body, { summary: built.summary });
          }
          const recordMs = performance.now() - started;
          const queued = await db.outbox.count();

          const transport = createTransport(client);
          let sendMs = 0;
          let requests = 0;
          const timed =
            <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
            async (...args: A): Promise<R> => {
              const t = performance.now();
              requests++;
              try {
                return await fn(...args);
              } finally {
                sendMs += performance.now() - t;
              }
            };
          const t0 = performance.now();
          const result = await withTimeout(
            drainOutbox(db, {
              send: timed(transport.send),
              batch: transport.batch && { ...transport.batch, send: timed(transport.batch.send) },
              onAck,
            }),
            10 * 60_000,
            `entrega de ${queued} vendas`,
          );
          const drainMs = performance.now() - t0;
          return {
            queued,
            recordMs,
            drainMs,
            sendMs,
            requests,
            delivered: result.delivered,
            rejected: result.rejected,
            stopped: result.stopped,
            serverTotal: await salesTotal(server, catalogue.adminToken),
          };
        },
      );
    },
  );
}

// ---------------------------------------------------------------------------------------
// 3-5. The till in Chromium over a catalogue of 50,000 more products.

// Names like the demo store's: type, cut, fabric, colour (coprime list lengths vary them).
const words = (list: string) => list.split(',');
const TYPES = words(
  'Camiseta,Calça,Bermuda,Tênis,Jaqueta,Vestido,Saia,Blusa,Moletom,Camisa,Regata,Shorts,Sandália,Bota,Boné,Meia',
);
const STYLES = words(
  'Básica,Slim,Reta,Oversized,Estampada,Listrada,Lisa,Premium,Infantil,Feminina,Masculina,Esportiva,Casual',
);
const MATERIALS = words('Algodão,Linho,Jeans,Couro,Malha,Seda,Sarja,Tricô,Viscose,Poliéster,Nylon');
const COLORS = words(
  'Azul,Preto,Branco,Vermelho,Verde,Cinza,Bege,Rosa,Amarelo,Marrom,Vinho,Caramelo,Mostarda,Lilás,Grafite,Off White,Coral',
);
const SIZES = words('PP,P,M,G,GG,36,38,40,42,44');
const sqlArray = (items: string[]) => `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;
const benchSku = (g: number) => `BX-${String(g).padStart(6, '0')}`;

/**
 * The demo store (seeded by a first server run) plus EXTRA_PRODUCTS products, written in
 * its PGlite directory while no server runs: one version each above the tenant's change
 * version, which then moves to the last one (as the server's own writes do).
 */
async function addProducts(dataDir: string): Promise<{ expected: number; seconds: number }> {
  const t0 = performance.now();
  const db = new PGlite(join(dataDir, 'pglite'));
  try {
    await db.exec(`
      BEGIN;
      SELECT id FROM tenants WHERE subdomain = 'demo' FOR UPDATE;
      INSERT INTO products (tenant_id, sku, name, size, color, current_stock, minimum_stock, cost_price, sale_price, active, version)
      SELECT t.id,
             'BX-' || lpad(g::text, 6, '0'),
             (${sqlArray(TYPES)})[1 + g % ${TYPES.length}] || ' ' ||
             (${sqlArray(STYLES)})[1 + g % ${STYLES.length}] || ' ' ||
             (${sqlArray(MATERIALS)})[1 + g % ${MATERIALS.length}] || ' ' ||
             (${sqlArray(COLORS)})[1 + g % ${COLORS.length}],
             (${sqlArray(SIZES)})[1 + g % ${SIZES.length}],
             (${sqlArray(COLORS)})[1 + g % ${COLORS.length}],
             1000, 5,
             990 + (g * 7919) % 30000,
             2 * (990 + (g * 7919) % 30000) + 90,
             true,
             t.change_version + g
        FROM tenants t, generate_series(1, ${EXTRA_PRODUCTS}) g
       WHERE t.subdomain = 'demo';
      UPDATE tenants SET change_version = change_version + ${EXTRA_PRODUCTS} WHERE subdomain = 'demo';
      COMMIT;
    `);
    const res = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM products p JOIN tenants t ON t.id = p.tenant_id
        WHERE t.subdomain = 'demo' AND p.deleted_at IS NULL`,
    );
    return { expected: res.rows[0]!.n, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await db.close();
  }
}

async function signIn(page: Page, server: RunningServer, email: string): Promise<void> {
  await page.goto(`${server.demoUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${server.demoUrl}/`);
}

/** tsx (esbuild keepNames) wraps named functions in __name(): give the page a no-op one. */
async function prepareContext(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  context.setDefaultTimeout(30_000);
}

/** Whether a pull reached the end of the change log (one cheap read: counting 50,000 rows is not). */
function mirrorComplete(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('balcao');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('meta')) {
            db.close();
            resolve(false);
            return;
          }
          const get = db.transaction('meta', 'readonly').objectStore('meta').get('mirror.complete');
          get.onsuccess = () => {
            db.close();
            resolve((get.result as { value?: unknown } | undefined)?.value === true);
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

interface MirrorResult {
  expected: number;
  mirrored: number;
  mirrorS: number;
  readyS: number;
  pulls: number;
  pullBytes: number;
  pullRequestS: number;
}

async function firstMirror(context: BrowserContext, server: RunningServer, expected: number) {
  // Sign in with the mirror's pulls held back, so the catalogue starts loading only when
  // /vendas is opened (the shell is installed by then, as on a tablet that has the app).
  const held = '**/api/sync/pull**';
  await context.route(held, (route) => route.abort());
  const login = await context.newPage();
  await signIn(login, server, 'caixa@demo.com');
  await withTimeout(waitForServiceWorker(login), 60_000, 'service worker');
  const before = await idbProductCount(login);
  await login.close();
  await context.unroute(held);
  if (before !== 0) throw new Error(`o espelho já tinha ${before} produtos antes de abrir /vendas`);

  const page = await context.newPage();
  const pulls: { start: number; end: number; bytes: number }[] = [];
  page.on('requestfinished', (request) => {
    if (!request.url().includes('/api/sync/pull')) return;
    const timing = request.timing();
    void request
      .sizes()
      .then((s) =>
        pulls.push({ start: timing.startTime, end: timing.startTime + timing.responseEnd, bytes: s.responseBodySize }),
      )
      .catch(() => undefined);
  });
  const t0 = Date.now();
  await page.goto(`${server.demoUrl}/vendas`, { waitUntil: 'commit' });
  const deadline = t0 + 300_000;
  let mirrored = 0;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`espelho incompleto após 300 s: ${mirrored} de ${expected}`);
    await new Promise((r) => setTimeout(r, 50));
    if (!(await mirrorComplete(page))) continue;
    mirrored = await idbProductCount(page);
    if (mirrored >= expected) break;
  }
  const mirrorS = (Date.now() - t0) / 1000;
  await page.getByPlaceholder(PRODUCT_SEARCH).waitFor({ timeout: 120_000 });
  const readyS = (Date.now() - t0) / 1000;
  const mirror: MirrorResult = {
    expected,
    mirrored,
    mirrorS,
    readyS,
    pulls: pulls.length,
    pullBytes: pulls.reduce((a, p) => a + p.bytes, 0),
    pullRequestS: pulls.reduce((a, p) => a + (p.end - p.start), 0) / 1000,
  };
  return { page, mirror };
}

interface Timing {
  label: string;
  ms: number;
  detail: number;
  timedOut: boolean;
}

/** The queries a cashier types: SKU fragments and whole SKUs, name words, misses. */
function searchQueries(demo: ApiProduct[]): { warmup: string[]; measured: string[] } {
  const random = seeded(3);
  const sku = () => benchSku(1 + Math.floor(random() * EXTRA_PRODUCTS));
  const demoWords = [...new Set(demo.map((p) => p.name.split(' ')[0]!.toLowerCase()))];
  const measured = [
    // whole SKUs (a scanned code) and SKU fragments
    ...Array.from({ length: 8 }, sku),
    ...Array.from({ length: 6 }, () => sku().slice(0, 6)),
    ...Array.from({ length: 6 }, () => sku().slice(-4)),
    ...words('bx-0,BX-04999,bx-02,777'),
    // name words, accented or not, alone or in a row as they appear in names
    ...words('camiseta,calça,calca,tênis,tenis,jaqueta,vestido seda,moletom,sandalia,regata,azul,off white,lilás'),
    ...words('caramelo,slim,premium,infantil,couro,bermuda sarja,estampada algodao,bota casual,blusa feminina'),
    ...words('camisa listrada,saia,bone'),
    ...demoWords.slice(0, 6),
    // rare and missing: the whole index is scanned
    ...words('zzz,xpto,geladeira,smartphone,camiseta roxa,qwerty,bx-9999999,meia couro verde lisa,ñandu'),
    'tenis premium seda lilas',
  ];
  return { warmup: ['cam', 'bx-1', 'azul', 'zz', 'jeans'].slice(0, SEARCH_WARMUP), measured };
}

async function productSearch(page: Page, queries: string[]): Promise<Timing[]> {
  return page.evaluate(
    async ({ queries, placeholder }) => {
      const input = document.querySelector<HTMLInputElement>(`input[placeholder="${placeholder}"]`);
      if (!input?.parentElement) throw new Error('campo de busca de produto não encontrado');
      const box = input.parentElement; // the combobox: the input and its listbox
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      input.focus();
      // Sets the value as typing does and resolves when React has changed the list.
      const type = (value: string) =>
        new Promise<{ ms: number; options: number; timedOut: boolean }>((resolve) => {
          let t0 = 0;
          const observer = new MutationObserver(() => {
            const ms = performance.now() - t0;
            observer.disconnect();
            clearTimeout(timer);
            resolve({ ms, options: box.querySelectorAll('[role="option"]').length, timedOut: false });
          });
          const timer = setTimeout(() => {
            observer.disconnect();
            resolve({ ms: performance.now() - t0, options: -1, timedOut: true });
          }, 3000);
          observer.observe(box, { childList: true, subtree: true, characterData: true });
          t0 = performance.now();
          setValue.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        });
      const out: { label: string; ms: number; detail: number; timedOut: boolean }[] = [];
      for (const query of queries) {
        if (input.value !== '') await type('');
        await new Promise((r) => setTimeout(r, 30));
        const r = await type(query);
        out.push({ label: query, ms: r.ms, detail: r.options, timedOut: r.timedOut });
      }
      if (input.value !== '') await type('');
      return out;
    },
    { queries, placeholder: PRODUCT_SEARCH },
  );
}

/** Clicks 'Finalizar Venda' and times, in the page, until the success toast is in the DOM. */
function timeFinish(page: Page): Promise<{ ms: number; timedOut: boolean }> {
  return page.evaluate((successText) => {
    return new Promise<{ ms: number; timedOut: boolean }>((resolve, reject) => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Finalizar Venda');
      if (!button || button.disabled) {
        reject(new Error('botão Finalizar Venda ausente ou desabilitado'));
        return;
      }
      const has = (node: Node) => (node.textContent ?? '').includes(successText);
      let t0 = 0;
      const observer = new MutationObserver((records) => {
        for (const record of records) {
          const hit = record.type === 'characterData' ? has(record.target) : [...record.addedNodes].some(has);
          if (hit) {
            const ms = performance.now() - t0;
            observer.disconnect();
            clearTimeout(timer);
            resolve({ ms, timedOut: false });
            return;
          }
        }
      });
      const timer = setTimeout(() => {
        observer.disconnect();
        resolve({ ms: performance.now() - t0, timedOut: true });
      }, 5000);
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      t0 = performance.now();
      button.click();
    });
  }, SUCCESS_TEXT);
}

async function offlineFinishes(
  context: BrowserContext,
  page: Page,
  customers: ApiCustomer[],
): Promise<{ timings: Timing[]; outbox: number }> {
  const outboxBefore = await idbCount(page, 'outbox');
  await context.setOffline(true);
  try {
    await page.getByText('Offline', { exact: true }).first().waitFor();
    const random = seeded(4);
    const timings: Timing[] = [];
    for (let i = 0; i < FINISHES; i++) {
      const customer = customers[i % customers.length]!;
      await page.getByPlaceholder(CUSTOMER_SEARCH).fill(customer.name);
      await page.getByRole('option').filter({ hasText: customer.name }).first().click();
      await page.getByText('Cliente selecionado:').waitFor();
      const sku = benchSku(1 + Math.floor(random() * EXTRA_PRODUCTS));
      await page.getByPlaceholder(PRODUCT_SEARCH).fill(sku);
      await page.getByRole('option').filter({ hasText: sku }).first().click();
      await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
      await page.getByRole('table', { name: 'Itens da Venda' }).getByText(sku).first().waitFor();
      const method = (['cash', 'pix', 'debit_card', 'credit_card', 'crediario'] as const)[i % 5]!;
      await page.getByLabel('Forma de pagamento').selectOption(method);
      await new Promise((r) => setTimeout(r, 50));
      const r = await timeFinish(page);
      timings.push({ label: `${method} ${sku}`, ms: r.ms, detail: 1, timedOut: r.timedOut });
      // The form resets after a finished sale.
      await page.getByText('Cliente selecionado:').waitFor({ state: 'detached' });
    }
    return { timings, outbox: (await idbCount(page, 'outbox')) - outboxBefore };
  } finally {
    await context.setOffline(false);
  }
}

/** CPU profile of the page through CDP (Profiler domain), written where `stop` is told. */
async function startProfile(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    stop: async (file: string) => {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      await cdp.detach();
      console.log(`  perfil de CPU das vendas offline: ${file}`);
    },
  };
}

interface TillResult {
  addSeconds: number;
  mirror: MirrorResult;
  search: Timing[];
  finish: Timing[];
  outbox: number;
}

async function tillInChromium(): Promise<TillResult> {
  // First run: migrates and seeds the demo store; then its data dir is ours.
  const dataDir = await using(
    () => startServer(),
    (server) => server.stop({ keepData: true }),
    async (server) => server.dataDir,
  );
  return using(
    async () => dataDir,
    async (dir) => rmSync(dir, { recursive: true, force: true }),
    async (dir) => {
      const { expected, seconds } = await addProducts(dir);
      return using(
        () => startServer({}, { dataDir: dir }),
        (server) => server.stop(),
        async (server) => {
          const catalogue = await catalogueOf(server);
          return using(
            () => openBrowser({ width: 1180, height: 820 }),
            (browser) => browser.close(),
            async (browser) => {
              await prepareContext(browser.context);
              const { page, mirror } = await withTimeout(
                firstMirror(browser.context, server, expected),
                420_000,
                'primeiro espelho',
              );
              const queries = searchQueries(catalogue.products);
              await withTimeout(productSearch(page, queries.warmup), 60_000, 'busca (aquecimento)');
              const search = await withTimeout(productSearch(page, queries.measured), 300_000, 'busca de produto');
              const profile = process.env.BENCH_PROFILE ? await startProfile(browser.context, page) : null;
              const { timings, outbox } = await withTimeout(
                offlineFinishes(browser.context, page, catalogue.customers),
                600_000,
                'vendas offline',
              );
              if (profile) await profile.stop(process.env.BENCH_PROFILE!);
              return { addSeconds: seconds, mirror, search, finish: timings, outbox };
            },
          );
        },
      );
    },
  );
}

// ---------------------------------------------------------------------------------------
// 6. The JavaScript of /vendas.

interface JsResult {
  files: number;
  raw: number;
  gzip: number;
  largest: { file: string; gzip: number }[];
}

async function vendasJs(): Promise<JsResult> {
  return using(
    () => startServer(),
    (server) => server.stop(),
    (server) =>
      using(
        () => openBrowser(),
        (browser) => browser.close(),
        async (browser) => {
          const { context } = browser;
          await prepareContext(context);
          // No service worker (its precache would serve the second load), no mirror pulls
          // (not JavaScript, and not what is measured here).
          await context.route('**/sw.js', (route) => route.abort());
          await context.route('**/api/sync/pull**', (route) => route.abort());
          const login = await context.newPage();
          await signIn(login, server, 'caixa@demo.com');
          await login.close();
          const page = await context.newPage();
          await page.route('**/*', (route) => route.continue()); // bypasses the HTTP cache
          const bodies = new Map<string, Promise<Buffer>>();
          page.on('response', (res) => {
            if (res.request().resourceType() === 'script') {
              bodies.set(
                res.url(),
                res.body().catch(() => Buffer.alloc(0)),
              );
            }
          });
          await page.goto(`${server.demoUrl}/vendas`, { waitUntil: 'networkidle' });
          await page.getByText('PDV - Ponto de Venda').waitFor();
          const files = await Promise.all(
            [...bodies].map(async ([url, body]) => {
              const buffer = await body;
              return { file: new URL(url).pathname, raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length };
            }),
          );
          if (files.some((f) => f.raw === 0)) throw new Error('um script veio vazio: medida inválida');
          return {
            files: files.length,
            raw: files.reduce((a, f) => a + f.raw, 0),
            gzip: files.reduce((a, f) => a + f.gzip, 0),
            largest: files
              .sort((a, b) => b.gzip - a.gzip)
              .slice(0, 4)
              .map((f) => ({ file: f.file, gzip: f.gzip })),
          };
        },
      ),
  );
}

// ---------------------------------------------------------------------------------------

/** Newest modification time under a path (files only). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function ensureBuilt(): void {
  const sources = Math.max(...['src/app', 'src/shared', 'sw', 'index.html', 'vite.config.ts'].map(newest));
  const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
  if (!built || process.env.BENCH_BUILD === '1') {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  } else if (sources > built) {
    console.log('Aviso: dist/ é mais antigo que src/app (BENCH_BUILD=1 reconstrói antes de medir).');
  }
}

interface Row {
  medida: string;
  resultado: string;
  meta: string;
  situação: string;
}

const verdict = (ok: boolean | null) => (ok === null ? '' : ok ? 'atende' : 'NÃO atende');

export async function runTillBench(): Promise<boolean> {
  ensureBuilt();
  console.log(`\nPDV (issue 3 §6). Carga da máquina (1, 5, 15 min) no início: ${load()}`);
  const rows: Row[] = [];
  const failures: string[] = [];
  const step = async <T>(name: string, fn: () => Promise<T>): Promise<T | null> => {
    const t0 = Date.now();
    try {
      const value = await fn();
      console.log(`  ${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s (carga ${load()})`);
      return value;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      failures.push(`${name}: ${message}`);
      console.error(`  ${name}: FALHOU: ${message}`);
      rows.push({ medida: name, resultado: 'erro', meta: '', situação: 'erro' });
      return null;
    }
  };

  // 1
  if (ONLY.has('sales')) console.log(`POST /api/sales: autocannon, ${CONNECTIONS} conexões, ${DURATION_S} s, loopback`);
  for (const [label, run] of [
    ['PGlite', () => salesLoad('PGlite', {})],
    ['PostgreSQL', () => withPostgres((url) => salesLoad('PostgreSQL', { DATABASE_URL: url }))],
  ] as const) {
    if (!ONLY.has('sales')) break;
    const r = await step(`POST /api/sales (${label})`, run);
    if (!r) continue;
    rows.push({
      medida: `POST /api/sales ${r.database}`,
      resultado: `${fmt(r.rps, 0)} req/s · p50 ${r.p50} ms · p99 ${r.p99} ms · ${r.requests} req, ${r.errors} erros · ${r.stored} vendas gravadas`,
      meta: '',
      situação: '',
    });
  }

  // 2
  const d = ONLY.has('delivery') ? await step(`entrega de ${QUEUED_SALES} vendas da fila`, delivery) : null;
  if (d) {
    const rate = d.delivered / (d.drainMs / 1000);
    rows.push({
      medida: `entrega da fila (${d.queued} vendas, PGlite)`,
      resultado:
        `${fmt(rate, 0)} vendas/s (${fmt(d.drainMs / 1000, 2)} s; ${d.requests} requisições; ${fmt((100 * d.sendMs) / d.drainMs, 0)}% esperando o servidor) · ` +
        `${d.delivered} entregues, ${d.rejected} rejeitadas${d.stopped ? `, parou: ${d.stopped}` : ''} · servidor tem ${d.serverTotal} vendas`,
      meta: `> ${AIM.deliveryPerS} vendas/s`,
      situação:
        d.serverTotal === QUEUED_SALES ? verdict(rate > AIM.deliveryPerS) : `ERRO: ${d.serverTotal} ≠ ${QUEUED_SALES}`,
    });
    rows.push({
      medida: `gravar ${d.queued} vendas na fila (recordSale)`,
      resultado: `${fmt(d.recordMs / d.queued, 2)} ms por venda (fake-indexeddb)`,
      meta: '',
      situação: '',
    });
  }

  // 3-5
  const till = ONLY.has('till') ? await step(`PDV no Chromium (${EXTRA_PRODUCTS} produtos)`, tillInChromium) : null;
  if (till) {
    const m = till.mirror;
    rows.push({
      medida: `primeiro espelho (${m.expected} produtos)`,
      resultado:
        `${fmt(m.mirrorS, 2)} s até o IndexedDB completo (${m.mirrored}) · ${fmt(m.readyS, 2)} s até a busca na tela · ` +
        `${m.pulls} páginas, ${fmt(m.pullBytes / 1048576, 1)} MB, ${fmt(m.pullRequestS, 2)} s somando as requisições`,
      meta: `< ${AIM.mirrorS} s`,
      situação: verdict(m.mirrored >= m.expected && m.mirrorS < AIM.mirrorS),
    });
    const searchMs = till.search.filter((s) => !s.timedOut).map((s) => s.ms);
    const searchP95 = percentile(searchMs, 95);
    const slowest = [...till.search].sort((a, b) => b.ms - a.ms)[0];
    rows.push({
      medida: `busca de produto (${till.search.length} buscas)`,
      resultado:
        `p50 ${fmt(percentile(searchMs, 50))} ms · p95 ${fmt(searchP95)} ms · máx ${fmt(Math.max(...searchMs))} ms` +
        (slowest ? ` ('${slowest.label}')` : '') +
        ` · ${till.search.filter((s) => s.timedOut).length} sem resposta`,
      meta: `p95 < ${AIM.searchP95Ms} ms`,
      situação: verdict(searchP95 < AIM.searchP95Ms && till.search.every((s) => !s.timedOut)),
    });
    const finishMs = till.finish.filter((s) => !s.timedOut).map((s) => s.ms);
    const finishP95 = percentile(finishMs, 95);
    rows.push({
      medida: `finalizar venda offline (${till.finish.length} vendas)`,
      resultado:
        `p50 ${fmt(percentile(finishMs, 50))} ms · p95 ${fmt(finishP95)} ms · máx ${fmt(Math.max(...finishMs))} ms · ` +
        `${till.finish.filter((s) => s.timedOut).length} sem toast · ${till.outbox} na fila`,
      meta: `p95 < ${AIM.finishP95Ms} ms`,
      situação: verdict(
        finishP95 < AIM.finishP95Ms && till.outbox === till.finish.length && till.finish.every((s) => !s.timedOut),
      ),
    });
    console.log(`  (${EXTRA_PRODUCTS} produtos inseridos no PGlite em ${fmt(till.addSeconds, 1)} s)`);
    console.table(till.search.map((s) => ({ busca: s.label, ms: fmt(s.ms, 2), opções: s.detail })));
  }

  // 6
  const js = ONLY.has('js') ? await step('JS de /vendas', vendasJs) : null;
  if (js) {
    const kb = js.gzip / 1024;
    rows.push({
      medida: `JS de /vendas (${js.files} arquivos)`,
      resultado:
        `${fmt(kb)} KB gzip -9 (${fmt(js.raw / 1024)} KB) · maiores: ` +
        js.largest.map((f) => `${f.file.replace(/^\/assets\//, '')} ${fmt(f.gzip / 1024)} KB`).join(', '),
      meta: `< ${AIM.vendasGzipKb} KB gzip`,
      situação: verdict(kb < AIM.vendasGzipKb),
    });
  }

  console.log(`\nCarga da máquina (1, 5, 15 min) no fim: ${load()}`);
  console.table(rows);
  if (failures.length) console.error(`Falhas:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  return failures.length === 0;
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const abort = async (why: string) => {
    console.error(why);
    await closeEverything();
    process.exit(1);
  };
  const watchdog = setTimeout(() => void abort('bench/till.ts: tempo total esgotado'), TOTAL_TIMEOUT_MS);
  process.once('SIGINT', () => void abort('interrompido'));
  process.once('SIGTERM', () => void abort('interrompido'));
  const ok = await runTillBench().catch(async (err: unknown) => {
    console.error(err);
    await closeEverything();
    return false;
  });
  clearTimeout(watchdog);
  process.exit(ok ? 0 : 1);
}
