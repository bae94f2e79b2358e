// GET /api/products (page of 50) and POST /api/products under load: requests/s and p99
// latency, autocannon over loopback against the real server, on PGlite and on a
// throwaway PostgreSQL database.
import autocannon from 'autocannon';
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { adminToken } from './lib/catalogue';
import { CONNECTIONS, DURATION_S } from './lib/config';
import { withPostgres } from './lib/postgres';
import type { BenchPart } from './lib/report';
import { withTimeout, withServer } from './lib/resources';
import { fmt } from './lib/stats';

interface Load {
  route: string;
  rps: number;
  p99: number;
  errors: number;
}

async function load(server: RunningServer, token: string, method: 'GET' | 'POST'): Promise<Load> {
  let n = 0;
  const run = Date.now().toString(36);
  const result = await withTimeout(
    autocannon({
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
    }),
    (DURATION_S + 60) * 1000,
    `autocannon ${method} /api/products`,
  );
  return {
    route: `${method} /api/products${method === 'GET' ? ' (50)' : ''}`,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function benchDatabase(env: Record<string, string>): Promise<Load[]> {
  return withServer(
    () => startServer(env),
    async (server) => {
      const token = await adminToken(server);
      const loads: Load[] = [];
      for (const method of ['GET', 'POST'] as const) loads.push(await load(server, token, method));
      return loads;
    },
  );
}

export const catalogueLoadPart: BenchPart = {
  name: 'products',
  title: 'Catálogo sob carga: GET e POST /api/products',
  budgetMin: 10,
  async run(ctx) {
    console.log(`autocannon: ${CONNECTIONS} conexões, ${DURATION_S} s por rota, loopback`);
    for (const [database, run] of [
      ['PGlite', () => benchDatabase({})],
      ['PostgreSQL', () => withPostgres('products', (url) => benchDatabase({ DATABASE_URL: url }))],
    ] as const) {
      const loads = await ctx.step(`/api/products (${database})`, run);
      for (const l of loads ?? []) {
        ctx.note(`${l.route} ${database}`, `${fmt(l.rps, 0)} req/s · p99 ${l.p99} ms · ${l.errors} erros`);
      }
    }
  },
};
