// POST /api/sales under load: requests/s and p99 latency, autocannon over loopback against
// the real server, on PGlite and on a throwaway PostgreSQL database. Each request is a
// valid offline sale (SaleCreateSchema, reais) of a demo customer and 1 to 3 demo
// products, with its own id and Idempotency-Key.
import autocannon from 'autocannon';
import { z } from 'zod';
import { SaleCreateSchema } from '../src/shared/contract';
import { startServer } from '../tests/e2e/support/server';
import { catalogueOf, randomSale, salesTotal } from './lib/catalogue';
import { CONNECTIONS, DURATION_S } from './lib/config';
import { withPostgres } from './lib/postgres';
import type { BenchPart } from './lib/report';
import { using, withTimeout } from './lib/resources';
import { fmt, seeded } from './lib/stats';

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  stored: number;
}

function salesLoad(database: string, env: Record<string, string>): Promise<LoadResult> {
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

export const salesLoadPart: BenchPart = {
  name: 'sales',
  title: 'Vendas sob carga: POST /api/sales',
  budgetMin: 10,
  async run(ctx) {
    console.log(`POST /api/sales: autocannon, ${CONNECTIONS} conexões, ${DURATION_S} s, loopback`);
    for (const [database, run] of [
      ['PGlite', () => salesLoad('PGlite', {})],
      ['PostgreSQL', () => withPostgres('sales', (url) => salesLoad('PostgreSQL', { DATABASE_URL: url }))],
    ] as const) {
      const r = await ctx.step(`POST /api/sales (${database})`, run);
      if (!r) continue;
      ctx.note(
        `POST /api/sales ${database}`,
        `${fmt(r.rps, 0)} req/s · p50 ${r.p50} ms · p99 ${r.p99} ms · ${r.requests} req, ${r.errors} erros · ${r.stored} vendas gravadas`,
      );
    }
  },
};
