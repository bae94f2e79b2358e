// Histórico de Vendas on a store with a year of history (lib/year-store.ts: 100,000 sales
// at scale 1): the first page of GET /api/sales with filters, p95 through the real server
// beside the p95 of the same statements run straight on the database (the page, its count,
// its lines, its payment parts and its cashiers' names, as sales/history/sale-history.ts asks),
// and their ratio; on PGlite and, when DATABASE_URL is set, on a throwaway PostgreSQL.
// Aims: p95 under 150 ms on PGlite and 50 ms on PostgreSQL.
import { api } from '../tests/e2e/support/api';
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { addDays, startOfDayUtc } from '../src/shared/dates';
import { withSeededPglite, withSeededPostgres } from './lib/api-calls';
import { adminToken } from './lib/catalogue';
import { FINANCE_REQUESTS, YEAR_SCALE } from './lib/config';
import { sequential, type Latency } from './lib/latency';
import { rawPhase } from './lib/raw-calls';
import { verdict, type BenchPart, type PartContext } from './lib/report';
import { withServer } from './lib/resources';
import { withSql, type SqlTarget } from './lib/sql';
import { fmt } from './lib/stats';
import { generateYearStore } from './lib/year-store';
import type { Statement } from './finance-calls';

const WARMUP = 20;
const PAGE = 10;
const AIM_P95_MS = { PGlite: 150, PostgreSQL: 50 } as const;
type Database = keyof typeof AIM_P95_MS;

interface HistoryCall {
  name: string;
  path: string;
  statements: Statement[];
}

function historyCalls(tenant: string, today: string): HistoryCall[] {
  const start = addDays(today, -29);
  const from = startOfDayUtc(start).toISOString();
  const to = startOfDayUtc(addDays(today, 1)).toISOString();
  const byPeriodAndMethod = `tenant_id = $1 AND sold_at >= $2 AND sold_at < $3 AND (payment_method = 'pix' OR EXISTS (
      SELECT 1 FROM sale_payments p WHERE p.tenant_id = sales.tenant_id AND p.sale_id = sales.id AND p.method = 'pix'))`;
  const byCustomer = `tenant_id = $1 AND customer_id IN (
      SELECT id FROM customers WHERE tenant_id = $1 AND balcao_fold(name) LIKE '%mendes%')`;
  const page = (where: string, params: unknown[]): Statement[] => [
    { text: `SELECT count(*) FROM sales WHERE ${where}`, params },
    {
      text: `SELECT * FROM sales WHERE ${where} ORDER BY sold_at DESC, created_at DESC, id DESC LIMIT ${PAGE}`,
      params,
    },
    {
      text: `SELECT i.* FROM sale_items i WHERE i.tenant_id = $1 AND i.sale_id IN (
               SELECT id FROM sales WHERE ${where} ORDER BY sold_at DESC LIMIT ${PAGE}) ORDER BY i.sale_id, i.position`,
      params,
    },
    {
      text: `SELECT * FROM sale_payments WHERE tenant_id = $1 AND sale_id IN (
               SELECT id FROM sales WHERE ${where} ORDER BY sold_at DESC LIMIT ${PAGE})`,
      params,
    },
    { text: `SELECT id, name FROM users WHERE tenant_id = $1`, params: [tenant] },
  ];
  return [
    {
      name: 'histórico: 30 dias, PIX, 1ª página',
      path: `/api/sales?start_date=${start}&end_date=${today}&payment_method=pix&page=1&limit=${PAGE}`,
      statements: page(byPeriodAndMethod, [tenant, from, to]),
    },
    {
      name: 'histórico: cliente "Mendes", o ano todo, 1ª página',
      path: `/api/sales?customer=Mendes&page=1&limit=${PAGE}`,
      statements: page(byCustomer, [tenant]),
    },
    {
      name: 'histórico: número Y-50000',
      path: `/api/sales?number=Y-50000&page=1&limit=${PAGE}`,
      statements: page(`tenant_id = $1 AND number = 'Y-50000'`, [tenant]),
    },
  ];
}

async function apiTimes(server: RunningServer, calls: HistoryCall[]): Promise<Latency[]> {
  const token = await adminToken(server);
  const out: Latency[] = [];
  for (const call of calls) {
    const get = async () => {
      const res = await api(server, 'GET', call.path, { token });
      if (res.status !== 200) throw new Error(`${call.path}: HTTP ${res.status}`);
    };
    out.push(await sequential(get, WARMUP, FINANCE_REQUESTS));
  }
  return out;
}

async function onDatabase(
  ctx: PartContext,
  database: Database,
  target: SqlTarget,
  start: () => Promise<RunningServer>,
) {
  const made = await ctx.step(`loja de um ano (${database}, escala ${YEAR_SCALE})`, () =>
    withSql(target, (sql) => generateYearStore(sql, YEAR_SCALE)),
  );
  if (!made) return;
  const raw = await ctx.step(`SQL direto (${database})`, () =>
    rawPhase(target, historyCalls, WARMUP, FINANCE_REQUESTS),
  );
  if (!raw) return;
  const viaApi = await ctx.step(`API (${database})`, () =>
    withServer(start, (server) =>
      apiTimes(
        server,
        raw.map((r) => r.call),
      ),
    ),
  );
  const aim = AIM_P95_MS[database];
  raw.forEach(({ call, latency }, i) => {
    const a = viaApi?.[i];
    const ratio = a ? a.p95 / latency.p95 : null;
    ctx.row({
      medida: `${call.name} (${database})`,
      resultado:
        `SQL p95 ${fmt(latency.p95, 2)} ms` +
        (a ? ` · API p95 ${fmt(a.p95)} ms (p50 ${fmt(a.p50)}) · razão ${fmt(ratio!, 2)}` : ' · API não medida'),
      meta: `p95 < ${aim} ms`,
      situação: a ? verdict(a.p95 < aim) : '',
    });
  });
}

export const historyPart: BenchPart = {
  name: 'history',
  title: 'Histórico de Vendas numa loja com um ano (100.000 vendas)',
  budgetMin: 20,
  async run(ctx) {
    await withSeededPglite((dir) =>
      onDatabase(ctx, 'PGlite', { dataDir: dir }, () => startServer({}, { dataDir: dir })),
    );
    await withSeededPostgres('history', (url) =>
      onDatabase(ctx, 'PostgreSQL', { url }, () => startServer({ DATABASE_URL: url })),
    );
  },
};
