// POST /api/sales under load: requests/s and p99 latency, autocannon over loopback against
// the real server, on PGlite and on a throwaway PostgreSQL database. Each request is a
// valid offline sale (SaleCreateSchema, reais) of a store's customer and 1 to 3 of its
// products, with its own id and Idempotency-Key, numbered as a till numbers it (a
// registered device's code and its own sequence, lib/till-numbers.ts) or, in the other
// variant, without a number (the store's own sequence gives it one). On PostgreSQL the same
// load runs on one store and spread over 10 stores, beside the raw sale transaction of the
// same shape and numbering (bench/lib/raw-sale.ts) sent by as many connections: the floor
// of the database itself, each API figure given as a ratio of it.
import autocannon from 'autocannon';
import pg from 'pg';
import { z } from 'zod';
import { SaleCreateSchema } from '../src/shared/contract';
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { catalogueOf, randomSale, salesTotal, type Catalogue } from './lib/catalogue';
import { CONNECTIONS, DURATION_S, WARMUP_S } from './lib/config';
import { withPostgres } from './lib/postgres';
import { rawSaleLoad, rawStores, type RawResult } from './lib/raw-sale';
import type { BenchPart, PartContext } from './lib/report';
import { withTimeout, withServer } from './lib/resources';
import { fmt, seeded } from './lib/stats';
import { addStores } from './lib/stores';
import { NUMBERINGS, numberingLabel, tillNumbers, type Numbering } from './lib/till-numbers';

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  stored: number;
}

/**
 * ANALYZE the whole database, as autovacuum would have by then: this machine's PostgreSQL
 * runs without it, and a store's tables planned while nearly empty (a foreign-key check
 * finding a sale by its customer index, then filtering on the id) stay planned so for the
 * life of each connection, getting slower with every sale.
 */
async function analyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

/** autocannon POST /api/sales spread evenly over the given stores; `settle` runs after the warm-up. */
async function salesLoad(
  server: RunningServer,
  subdomains: readonly string[],
  what: string,
  numbering: Numbering,
  settle: () => Promise<void> = async () => undefined,
): Promise<LoadResult> {
  const stores: { subdomain: string; catalogue: Catalogue; bodies: unknown[]; number: () => string | undefined }[] = [];
  for (const subdomain of subdomains) {
    const catalogue = await catalogueOf(server, subdomain);
    // One till per store: its sales' numbers follow one another, as a till's do.
    const number =
      numbering === 'numbered' ? await tillNumbers(server, catalogue.adminToken, subdomain) : () => undefined;
    const random = seeded(stores.length + 1);
    // Bodies prepared beforehand (JSON in reais, through the contract's codec) so the
    // load generator, on the same two cores, spends its time sending.
    const bodies = Array.from({ length: Math.ceil(2000 / subdomains.length) }, (_, i) =>
      z.encode(SaleCreateSchema, randomSale(catalogue, random, i % 10 === 9)),
    );
    SaleCreateSchema.parse(bodies[0]);
    stores.push({ subdomain, catalogue, bodies, number });
  }
  let n = 0;
  const load = (seconds: number) =>
    withTimeout(
      autocannon({
        url: `${server.origin}/api/sales`,
        method: 'POST',
        connections: CONNECTIONS,
        duration: seconds,
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (req) => {
              const i = n++;
              const store = stores[i % stores.length]!;
              const id = crypto.randomUUID();
              const body = store.bodies[Math.floor(i / stores.length) % store.bodies.length] as object;
              return {
                ...req,
                headers: {
                  ...req.headers,
                  host: `${store.subdomain}.localhost:${server.port}`,
                  authorization: `Bearer ${store.catalogue.adminToken}`,
                  'idempotency-key': id,
                },
                body: JSON.stringify({ ...body, id, number: store.number() }),
              };
            },
          },
        ],
      }),
      (seconds + 60) * 1000,
      `autocannon POST /api/sales (${what})`,
    );
  // The same load first, not counted: a server just started runs its first seconds
  // unoptimised (JIT), and every store's first sales warm its caches and connections.
  if (WARMUP_S > 0) await load(WARMUP_S);
  await settle();
  const before = await Promise.all(stores.map((s) => salesTotal(server, s.catalogue.adminToken, s.subdomain)));
  const result = await load(DURATION_S);
  const after = await Promise.all(stores.map((s) => salesTotal(server, s.catalogue.adminToken, s.subdomain)));
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
    stored: after.reduce((a, b) => a + b, 0) - before.reduce((a, b) => a + b, 0),
  };
}

const loadNote = (r: LoadResult) =>
  `${fmt(r.rps, 0)} req/s · p50 ${r.p50} ms · p99 ${r.p99} ms · ${r.requests} req, ${r.errors} erros · ${r.stored} vendas gravadas`;
const rawNote = (r: RawResult) =>
  `${fmt(r.tps, 0)} tx/s · p50 ${fmt(r.p50)} ms · p99 ${fmt(r.p99)} ms · ${r.transactions} transações`;

const ratioNote = (api: LoadResult, raw: RawResult | null) =>
  raw ? ` · ${fmt((api.rps / raw.tps) * 100, 0)}% da transação crua (${fmt(raw.tps, 0)} tx/s)` : '';

/**
 * PostgreSQL: one store and 10 stores, each with sales numbered as a till's and without a
 * number, beside the raw transaction of the same stores and numbering.
 */
async function postgresRuns(ctx: PartContext, url: string): Promise<void> {
  await withServer(
    () => startServer({ DATABASE_URL: url }),
    async (server) => {
      const all = ['demo', ...(await addStores(url, 9))];
      const spreads = [
        { label: 'uma loja', stores: ['demo'] },
        { label: '10 lojas', stores: all },
      ];
      let seed = 7;
      for (const spread of spreads) {
        const rps: number[] = [];
        for (const numbering of NUMBERINGS) {
          const what = `PostgreSQL, ${spread.label}, ${numberingLabel(numbering)}`;
          const load = await ctx.step(`POST /api/sales (${what})`, () =>
            salesLoad(server, spread.stores, what, numbering, () => analyze(url)),
          );
          const raw = await ctx.step(`transação de venda crua (${what})`, async () => {
            await analyze(url);
            const stores = await rawStores(url, spread.stores);
            return rawSaleLoad(url, stores, CONNECTIONS, DURATION_S, seeded(seed++), WARMUP_S, numbering);
          });
          if (raw) ctx.note(`transação crua (SQL direto, ${CONNECTIONS} conexões), ${what}`, rawNote(raw));
          if (!load) continue;
          rps.push(load.rps);
          const ratio = raw ? load.rps / raw.tps : NaN;
          ctx.row({
            medida: `POST /api/sales ${what}`,
            resultado: `${loadNote(load)}${ratioNote(load, raw)}`,
            meta: 'p99 < 50 ms · ≥ 50% da transação crua',
            situação: load.p99 < 50 && ratio >= 0.5 ? 'atende' : 'NÃO atende',
          });
        }
        if (rps.length === 2) {
          ctx.note(`${spread.label}: sem número ÷ com número, API`, `${fmt((rps[1]! / rps[0]!) * 100, 0)}% da vazão`);
        }
      }
    },
  );
}

export const salesLoadPart: BenchPart = {
  name: 'sales',
  title: 'Vendas sob carga: POST /api/sales',
  budgetMin: 12,
  async run(ctx) {
    console.log(`POST /api/sales: autocannon, ${CONNECTIONS} conexões, ${DURATION_S} s, loopback`);
    await withServer(
      () => startServer({}),
      async (server) => {
        for (const numbering of NUMBERINGS) {
          const what = `PGlite, ${numberingLabel(numbering)}`;
          const pglite = await ctx.step(`POST /api/sales (${what})`, () =>
            salesLoad(server, ['demo'], what, numbering),
          );
          if (pglite) ctx.note(`POST /api/sales ${what}`, loadNote(pglite));
        }
      },
    );
    await withPostgres('sales', (url) => postgresRuns(ctx, url));
  },
};
